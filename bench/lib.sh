# shellcheck shell=bash disable=SC2034  # the variables set here are the scripts'
# bench/lib.sh: sourced by every bench/run-*.sh, never run by itself. What the scripts share: the JDK, the jars,
# where each process runs and with which JVM flags, starting and stopping servers, wrk runs, medians, nginx's config.
#
# The defaults, the same in every script and in `zapline bench` (cli/src/main/java/dev/zapline/cli/bench/Pinning.java
# decides its cores, BenchRunner.serverFlags its server JVMs' flags; change them together):
#   pinning     Of the cores this shell may run on (Cpus_allowed_list), the loader (wrk, zapline load, h2load, hey,
#               any other client) gets the first and every server the second, with taskset: loader on core 0,
#               server on core 1 on a 2-core machine. With one usable core, without taskset, or off Linux, nothing
#               is pinned and the settings line says why. SERVER_CPU=N / LOAD_CPU=N pick a side's core; set empty
#               (SERVER_CPU=), that side runs unpinned.
#   server JVM  -Xms512m -Xmx512m -Dio.netty.leakDetection.level=disabled --enable-native-access=ALL-UNNAMED, and
#               --sun-misc-unsafe-memory-access=allow on JDK 24+. The collector is the JVM's own choice: Serial when
#               pinned to one core, G1 otherwise (the settings line names it). A non-empty JAVA_OPTS replaces them.
#   loader JVM  (zapline load) the flags the ./zapline launcher starts `zapline load` with (zapline-java.sh's
#               zapline_load_jvm_opts: Serial, -Xms8m -Xmx256m, -XX:CICompilerCount=2, -Xss1m, the read path's
#               compile command, and on JDK 22+ -XX:TrimNativeHeapInterval=1000; with ZAPLINE_AOT=1 on JDK 25+
#               the load command's start-up cache, made by need_jars as the launcher makes it); ZAPLINE_JAVA_OPTS
#               is added to them, as the launcher adds it, and each default yields to it. `zapline bench` runs its
#               own loader in its JVM, which the launcher starts with the flags of every other subcommand (G1,
#               -Xss1m, the default heap).
#   java        JAVA, else the JDK 21+ that ./zapline finds (ZAPLINE_JAVA, JAVA_HOME, PATH, /usr/lib/jvm/*).
# Each script calls bench_init, which prints these as they came out in one "settings:" line on stderr before
# anything starts, and then `differs` for each way the script departs from them, with the reason.
#
# After bench_init: bench_root (the checkout; also the working directory), tmp (a private directory, removed on
# exit), java_bin, java_major, server_cpu, load_cpu (empty: unpinned), server_java and loader_java (java and its
# flags, as arrays). Every process started with spawn, run_fg or start_server is stopped on exit, error or Ctrl-C,
# with whatever it started.

bench_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=zapline-java.sh
. "$bench_root/zapline-java.sh"

# Class names the scripts start or select, in one place (change them here when a class moves).
RAW_NETTY_CLASS=${RAW_NETTY_CLASS:-dev.zapline.fixtures.baseline.RawNettyServer} # raw Netty baseline (before fcecdc9: dev.zapline.server.baseline.RawNettyServer)
CODEC_ETH_BENCHES=dev.zapline.bench.fixtures.eth                # JMH pattern: the eth record's codec benchmarks
HTTP_FRAMEWORK_BENCH=dev.zapline.bench.server.HttpFrameworkBench
HTTP_FRAMEWORK_CPU_COST=dev.zapline.bench.server.HttpFrameworkCpuCost
STALL_SERVER=dev.zapline.bench.load.StallServer

# The jars, relative to a checkout.
ZAPLINE_JAR=cli/target/zapline.jar        # the runnable jar: zapline serve/load, and the raw Netty baseline
BENCHMARKS_JAR=bench/target/benchmarks.jar

bench_children=()
last_pid=""

die() {
  echo "${bench_name:-bench}: $*" >&2
  exit 1
}

have() { command -v "$1" >/dev/null 2>&1; }

