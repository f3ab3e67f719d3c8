# shellcheck shell=bash
# Sourced, not run: the JDK discovery and JVM flags of the ./zapline launcher, shared with bench/lib.sh so that the
# launcher and the bench scripts find the same java and start the same kind of JVM. Defines functions only.

# zapline_java_major JAVA: the major version of a java binary, from its home's release file or `java -version`.
zapline_java_major() {
  local java="$1" home v=""
  home="$(cd "$(dirname "$java")/.." 2>/dev/null && pwd)" || return 1
  if [ -f "$home/release" ]; then
    v="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$home/release")"
  fi
  if [ -z "$v" ]; then
    v="$("$java" -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n1)"
  fi
  v="${v#1.}"
  echo "${v%%[.+-]*}"
}

# zapline_find_java: prints the first java 21 or newer among ZAPLINE_JAVA, JAVA_HOME, PATH and /usr/lib/jvm/*;
# fails (printing nothing) when there is none.
zapline_find_java() {
  local candidates=() c m
  [ -n "${ZAPLINE_JAVA:-}" ] && candidates+=("$ZAPLINE_JAVA")
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME/bin/java")
  command -v java >/dev/null 2>&1 && candidates+=("$(readlink -f "$(command -v java)")")
  for c in /usr/lib/jvm/*/bin/java; do candidates+=("$c"); done
  for c in "${candidates[@]}"; do
    [ -x "$c" ] || continue
    m="$(zapline_java_major "$c" 2>/dev/null || true)"
    if [ -n "$m" ] && [ "$m" -ge 21 ] 2>/dev/null; then
      echo "$c"
      return 0
    fi
  done
  return 1
}

# The message for when zapline_find_java fails; PREFIX names the caller.
zapline_no_java() {
  echo "$1: no JDK 21 or newer found (looked at ZAPLINE_JAVA, JAVA_HOME, PATH and /usr/lib/jvm/*)." >&2
  echo "$1: install one (e.g. apt-get install openjdk-21-jdk-headless) or set JAVA_HOME." >&2
}

# zapline_jvm_opts MAJOR [EXTRA...]: sets the array zapline_opts to the flags the launcher starts the zapline JVM
# with, EXTRA (the caller's, e.g. ZAPLINE_JAVA_OPTS) last. G1 unless EXTRA picks a collector. `zapline load` starts
# with zapline_load_jvm_opts instead.
zapline_jvm_opts() {
  local major="$1"
  shift
  zapline_base_opts "$major"
  case " $* " in
    *" -XX:+Use"*GC" "*) ;;  # the caller picked a collector; the JVM refuses two
    *) zapline_opts+=(-XX:+UseG1GC) ;;
  esac
  zapline_opts+=("$@")
}

# zapline_load_jvm_opts MAJOR [EXTRA...]: as zapline_jvm_opts, for `zapline load`: a small footprint, since the
# loader allocates next to nothing once it runs (its Netty settings are made in-process: NettyDefaults.java).
#   -XX:+UseSerialGC           no collector threads, no remembered sets; pauses are short on a heap this small
#   -Xms8m -Xmx256m            the heap grows from 8 MB as needed (a few KB per connection); 256 MB bounds it
#   -XX:CICompilerCount=2      one C1 and one C2 thread whatever the core count (the JVM's own default on 2 cores):
#                              each compiler thread holds its own arena memory while it compiles; C2 stays on
#   -XX:TrimNativeHeapInterval=1000  (JDK 22+) gives the C heap that compilations freed back to the system
# Each yields to EXTRA: the collector when EXTRA picks one, the heap pair when EXTRA sizes the heap in any way,
# the others when EXTRA sets the same flag.
zapline_load_jvm_opts() {
  local major="$1" e heap=1 cc=1 trim=1 gc=1
  shift
  for e in "$@"; do
    case "$e" in
      -XX:+Use*GC) gc="" ;;
      -Xms* | -Xmx* | -Xmn* | -XX:*HeapSize=* | -XX:*RAMPercentage=* | -XX:*RAMFraction=* | -XX:MaxRAM=* \
        | -XX:*NewSize=* | -XX:NewRatio=*) heap="" ;;
      -XX:CICompilerCount=*) cc="" ;;
      -XX:TrimNativeHeapInterval=*) trim="" ;;
    esac
  done
  zapline_base_opts "$major"
  [ -n "$gc" ] && zapline_opts+=(-XX:+UseSerialGC)
  [ -n "$heap" ] && zapline_opts+=(-Xms8m -Xmx256m)
  [ -n "$cc" ] && zapline_opts+=(-XX:CICompilerCount=2)
  [ -n "$trim" ] && [ "$major" -ge 22 ] && zapline_opts+=(-XX:TrimNativeHeapInterval=1000)
  zapline_opts+=("$@")
}

# zapline_base_opts MAJOR: sets zapline_opts to the flags every zapline JVM gets.
zapline_base_opts() {
  zapline_opts=(-XX:-OmitStackTraceInFastThrow -Xss1m --enable-native-access=ALL-UNNAMED)
  if [ "$1" -ge 24 ]; then
    # Netty still reaches for sun.misc.Unsafe; say so explicitly instead of printing a warning on every start.
    zapline_opts+=(--sun-misc-unsafe-memory-access=allow)
  fi
}

# zapline_modules ROOT: the modules of ROOT/pom.xml's <modules>, one a line, in the pom's order (sed over the pom:
# one <module> element a line, as the root pom writes them).
zapline_modules() {
  sed -n '/<modules>/,/<\/modules>/s|^[[:space:]]*<module>\([^<]*\)</module>[[:space:]]*$|\1|p' "$1/pom.xml"
}

# zapline_stale ROOT JAR [EXCEPT...]: true when JAR is missing or older than the root pom, or than anything under
# src/main or a pom.xml of every module of the root pom's <modules> but EXCEPT (the launcher leaves out bench, which
# the runnable jar does not contain; maven-plugin stays in, as fixtures' eth record is generated through it). True
# as well when no module can be read from the pom: better a needless build than a stale jar.
zapline_stale() {
  local root="$1" jar="$2" dirs=() m e
  shift 2
  [ -f "$jar" ] || return 0
  [ -n "$(find "$root" -maxdepth 1 -name pom.xml -newer "$jar" -print -quit)" ] && return 0
  while IFS= read -r m; do
    for e in "$@"; do
      [ "$m" = "$e" ] && continue 2
    done
    dirs+=("$root/$m")
  done < <(zapline_modules "$root" 2>/dev/null)
  [ "${#dirs[@]}" -gt 0 ] || return 0
  [ -n "$(find "${dirs[@]}" \( -path '*/src/main/*' -o -name pom.xml \) -newer "$jar" -print -quit 2>/dev/null)" ]
}

# zapline_build ROOT JAVA LOG MODULE: builds MODULE and what it needs (mvnw package, no tests) with JAVA's JDK,
# output to LOG; on failure prints LOG's last lines and fails.
zapline_build() {
  local root="$1" java="$2" log="$3" module="$4"
  if ! (cd "$root" && JAVA_HOME="$(cd "$(dirname "$java")/.." && pwd)" ./mvnw -q -B -DskipTests -pl "$module" -am \
      package >"$log" 2>&1); then
    echo "build of $module failed; last lines of $log:" >&2
    tail -n 30 "$log" >&2
    return 1
  fi
}
