#!/usr/bin/env bash
# The stall scenario: does `zapline load` report coordinated omission as the paper says it should?
# dev.zapline.bench.load.StallServer answers GET /health at once, except that it blocks its only event loop for
# STALL_MS once, STALL_AFTER seconds after the first request. `zapline load --rate RATE -d DURATION` drives it.
# On paper: of RATE x DURATION requests, the RATE x STALL_MS/1000 due during the stall are delayed uniformly from
# the stall's length down to 0, so corrected percentile p (when the delayed ones make up its tail) is
#   stall x (1 - (1 - p) x total / delayed)          1,000/s, 10 s, 1 s: p99 0.90 s, p99.9 0.99 s
# while service time (from the actual write) stays small: only the requests written during the stall see it, at
# most one per idle connection (pipeline 1), so CONNECTIONS of the total; with 16 of 10,000 (0.16 %) that reaches
# the service p99.9, not the p99. Builds nothing: first run
#   ./mvnw -q -B package -DskipTests        # cli/target/zapline.jar and bench/target/benchmarks.jar
# then
#   bench/run-stall.sh                      # about 15 s
# Environment:
#   RATE=1000 DURATION=10 STALL_AFTER=5 STALL_MS=1000 CONNECTIONS=16   the scenario (DURATION in seconds)
#   SERVER_CPU= LOAD_CPU=                                              taskset cores (unpinned when empty)
#   JAVA=... JAVA_OPTS=...  PORT=18400                                 the JVM (21 or later; default: the
#                                                                      one ./zapline finds) and the port
# The server is stopped on exit or Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

rate="${RATE:-1000}"
duration="${DURATION:-10}"
stall_after="${STALL_AFTER:-5}"
stall_ms="${STALL_MS:-1000}"
connections="${CONNECTIONS:-16}"
port="${PORT:-18400}"
java_bin="${JAVA:-$(./zapline --print-java)}"
java_opts="${JAVA_OPTS:---enable-native-access=ALL-UNNAMED -Xms256m -Xmx256m}"

for tool in jq awk; do
  command -v "$tool" >/dev/null || { echo "run-stall.sh: $tool is not installed" >&2; exit 2; }
done
for jar in bench/target/benchmarks.jar cli/target/zapline.jar; do
  [ -f "$jar" ] || { echo "run-stall.sh: $jar is missing; run ./mvnw -q -B package -DskipTests" >&2; exit 2; }
done
pin() {
  if [ -n "$1" ] && command -v taskset >/dev/null; then echo "taskset -c $1"; fi
}

tmp="$(mktemp -d -t zapline-stall.XXXXXX)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    sleep 0.5
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

$(pin "${SERVER_CPU:-}") "$java_bin" $java_opts -cp bench/target/benchmarks.jar dev.zapline.bench.load.StallServer \
    "$port" "$stall_after" "$stall_ms" >"$tmp/server.out" 2>"$tmp/server.err" &
server_pid=$!
for _ in $(seq 100); do
  grep -q '^listening' "$tmp/server.out" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.err" >&2; exit 1; }
  sleep 0.1
done
grep -q '^listening' "$tmp/server.out" || { echo "run-stall.sh: server did not start" >&2; exit 1; }

$(pin "${LOAD_CPU:-}") "$java_bin" $java_opts -jar cli/target/zapline.jar load "http://127.0.0.1:$port/health" \
    --rate "$rate" -d "${duration}s" -c "$connections" --quiet --json "$tmp/stall.json" >"$tmp/summary.txt"
grep -q '^stalled' "$tmp/server.out" || echo "run-stall.sh: warning: the server never stalled" >&2

j="$tmp/stall.json"
requests=$(jq '.summary.requests' "$j")
dropped=$(jq '.summary.dropped' "$j")
errors=$(jq '.summary.errors' "$j")
c99=$(jq '.latency.corrected.p99_us' "$j")
c999=$(jq '.latency.corrected.p999_us' "$j")
s99=$(jq '.latency.service.p99_us' "$j")
s999=$(jq '.latency.service.p999_us' "$j")
awk -v rate="$rate" -v d="$duration" -v ms="$stall_ms" -v c99="$c99" -v c999="$c999" -v s99="$s99" -v s999="$s999" \
    -v n="$requests" -v conns="$connections" -v dropped="$dropped" -v errors="$errors" 'BEGIN {
  total = rate * d; delayed = rate * ms / 1000; stall = ms / 1000;
  split("99 99.9", ps, " "); split(c99 " " c999, got, " ");
  printf "stall %d ms at %d/s for %d s: %d requests (%d dropped, %d errors), %d delayed on paper\n",
      ms, rate, d, n, dropped, errors, delayed;
  printf "%-8s %12s %12s %8s\n", "", "paper (s)", "measured (s)", "off";
  for (i = 1; i <= 2; i++) {
    tail = (1 - ps[i] / 100) * total;
    paper = tail <= delayed ? stall * (1 - tail / delayed) : 0;
    m = got[i] / 1e6;
    off = paper > 0 ? 100 * (m - paper) / paper : 0;
    printf "p%-7s %12.3f %12.3f %7.1f%%\n", ps[i], paper, m, off;
  }
  printf "service time p99 %.3f ms, p99.9 %.3f ms (the p99 should stay far below the stall; up to one request\n",
      s99 / 1e3, s999 / 1e3;
  printf "per connection, here %.2f%% of them, is written during the stall and waits it out)\n", 100 * conns / n;
}'