# need TOOL...: exits (status 2) naming the first one that is not installed.
need() {
  local t
  for t in "$@"; do
    have "$t" || { echo "${bench_name:-bench}: $t is not installed" >&2; exit 2; }
  done
}

# bench_init: the JDK, the pinning, the JVM flags, the temporary directory and the cleanup trap; prints the
# settings line.
bench_init() {
  bench_name="$(basename "$0")"
  cd "$bench_root" || exit 2
  if [ -n "${JAVA:-}" ]; then
    java_bin="$JAVA"
    [ -x "$java_bin" ] || die "JAVA=$java_bin is not an executable"
  else
    java_bin="$(zapline_find_java)" || { zapline_no_java "$bench_name"; exit 2; }
  fi
  java_major="$(zapline_java_major "$java_bin")"
  [ "${java_major:-0}" -ge 21 ] 2>/dev/null || die "$java_bin is Java ${java_major:-?}; zapline needs 21 or newer"

  bench_pinning
  local extra=()
  if [ -n "${JAVA_OPTS:-}" ]; then
    read -ra server_opts <<<"$JAVA_OPTS"
  else
    jvm_flags 512m
    server_opts=("${jvm_flags[@]}")
  fi
  read -ra extra <<<"${ZAPLINE_JAVA_OPTS:-}"
  zapline_load_jvm_opts "$java_major" "${extra[@]}"
  server_java=("$java_bin" "${server_opts[@]}")
  loader_java=("$java_bin" "${zapline_opts[@]}")
  loader_java_plain=("${loader_java[@]}")

  tmp="$(mktemp -d -t "zapline-${bench_name%.sh}.XXXXXX")"
  trap bench_cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM

  local gc
  gc="$(server_gc)"
  echo "$bench_name settings: $pin_note; server JVM ${server_opts[*]} (GC: ${gc:-?}); loader JVM (zapline load)" \
    "${zapline_opts[*]}; java $java_bin ($java_major)" >&2
}

# differs TEXT...: after bench_init, one line saying where and why the script departs from the settings.
differs() {
  echo "$bench_name differs: $*" >&2
}

# jvm_flags HEAP: sets the array jvm_flags to the server JVM flags with a fixed heap of HEAP (512m by default).
jvm_flags() {
  jvm_flags=("-Xms$1" "-Xmx$1" -Dio.netty.leakDetection.level=disabled --enable-native-access=ALL-UNNAMED)
  if [ "$java_major" -ge 24 ]; then
    jvm_flags+=(--sun-misc-unsafe-memory-access=allow)
  fi
}

# The cores, as Pinning.java picks them: sets server_cpu, load_cpu and pin_note.
bench_pinning() {
  local cpus=() why="" def_server="" def_load="" list
  if [ "$(uname -s)" != Linux ]; then
    why="not Linux, so server and loader share the cores and disturb each other"
  else
    list="$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$$/status" 2>/dev/null)"
    read -ra cpus <<<"$(echo "$list" | awk -F, '{ for (i = 1; i <= NF; i++) { n = split($i, r, "-");
      for (c = r[1]; c <= r[n]; c++) printf "%d ", c } }')"
    if [ "${#cpus[@]}" -lt 2 ]; then
      why="${#cpus[@]} usable core: server and loader share it, so every figure is lower and the ratios are blurred"
    elif ! have taskset; then
      why="taskset is not installed (util-linux), so server and loader share the cores"
    else
      def_load="${cpus[0]}"
      def_server="${cpus[1]}"
    fi
  fi
  server_cpu="${SERVER_CPU-$def_server}"
  load_cpu="${LOAD_CPU-$def_load}"
  if [ -n "$server_cpu$load_cpu" ] && ! have taskset; then
    echo "$bench_name: SERVER_CPU/LOAD_CPU need taskset (util-linux), which is not installed" >&2
    exit 2
  fi
  if [ -z "$server_cpu$load_cpu" ]; then
    pin_note="unpinned: ${why:-SERVER_CPU and LOAD_CPU are empty}"
  else
    pin_note="pinned: server $(where "$server_cpu"), loader $(where "$load_cpu") (taskset"
    if [ -n "${SERVER_CPU+set}${LOAD_CPU+set}" ]; then
      pin_note+="; SERVER_CPU/LOAD_CPU"
    fi
    pin_note+=")"
  fi
}

