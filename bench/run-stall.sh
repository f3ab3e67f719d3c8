#!/usr/bin/env bash
# The stall scenario: does `zapline load` report coordinated omission as the paper says it should?
# dev.zapline.bench.load.StallServer answers GET /health at once, except that it blocks its only event loop for
# STALL_MS once, STALL_AFTER seconds after the first request. `zapline load --rate RATE -d DURATION` drives it.
# On paper: of RATE x DURATION requests, the RATE x STALL_MS/1000 due during the stall are delayed uniformly from
# the stall's length down to 0, so corrected percentile p (when the delayed ones make up its tail) is
#   stall x (1 - (1 - p) x total / delayed)          1,000/s, 10 s, 1 s: p99 0.90 s, p99.9 0.99 s
# while service time (from the actual write) stays small: only the requests written during the stall see it, at
# most one per idle connection (pipeline 1), so CONNECTIONS of the total; with 16 of 10,000 (0.16 %) that reaches
# the service p99.9, not the p99. Builds the jars when missing, then
#   bench/run-stall.sh                      # about 15 s
# Environment:
#   RATE=1000 DURATION=10 STALL_AFTER=5 STALL_MS=1000 CONNECTIONS=16   the scenario (DURATION in seconds)
#   SERVER_CPU= LOAD_CPU=                 taskset cores (bench/lib.sh; set empty, that side runs unpinned)
#   JAVA=... JAVA_OPTS=... ZAPLINE_JAVA_OPTS=...  the JVM (21 or later), the server's flags, zapline load's extra
#   PORT=18400                            flags (defaults: bench/lib.sh); the loopback port
# The server is stopped on exit or Ctrl-C.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

rate="${RATE:-1000}"
duration="${DURATION:-10}"
stall_after="${STALL_AFTER:-5}"
stall_ms="${STALL_MS:-1000}"
connections="${CONNECTIONS:-16}"
port="${PORT:-18400}"
need jq awk
need_jars "$BENCHMARKS_JAR" "$ZAPLINE_JAR"

start_server stall "$port" "${server_java[@]}" -cp "$BENCHMARKS_JAR" "$STALL_SERVER" "$port" "$stall_after" "$stall_ms"
j="$tmp/stall.json"
run_fg loader "$tmp/summary.txt" "${loader_java[@]}" -jar "$ZAPLINE_JAR" load "http://127.0.0.1:$port/health" \
  --rate "$rate" -d "${duration}s" -c "$connections" --warmup 0s --quiet --json "$j" \
  || { cat "$tmp/summary.txt" >&2; die "zapline load failed"; }
grep -q '^stalled' "$server_log" || echo "run-stall.sh: warning: the server never stalled" >&2

requests=$(jq '.summary.scheduled' "$j")
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
