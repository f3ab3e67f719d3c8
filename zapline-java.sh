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
#   -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,io.netty.channel.DefaultChannelPipeline::fireChannelRead
#                              C2 compiles the read path (epoll's epollInReady) as one unit with the whole pipeline
#                              inlined into it: 24 MB of compiler arena, the largest single allocation of the run,
#                              a few seconds in. Cut at the pipeline, the largest unit takes 11 MB: peak RSS at
#                              10,000 req/s 83.6, 87.8 -> 78.5, 78.5 MB in sampled 6 s runs (in 10 s runs the
#                              medians stayed at 79 MB: this is not always the run's peak); steady CPU per request
#                              the same (paired runs, 28.9 against 29.3 µs; one call per read more), and so the rate
#                              at depth. quiet keeps the JVM from printing the command on stdout. Measured:
#                              docs/benchmarks.md, "Loader start-up and memory".
# Measured and not taken (same section): C1 only (-XX:TieredStopAtLevel=1; 12 MB less, but 9 % more CPU per
# request), MALLOC_ARENA_MAX=2, -Xss256k, a smaller code cache or heap, -Xshare:off, compact object headers.
# Each yields to EXTRA: the collector when EXTRA picks one, the heap pair when EXTRA sizes the heap in any way,
# the compile commands when EXTRA gives any of its own, the others when EXTRA sets the same flag.
zapline_load_jvm_opts() {
  local major="$1" e heap=1 cc=1 trim=1 gc=1 inl=1
  shift
  for e in "$@"; do
    case "$e" in
      -XX:+Use*GC) gc="" ;;
      -Xms* | -Xmx* | -Xmn* | -XX:*HeapSize=* | -XX:*RAMPercentage=* | -XX:*RAMFraction=* | -XX:MaxRAM=* \
        | -XX:*NewSize=* | -XX:NewRatio=*) heap="" ;;
      -XX:CICompilerCount=*) cc="" ;;
      -XX:TrimNativeHeapInterval=*) trim="" ;;
      -XX:CompileCommand*) inl="" ;;
    esac
  done
  zapline_base_opts "$major"
  [ -n "$gc" ] && zapline_opts+=(-XX:+UseSerialGC)
  [ -n "$heap" ] && zapline_opts+=(-Xms8m -Xmx256m)
  [ -n "$cc" ] && zapline_opts+=(-XX:CICompilerCount=2)
  [ -n "$trim" ] && [ "$major" -ge 22 ] && zapline_opts+=(-XX:TrimNativeHeapInterval=1000)
  [ -n "$inl" ] && zapline_opts+=(-XX:CompileCommand=quiet
    -XX:CompileCommand=dontinline,io.netty.channel.DefaultChannelPipeline::fireChannelRead)
  zapline_opts+=("$@")
}

# The start-up cache of `zapline load` (JDK 25+: JEP 483's ahead-of-time class loading and linking, JEP 515's method
# profiles), with ZAPLINE_AOT=1 only: made once per jar and JDK by a short training run (zapline_aot_make), used by
# every later `zapline load` (zapline_aot_opts). Measured against nginx at 10,000 req/s, paired runs
# (docs/benchmarks.md, "Loader start-up and memory"): CPU of a 1 s run 1.55 -> 1.15 s, of a 10 s run 4.24 -> 3.83 s,
# RSS after the start 72.6 -> 68.6 MB; but at depth (16 connections, 16 in flight) 8-16 % fewer requests per
# second in 5 of 6 pairs, with or without the recorded profiles: off by default until that is understood.