# where CPU: "on core CPU", or "unpinned" for none.
where() {
  if [ -n "$1" ]; then echo "on core $1"; else echo unpinned; fi
}

# The collector the server JVM gets where it runs (one JVM start, about 0.1 s).
server_gc() {
  local pin=()
  [ -n "$server_cpu" ] && pin=(taskset -c "$server_cpu")
  "${pin[@]}" "${server_java[@]}" -XX:+PrintFlagsFinal -version 2>/dev/null \
    | awk '$2 ~ /^Use(Serial|Parallel|G1|Z|Shenandoah|Epsilon)GC$/ && $4 == "true" {
        sub(/^Use/, "", $2); sub(/GC$/, "", $2); print $2; exit }'
}

# need_jars JAR...: each jar (relative to the checkout) that is missing is built, with the tests skipped; one
# older than the sources is used as it is, with a warning.
need_jars() {
  local jar modules=() log m other
  for jar in "$@"; do
    m="${jar%%/*}"
    case "$m" in
      bench) other=cli ;;  # the benchmarks jar is built from every module but cli, the runnable jar from all but bench
      *) other=bench ;;
    esac
    if [ ! -f "$jar" ]; then
      modules+=("$m")
    elif zapline_stale "$bench_root" "$jar" "$other"; then
      echo "$bench_name: warning: $jar is older than the sources; ./mvnw -q -B -DskipTests package rebuilds it" >&2
    fi
  done
  if [ "${#modules[@]}" -gt 0 ]; then
    log="$tmp/build.log"
    echo "$bench_name: building ${modules[*]} (jars missing); about a minute or two" >&2
    zapline_build "$bench_root" "$java_bin" "$log" "$(IFS=,; echo "${modules[*]}")" || exit 2
  fi
  for jar in "$@"; do
    [ "$jar" = "$ZAPLINE_JAR" ] && loader_aot
  done
  return 0
}

# loader_aot: the start-up cache of `zapline load` (zapline-java.sh: zapline_aot_*), as the launcher has it: with
# ZAPLINE_AOT=1, made for this checkout's runnable jar when JDK 25+ has none for it, then added to loader_java
# (before ZAPLINE_JAVA_OPTS, which may turn it off with a sharing flag of its own). loader_java_plain is loader_java
# without it, for a loader run from another jar (the cache holds this jar's classes; the JVM skips it for another).
loader_aot() {
  local extra=()
  read -ra extra <<<"${ZAPLINE_JAVA_OPTS:-}"
  if zapline_aot_stale "$java_major" "$java_bin" "$ZAPLINE_JAR" "${extra[@]}"; then
    echo "$bench_name: making the start-up cache of zapline load (once per build and JDK)" >&2
    zapline_aot_make "$java_major" "$java_bin" "$ZAPLINE_JAR" "$tmp/aot.log" \
      || echo "$bench_name: warning: no start-up cache for zapline load; see $tmp/aot.log" >&2
  fi
  zapline_aot_opts "$java_major" "$java_bin" "$ZAPLINE_JAR" "${extra[@]}"
  zapline_load_jvm_opts "$java_major" "${zapline_aot[@]}" "${extra[@]}"
  loader_java=("$java_bin" "${zapline_opts[@]}")
  [ "${#zapline_aot[@]}" -eq 0 ] || echo "$bench_name: loader JVM with the start-up cache: ${zapline_aot[*]}" >&2
}

# spawn ROLE LOG CMD...: starts CMD in the background, on the server's core (ROLE server), the loader's (loader)
# or anywhere (none); stdout and stderr to LOG (-: this script's stdout), stdin from /dev/null. Sets last_pid.
spawn() {
  local role="$1" log="$2" cpu=""
  shift 2
  case "$role" in
    server) cpu="$server_cpu" ;;
    loader) cpu="$load_cpu" ;;
    none) ;;
    *) die "spawn: unknown role '$role'" ;;
  esac
  if [ -n "$cpu" ]; then
    set -- taskset -c "$cpu" "$@"
  fi
  if [ "$log" = - ]; then
    "$@" </dev/null 2>&1 &
  else
    "$@" </dev/null >"$log" 2>&1 &
  fi
  last_pid=$!
  bench_children+=("$last_pid")
}

