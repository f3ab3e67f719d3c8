#!/usr/bin/env bash
# End-to-end HTTP benchmark: GET /health on raw Netty (the baseline), zapline, and nginx (when installed), one
# at a time, each pinned to one core while wrk drives it from another. Builds nothing: first run
#   ./mvnw -q -B package -DskipTests        # cli/target/zapline.jar and bench/target/benchmarks.jar
# then
#   bench/run-http.sh                       # 3 rounds x 3 arms x (5 s warm-up + 10 s), about 3 minutes
# Environment:
#   ROUNDS=3 CONNECTIONS=64 DURATION=10s WARMUP=5s   the run (wrk -t1 -c$CONNECTIONS -d$DURATION)
#   SERVER_CPU=0 LOAD_CPU=1                          taskset cores for the servers and for wrk
#   JAVA=... JAVA_OPTS=...                           the JVM (default: the JDK 21+ ./zapline finds) and options
#   ARMS="raw-netty zapline nginx"                   which arms, in round-1 order (later rounds rotate it)
#   PORT=18080                                       first of three consecutive loopback ports
#   OUT=bench/target/run-http.md                     where the report is also written
# Besides wrk's req/s and latency, each run records the server's CPU time (user + system, its children included)
# per request and its share of its core: when other work shares the machine, req/s swings with it, and the CPU
# cost per request at a saturated core is the steadier comparison.
# Every round starts each arm fresh, warms it up, measures it, and stops it; the arm order rotates per round so
# slow drift on a shared machine hits every arm alike. Every process started here is stopped on exit or Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-64}"
duration="${DURATION:-10s}"
warmup="${WARMUP:-5s}"
server_cpu="${SERVER_CPU:-0}"
load_cpu="${LOAD_CPU:-1}"
java_bin="${JAVA:-$(./zapline --print-java)}"
java_opts="${JAVA_OPTS:---enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Xms512m -Xmx512m}"
port0="${PORT:-18080}"
out="${OUT:-bench/target/run-http.md}"
arms=(${ARMS:-raw-netty zapline nginx})

for tool in wrk taskset curl; do
  command -v "$tool" >/dev/null || { echo "run-http.sh: $tool is not installed" >&2; exit 2; }
done
for jar in bench/target/benchmarks.jar cli/target/zapline.jar; do
  [ -f "$jar" ] || { echo "run-http.sh: $jar is missing; run ./mvnw -q -B package -DskipTests" >&2; exit 2; }
done
if ! command -v nginx >/dev/null; then
  echo "run-http.sh: nginx is not installed; skipping that arm" >&2
  arms=("${arms[@]/nginx}")
  arms=(${arms[@]})
fi

tmp="$(mktemp -d -t zapline-http.XXXXXX)"
server_pid=""
wrk_pid=""

stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}

cleanup() {
  trap - EXIT INT TERM
  if [ -n "$wrk_pid" ]; then
    kill -TERM "$wrk_pid" 2>/dev/null || true
    wait "$wrk_pid" 2>/dev/null || true
  fi
  stop_server
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port_of() {
  case "$1" in
    raw-netty) echo "$port0" ;;
    zapline) echo $((port0 + 1)) ;;
    nginx) echo $((port0 + 2)) ;;
  esac
}

# shellcheck source=bench/nginx-conf.sh
. bench/nginx-conf.sh

start_server() {
  local arm="$1" port
  port="$(port_of "$arm")"
  case "$arm" in
    raw-netty)
      # shellcheck disable=SC2086
      taskset -c "$server_cpu" "$java_bin" $java_opts -cp bench/target/benchmarks.jar \
        dev.zapline.fixtures.baseline.RawNettyServer --port "$port" --event-loops 1 >"$tmp/$arm.log" 2>&1 &
      ;;
    zapline)
      # shellcheck disable=SC2086
      taskset -c "$server_cpu" "$java_bin" $java_opts -jar cli/target/zapline.jar \
        serve --http "127.0.0.1:$port" --event-loops 1 --grace 1 >"$tmp/$arm.log" 2>&1 &
      ;;
    nginx)
      nginx_conf "$port" "$tmp"
      taskset -c "$server_cpu" nginx -p "$tmp" -c "$tmp/nginx.conf" -e "$tmp/error.log" \
        >"$tmp/$arm.log" 2>&1 &
      ;;
  esac
  server_pid=$!
  for _ in $(seq 200); do
    if curl -sf -o /dev/null --max-time 1 "http://127.0.0.1:$port/health"; then
      return 0
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "run-http.sh: $arm did not come up on port $port; its log:" >&2
  cat "$tmp/$arm.log" >&2
  exit 1
}

# Runs wrk in the background (so a signal interrupts the wait) and leaves its output in $tmp/wrk.out.
run_wrk() {
  local port="$1" secs="$2"
  taskset -c "$load_cpu" wrk -t1 -c"$connections" -d"$secs" --latency "http://127.0.0.1:$port/health" \
    >"$tmp/wrk.out" 2>&1 &
  wrk_pid=$!
  wait "$wrk_pid"
  wrk_pid=""
}

# CPU clock ticks (user + system) used so far by the server process and its children (nginx's worker).
cpu_ticks() {
  local pids total=0 pid
  pids="$server_pid $(pgrep -P "$server_pid" | tr '\n' ' ')"
  for pid in $pids; do
    total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

# wrk's latency figure (e.g. 312.05us, 1.20ms, 1.00s) in microseconds.
to_us() {
  awk -v v="$1" 'BEGIN {
    n = v + 0
    if (v ~ /us$/) print n; else if (v ~ /ms$/) print n * 1000; else if (v ~ /s$/) print n * 1000000; else print n
  }'
}