# zapline_aot_id JAVA JAR: the line a start-up cache is made for: the JDK (java's real path and runtime version)
# and the jar (real path, size and modification time); fails when one of them cannot be read.
zapline_aot_id() {
  local java home v jar j
  java="$(readlink -f "$1")" || return 1
  jar="$(readlink -f "$2")" || return 1
  home="$(cd "$(dirname "$java")/.." && pwd)" || return 1
  v="$(sed -n 's/^JAVA_RUNTIME_VERSION="\([^"]*\)".*/\1/p' "$home/release" 2>/dev/null)"
  j="$(find "$jar" -maxdepth 0 -type f -printf '%p %s %T@' 2>/dev/null)"
  [ -n "$v" ] && [ -n "$j" ] || return 1
  echo "$java $v $j"
}

# zapline_aot_cache JAR: where JAR's start-up cache lives: beside it, named JAR-load.aot; its .id holds the
# zapline_aot_id it was made for.
zapline_aot_cache() {
  echo "${1%.jar}-load.aot"
}

# zapline_aot_shares [EXTRA...]: true when EXTRA chooses class sharing itself (a cache, an archive, -Xshare), and
# the launcher then adds no cache of its own.
zapline_aot_shares() {
  local e
  for e in "$@"; do
    case "$e" in
      -XX:AOT* | -XX:SharedArchiveFile=* | -XX:?AutoCreateSharedArchive | -XX:ArchiveClassesAtExit=* | -Xshare:*)
        return 0 ;;
    esac
  done
  return 1
}

# zapline_aot_stale MAJOR JAVA JAR [EXTRA...]: true when a start-up cache for JAR and JAVA is wanted and not made
# yet: ZAPLINE_AOT=1, JDK 25 or newer, EXTRA choosing no sharing of its own, and no .id beside the cache naming this
# JDK and jar.
zapline_aot_stale() {
  local major="$1" java="$2" jar="$3" id
  shift 3
  [ "${ZAPLINE_AOT:-}" = 1 ] || return 1
  [ "$major" -ge 25 ] 2>/dev/null || return 1
  zapline_aot_shares "$@" && return 1
  id="$(zapline_aot_id "$java" "$jar")" || return 1
  [ "$(cat "$(zapline_aot_cache "$jar").id" 2>/dev/null)" != "$id" ]
}

# zapline_aot_opts MAJOR JAVA JAR [EXTRA...]: sets the array zapline_aot to the flags that start `zapline load`
# from JAR's start-up cache, with the JVM's cache messages off (a cache it cannot use is then skipped in silence);
# empty without ZAPLINE_AOT=1, before JDK 25, when EXTRA chooses sharing itself, or when the cache is missing or its
# .id names another JDK or jar (a stale cache is never used, and an older JDK never sees the flags).
zapline_aot_opts() {
  local major="$1" java="$2" jar="$3" cache
  shift 3
  zapline_aot=()
  [ "${ZAPLINE_AOT:-}" = 1 ] || return 0
  [ "$major" -ge 25 ] 2>/dev/null || return 0
  zapline_aot_shares "$@" && return 0
  zapline_aot_stale "$major" "$java" "$jar" && return 0
  cache="$(zapline_aot_cache "$jar")"
  [ -f "$cache" ] || return 0
  zapline_aot=("-XX:AOTCache=$cache" -Xlog:aot=off -Xlog:cds=off)
}

# zapline_aot_make MAJOR JAVA JAR LOG: makes JAR's start-up cache (when zapline_aot_stale): a `zapline serve` on a
# loopback port the system picks, then `zapline load` with the load flags at 10,000 req/s over 16 connections for
# 2 s against it, recording the cache (-XX:AOTCacheOutput), then the server is stopped; everything they print goes
# to LOG, nothing to the terminal. The .id is written even when making failed, so that a failure is not retried
# before the jar or the JDK changes; the cache is then missing and not used. Fails only when making failed.
zapline_aot_make() {
  local major="$1" java="$2" jar="$3" log="$4" cache id tmp server port="" i ok=1 saved=("${zapline_opts[@]}")
  cache="$(zapline_aot_cache "$jar")"
  id="$(zapline_aot_id "$java" "$jar")" || return 1
  tmp="$cache.$$.tmp"
  rm -f "$cache" "$cache.id"
  : >"$log.serve" || return 1 # made here: the server's own redirection may come after the first look at it
  zapline_load_jvm_opts "$major"
  "$java" "${zapline_opts[@]}" -XX:TieredStopAtLevel=1 -jar "$jar" serve --http 127.0.0.1:0 >"$log.serve" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null; exit 130' INT TERM
  for i in $(seq 300); do
    port="$(sed -n 's|^listening on http://127\.0\.0\.1:\([0-9]*\) .*|\1|p' "$log.serve" 2>/dev/null)"
    [ -n "$port" ] || ! kill -0 "$server" 2>/dev/null && break
    sleep 0.1
  done
  if [ -n "$port" ] && timeout 60 "$java" "${zapline_opts[@]}" "-XX:AOTCacheOutput=$tmp" -Xlog:aot=off -Xlog:cds=off \
      -jar "$jar" load "http://127.0.0.1:$port/" --rate 10000 -c 16 -d 2s --warmup 0s --quiet >"$log" 2>&1 \
      && [ -s "$tmp" ] && mv -f "$tmp" "$cache"; then
    ok=0
  fi
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  trap - INT TERM
  cat "$log.serve" >>"$log"
  rm -f "$tmp" "$tmp.config" "$log.serve"
  echo "$id" >"$cache.id" 2>/dev/null
  zapline_opts=("${saved[@]}")
  return "$ok"
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