# run_fg ROLE OUT CMD...: as spawn, then waits for it (so that Ctrl-C is handled at once) and returns its status.
run_fg() {
  local rc=0
  spawn "$@"
  wait "$last_pid" || rc=$?
  forget "$last_pid"
  return "$rc"
}

forget() {
  local kept=() p
  for p in "${bench_children[@]}"; do
    [ "$p" = "$1" ] || kept+=("$p")
  done
  bench_children=("${kept[@]}")
}

# stop_pid PID: SIGTERM, up to 5 s to exit, then SIGKILL.
stop_pid() {
  local pid="$1" i
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
  forget "$pid"
}

# descendants PID: the process's children, theirs and so on, one a line.
descendants() {
  local c
  for c in $(pgrep -P "$1" 2>/dev/null || true); do
    echo "$c"
    descendants "$c"
  done
}

# On exit: SIGTERM to every process started here and to everything they started (a tool under GNU time, a script's
# own servers: time and a killed script's trap may not pass it on), up to 5 s to exit, then SIGKILL.
bench_cleanup() {
  local p i alive all=() more=()
  trap - EXIT
  trap '' INT TERM
  for p in "${bench_children[@]}"; do
    mapfile -t more < <(descendants "$p")
    all+=("$p" "${more[@]}")
  done
  for p in "${all[@]}"; do
    kill -TERM "$p" 2>/dev/null || true
  done
  for ((i = 0; i < 50; i++)); do
    alive=""
    for p in "${all[@]}"; do
      kill -0 "$p" 2>/dev/null && alive=1
    done
    [ -n "$alive" ] || break
    sleep 0.1
  done
  for p in "${all[@]}"; do
    kill -KILL "$p" 2>/dev/null || true
  done
  for p in "${bench_children[@]}"; do
    wait "$p" 2>/dev/null || true
  done
  bench_children=()
  [ -n "${tmp:-}" ] && rm -rf "$tmp"
}

# port_free PORT: exits when something on this machine already listens on 127.0.0.1:PORT.
port_free() {
  if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then
    die "127.0.0.1:$1 is already in use; pick another PORT"
  fi
}

# wait_port NAME PORT PID LOG: waits (up to 30 s) until 127.0.0.1:PORT accepts a TCP connection; exits with LOG
# when PID dies first or the time runs out. Opens a connection only: no request is sent.
wait_port() {
  local name="$1" port="$2" pid="$3" log="$4" i
  for ((i = 0; i < 300; i++)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "$bench_name: $name did not come up on 127.0.0.1:$port; its log:" >&2
  cat "$log" >&2
  exit 1
}

# start_server NAME PORT CMD...: starts CMD on the server's core and waits for its port. Sets server_pid and
# server_log ($tmp/NAME-PORT.log, its stdout and stderr).
start_server() {
  local name="$1" port="$2"
  shift 2
  port_free "$port"
  server_log="$tmp/$name-$port.log"
  spawn server "$server_log" "$@"
  server_pid="$last_pid"
  wait_port "$name" "$port" "$server_pid" "$server_log"
}

# start_arm ARM PORT [CHECKOUT]: one of the HTTP servers the end-to-end scripts compare, answering GET /health on
# 127.0.0.1:PORT with one event loop: raw-netty (the baseline), zapline (`zapline serve`, the demo app) or nginx
# (1 worker, `return 200 "ok"`). CHECKOUT (default: this one) is where the jar comes from. Sets server_pid.
start_arm() {
  local arm="$1" port="$2" co="${3:-$bench_root}"
  case "$arm" in
    raw-netty|zapline)
      [ -f "$co/$ZAPLINE_JAR" ] || die "$co/$ZAPLINE_JAR is missing; build it there (./mvnw -q -B -DskipTests package)"
      ;;
  esac
  case "$arm" in
    raw-netty)
      start_server "$arm" "$port" "${server_java[@]}" -cp "$co/$ZAPLINE_JAR" "$RAW_NETTY_CLASS" --port "$port" \
        --event-loops 1
      ;;
    zapline)
      start_server "$arm" "$port" "${server_java[@]}" -jar "$co/$ZAPLINE_JAR" serve --http "127.0.0.1:$port" \
        --event-loops 1 --grace 1
      ;;
    nginx)
      need nginx
      nginx_conf "$port" "$tmp/nginx-$port"
      start_server "$arm" "$port" nginx -p "$tmp/nginx-$port" -c "$tmp/nginx-$port/nginx.conf" \
        -e "$tmp/nginx-$port/error.log"
      ;;
    *) die "unknown arm '$arm' (raw-netty, zapline, nginx)" ;;
  esac
}

