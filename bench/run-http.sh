#!/usr/bin/env bash
# End-to-end HTTP benchmark: GET /health on raw Netty (the baseline), zapline, and nginx (when installed), one
# at a time, each pinned to the server's core while wrk drives it from the loader's. Builds the jars when missing:
#   bench/run-http.sh                       # 3 rounds x 3 arms x (5 s warm-up + 10 s), about 3 minutes
# Environment:
#   ROUNDS=3 CONNECTIONS=64 DURATION=10s WARMUP=5s   the run (wrk -t1 -c$CONNECTIONS -d$DURATION)
#   SERVER_CPU= LOAD_CPU=                            taskset cores for the servers and for wrk (bench/lib.sh)
#   JAVA=... JAVA_OPTS=...                           the JVM and the servers' flags (default: bench/lib.sh)
#   ARMS="raw-netty zapline nginx"                   which arms, in round-1 order (later rounds rotate it)
#   PORT=18080                                       first of three consecutive loopback ports
#   OUT=bench/target/run-http.md                     where the report is also written
# Besides wrk's req/s and latency, each run records the server's CPU time (user + system, its children included)
# per request and its share of its core: when other work shares the machine, req/s swings with it, and the CPU
# cost per request at a saturated core is the steadier comparison.
# Every round starts each arm fresh, warms it up, measures it, and stops it; the arm order rotates per round so
# slow drift on a shared machine hits every arm alike. Every process started here is stopped on exit or Ctrl-C.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-64}"
duration="${DURATION:-10s}"
warmup="${WARMUP:-5s}"
port0="${PORT:-18080}"
out="${OUT:-bench/target/run-http.md}"
read -ra wanted <<<"${ARMS:-raw-netty zapline nginx}"

need wrk curl
need_jars "$ZAPLINE_JAR"
arms=()
for arm in "${wanted[@]}"; do
  if [ "$arm" = nginx ] && ! have nginx; then
    echo "run-http.sh: nginx is not installed; skipping that arm" >&2
  else
    arms+=("$arm")
  fi
done
[ "${#arms[@]}" -gt 0 ] || die "no arm to run"

port_of() {
  case "$1" in
    raw-netty) echo "$port0" ;;
    zapline) echo $((port0 + 1)) ;;
    nginx) echo $((port0 + 2)) ;;
    *) die "unknown arm '$1' (raw-netty, zapline, nginx)" ;;
  esac
}

# CPU clock ticks (user + system) used so far by the server process and its children (nginx's worker).
cpu_ticks() {
  local total=0 pid
  # shellcheck disable=SC2046  # one word per child pid
  for pid in "$server_pid" $(pgrep -P "$server_pid" || true); do
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

hz="$(getconf CLK_TCK)"
load_before="$(loadavg)"
results="$tmp/results"
: >"$results"
for ((r = 1; r <= rounds; r++)); do
  for arm in $(rotated "$r" "${arms[@]}"); do
    port="$(port_of "$arm")"
    start_arm "$arm" "$port"
    if [ "$r" = 1 ]; then
      curl -s -i --raw --max-time 5 "http://127.0.0.1:$port/health" >"$tmp/$arm.response"
    fi
    run_wrk "$tmp/wrk.out" "$port" "$warmup" "$connections" || true
    ticks_before="$(cpu_ticks)"
    run_wrk "$tmp/wrk.out" "$port" "$duration" "$connections" --latency || true
    ticks="$(($(cpu_ticks) - ticks_before))"
    stop_pid "$server_pid"
    rps="$(wrk_rps "$tmp/wrk.out")"
    if [ -z "$rps" ]; then
      cat "$tmp/wrk.out" >&2
      die "wrk gave no result for $arm"
    fi
    avg="$(to_us "$(awk '$1 == "Latency" && NF >= 4 { print $2; exit }' "$tmp/wrk.out")")"
    p50="$(to_us "$(awk '$1 == "50%" { print $2 }' "$tmp/wrk.out")")"
    p99="$(to_us "$(awk '$1 == "99%" { print $2 }' "$tmp/wrk.out")")"
    requests="$(awk '/requests in/ { print $1 }' "$tmp/wrk.out")"
    secs="$(awk '/requests in/ { sub(/s,$/, "", $4); print $4 }' "$tmp/wrk.out")"
    # Server CPU time per request (µs) and its share of its core: steadier than req/s when other work shares it.
    cpu_us="$(awk -v t="$ticks" -v hz="$hz" -v n="$requests" 'BEGIN { printf "%.2f", t / hz * 1e6 / n }')"
    core="$(awk -v t="$ticks" -v hz="$hz" -v s="$secs" 'BEGIN { printf "%.0f", t / hz / s * 100 }')"
    errors="$(wrk_errors "$tmp/wrk.out")"
    echo "$r $arm $rps $avg $p50 $p99 $cpu_us $core ${errors:-none}" >>"$results"
    echo "round $r $arm: $rps req/s, p50 $p50 us, p99 $p99 us, server $cpu_us CPU us/req at $core % of its core" >&2
  done
done
load_after="$(loadavg)"

med() { awk -v a="$1" -v c="$2" '$2 == a { print $c }' "$results" | median; }
{
  echo "### HTTP GET /health: wrk -t1 -c$connections -d$duration (warm-up $warmup), $rounds rounds"
  echo
  echo "Servers $(where "$server_cpu"), wrk $(where "$load_cpu"); server JVM ${server_opts[*]};"
  echo "$(machine); load average $load_before before, $load_after after."
  echo
  echo "| round | arm | req/s | avg latency µs | p50 µs | p99 µs | server CPU µs/req | server core % | errors |"
  echo "|---:|---|---:|---:|---:|---:|---:|---:|---|"
  awk '{ e = $9; for (i = 10; i <= NF; i++) e = e " " $i
    printf "| %s | %s | %.0f | %.0f | %.0f | %.0f | %.2f | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, e }' "$results"
  echo
  echo "| arm | median req/s | min–max req/s | median p50 µs | median p99 µs | median server CPU µs/req | response bytes |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  for arm in "${arms[@]}"; do
    min="$(awk -v a="$arm" '$2 == a { print $3 }' "$results" | quantile 0)"
    max="$(awk -v a="$arm" '$2 == a { print $3 }' "$results" | quantile 1)"
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