median() {
  sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

hz="$(getconf CLK_TCK)"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
results="$tmp/results"
: >"$results"
n=${#arms[@]}
for ((r = 1; r <= rounds; r++)); do
  for ((k = 0; k < n; k++)); do
    arm="${arms[$(((k + r - 1) % n))]}"
    port="$(port_of "$arm")"
    start_server "$arm"
    if [ "$r" = 1 ]; then
      curl -s -i --raw "http://127.0.0.1:$port/health" >"$tmp/$arm.response"
    fi
    run_wrk "$port" "$warmup"
    ticks_before="$(cpu_ticks)"
    run_wrk "$port" "$duration"
    ticks="$(($(cpu_ticks) - ticks_before))"
    stop_server
    rps="$(awk '/^Requests\/sec:/ { print $2 }' "$tmp/wrk.out")"
    avg="$(to_us "$(awk '$1 == "Latency" && NF >= 4 { print $2; exit }' "$tmp/wrk.out")")"
    p50="$(to_us "$(awk '$1 == "50%" { print $2 }' "$tmp/wrk.out")")"
    p99="$(to_us "$(awk '$1 == "99%" { print $2 }' "$tmp/wrk.out")")"
    requests="$(awk '/requests in/ { print $1 }' "$tmp/wrk.out")"
    secs="$(awk '/requests in/ { sub(/s,$/, "", $4); print $4 }' "$tmp/wrk.out")"
    # Server CPU time per request (µs) and its share of its core: steadier than req/s when other work shares it.
    cpu_us="$(awk -v t="$ticks" -v hz="$hz" -v n="$requests" 'BEGIN { printf "%.2f", t / hz * 1e6 / n }')"
    core="$(awk -v t="$ticks" -v hz="$hz" -v s="$secs" 'BEGIN { printf "%.0f", t / hz / s * 100 }')"
    errors="$(awk '/Socket errors|Non-2xx/ { sub(/^ +/, ""); printf "%s; ", $0 }' "$tmp/wrk.out")"
    if [ -z "$rps" ]; then
      echo "run-http.sh: wrk gave no result for $arm:" >&2
      cat "$tmp/wrk.out" >&2
      exit 1
    fi
    echo "$r $arm $rps $avg $p50 $p99 $cpu_us $core ${errors:-none}" >>"$results"
    echo "round $r $arm: $rps req/s, p50 $p50 us, p99 $p99 us, server $cpu_us CPU us/req at $core % of its core" >&2
  done
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

med() { awk -v a="$1" -v c="$2" '$2 == a { print $c }' "$results" | median; }
{
  echo "### HTTP GET /health: wrk -t1 -c$connections -d$duration (warm-up $warmup), $rounds rounds"
  echo
  echo "Servers on core $server_cpu, wrk on core $load_cpu; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
  echo "$(nproc) cores, Linux $(uname -r), $("$java_bin" -version 2>&1 | head -1); load average $load_before before, $load_after after."
  echo
  echo "| round | arm | req/s | avg latency µs | p50 µs | p99 µs | server CPU µs/req | server core % | errors |"
  echo "|---:|---|---:|---:|---:|---:|---:|---:|---|"
  awk '{ e = $9; for (i = 10; i <= NF; i++) e = e " " $i
    printf "| %s | %s | %.0f | %.0f | %.0f | %.0f | %.2f | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, e }' "$results"
  echo
  echo "| arm | median req/s | min–max req/s | median p50 µs | median p99 µs | median server CPU µs/req | response bytes |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  for arm in "${arms[@]}"; do
    min="$(awk -v a="$arm" '$2 == a { print $3 }' "$results" | sort -g | head -1)"
    max="$(awk -v a="$arm" '$2 == a { print $3 }' "$results" | sort -g | tail -1)"
    bytes="$(wc -c <"$tmp/$arm.response" | tr -d ' ')"
    printf '| %s | %.0f | %.0f–%.0f | %.0f | %.0f | %.2f | %s |\n' "$arm" "$(med "$arm" 3)" "$min" "$max" \
      "$(med "$arm" 5)" "$(med "$arm" 6)" "$(med "$arm" 7)" "$bytes"
  done
  echo
  for base in raw-netty nginx; do
    if grep -q " $base " "$results" && grep -q " zapline " "$results"; then
      per_round="$(awk -v b="$base" -v n="$rounds" '$2 == "zapline" { z[$1] = $3 } $2 == b { x[$1] = $3 }
        END { for (r = 1; r <= n; r++) if ((r in z) && (r in x)) printf "%s%.3f", (r > 1 ? ", " : ""), z[r] / x[r] }' \
        "$results")"
      awk -v z="$(med zapline 3)" -v x="$(med "$base" 3)" -v b="$base" -v p="$per_round" \
        -v zc="$(med zapline 7)" -v xc="$(med "$base" 7)" \
        'BEGIN { printf "zapline / %s: %.3f× req/s (medians; per round: %s); %.3f× server CPU per request\n",
          b, z / x, p, zc / xc }'
      echo
    fi
  done
  echo "Responses as sent (curl -si --raw):"
  echo
  echo '```'
  for arm in "${arms[@]}"; do
    echo "== $arm"
    tr -d '\r' <"$tmp/$arm.response"
    echo
  done
  echo '```'
} | tee "$out"