# nginx_conf PORT DIR writes DIR/nginx.conf: nginx in the foreground with 1 worker, GET anything -> 200 "ok"
# (text/plain) on 127.0.0.1:PORT, access log off, keep-alive without limits; its pid file, error log and temp
# paths all under DIR.
nginx_conf() {
  local port="$1" dir="$2"
  mkdir -p "$dir"
  cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000000;
  keepalive_timeout 300s;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  server {
    listen 127.0.0.1:$port;
    location / {
      default_type text/plain;
      return 200 "ok";
    }
  }
}
CONF
}

# run_wrk OUT PORT DURATION CONNECTIONS [WRK_ARGS...]: wrk -t1 on the loader's core against
# http://127.0.0.1:PORT/health for DURATION (wrk's own form: 10s, 2s), its report in OUT.
run_wrk() {
  local out="$1" port="$2" duration="$3" connections="$4"
  shift 4
  run_fg loader "$out" wrk -t1 -c"$connections" -d"$duration" "$@" "http://127.0.0.1:$port/health"
}

# wrk_rps FILE: the req/s of a wrk report.
wrk_rps() { awk '/^Requests\/sec:/ { print $2 }' "$1"; }

# wrk_errors FILE: wrk's socket-error and non-2xx lines, "; "-separated; empty when there were none.
wrk_errors() { awk '/Socket errors|Non-2xx/ { sub(/^ +/, ""); printf "%s; ", $0 }' "$1"; }

# quantile F: the F-quantile (0 to 1) of the numbers on stdin, one a line, interpolated between ranks (F 0.5:
# the median, the mean of the middle two for an even count). Prints nothing for no numbers.
quantile() {
  sort -g | awk -v f="$1" -v OFMT=%.10g '{ a[NR] = $1 } END {
    if (NR == 0) exit
    x = 1 + (NR - 1) * f; i = int(x)
    print (i >= NR ? a[NR] : a[i] + (x - i) * (a[i + 1] - a[i]))
  }'
}

median() { quantile 0.5; }

# quartiles: "median q1 q3" of the numbers on stdin.
quartiles() {
  local in
  in="$(cat)"
  echo "$(quantile 0.5 <<<"$in") $(quantile 0.25 <<<"$in") $(quantile 0.75 <<<"$in")"
}

# rotated ROUND ITEM...: the items in ROUND's order, one a line: round 1 as given, each later round starting one
# item further on, so that slow drift of the machine reaches every item alike.
rotated() {
  local r="$1" k
  shift
  for ((k = 0; k < $#; k++)); do
    echo "${@:$(((k + r - 1) % $# + 1)):1}"
  done
}

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }

# ticks PID: the process's user + system CPU time in clock ticks (empty once it has gone).
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || true; }

# share TICKS0 TICKS1 NANOS0 NANOS1: CPU % of one core between two readings of ticks (at those nanos), or "-".
share() {
  if [ -z "$1" ] || [ -z "$2" ]; then
    echo -
  else
    awk -v a="$1" -v b="$2" -v t0="$3" -v t1="$4" -v hz="$(getconf CLK_TCK)" \
      'BEGIN { printf "%.0f", 100 * (b - a) / hz / ((t1 - t0) / 1e9) }'
  fi
}

# The machine in one line: CPU model, cores, kernel, java.
machine() {
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, Linux $(uname -r)," \
    "$("$java_bin" -version 2>&1 | head -1)"
}
