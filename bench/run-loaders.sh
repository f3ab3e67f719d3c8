#!/usr/bin/env bash
# Load generators against each other: how many req/s each one gets out of the same target with the same
# connections, one thread each, target on the server's core and loader on the loader's (bench/lib.sh). Targets:
# nginx (1 worker, `return 200 "ok"`, when installed) and the raw Netty baseline; loaders: wrk, zapline load,
# h2load --h1 and hey (each when installed). Builds cli/target/zapline.jar when it is missing, then
#   bench/run-loaders.sh                      # 3 rounds x 2 targets x 4 loaders x 10 s, about 5 minutes
# Environment:
#   ROUNDS=3 CONNECTIONS=64 DURATION=10 (seconds) WARMUP=3 (seconds of wrk on a fresh target before its runs)
#   SERVER_CPU= LOAD_CPU= JAVA= JAVA_OPTS= (the target's JVM) ZAPLINE_JAVA_OPTS= (zapline load's): bench/lib.sh
#   TARGETS="nginx raw-netty" LOADERS="wrk zapline h2load hey" PORT=18180 OUT=bench/target/run-loaders.md
# zapline load gets its own --warmup 2s inside the run (its JVM compiles while it runs; the warm-up is excluded
# from its figure, as it is for its users); the others have no warm-up phase of their own. The loader order
# rotates each round so drift on a shared machine hits every loader alike. Everything started here stops on exit.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-64}"
duration="${DURATION:-10}"
warmup="${WARMUP:-3}"
port="${PORT:-18180}"
out="${OUT:-bench/target/run-loaders.md}"
need wrk
need_jars "$ZAPLINE_JAR"
targets=()
for t in ${TARGETS:-nginx raw-netty}; do
  if [ "$t" = nginx ] && ! have nginx; then
    echo "run-loaders.sh: nginx not installed; that target skipped" >&2
  else
    targets+=("$t")
  fi
done
loaders=()
for l in ${LOADERS:-wrk zapline h2load hey}; do
  if [ "$l" = zapline ] || have "$l"; then
    loaders+=("$l")
  else
    echo "run-loaders.sh: $l not installed; skipped" >&2
  fi
done
if [ "${#targets[@]}" -eq 0 ] || [ "${#loaders[@]}" -eq 0 ]; then
  die "no target or no loader to run"
fi

# Sets rps to the loader's req/s (empty when it gave none).
run_loader() {
  local url="http://127.0.0.1:$port/health" o="$tmp/loader.out"
  case "$1" in
    wrk)
      run_fg loader "$o" wrk -t1 -c"$connections" -d"${duration}s" "$url" || true
      rps="$(wrk_rps "$o")"
      ;;
    zapline)
      run_fg loader "$o" "${loader_java[@]}" -jar "$ZAPLINE_JAR" load "$url" -c "$connections" --threads 1 \
        -d "${duration}s" --warmup 2s --quiet --json "$tmp/z.json" || true
      rps="$(grep -o '"rate_achieved" *: *[0-9.]*' "$tmp/z.json" 2>/dev/null | head -1 | awk -F: '{ gsub(/ /, "", $2); print $2 }')"
      ;;
    h2load)
      run_fg loader "$o" h2load --h1 -t1 -c"$connections" -D "$duration" "$url" || true
      rps="$(awk '/^finished in/ { for (i = 1; i <= NF; i++) if ($(i + 1) ~ /^req\/s/) print $i }' "$o" | tr -d ,)"
      ;;
    hey)
      GOMAXPROCS=1 run_fg loader "$o" hey -z "${duration}s" -c "$connections" "$url" || true
      rps="$(awk '/Requests\/sec:/ { print $2 }' "$o")"
      ;;
    *) die "unknown loader '$1' (wrk, zapline, h2load, hey)" ;;
  esac
  rm -f "$tmp/z.json"
}

echo "load average before: $(loadavg)" >&2
: >"$tmp/results"
for target in "${targets[@]}"; do
  start_arm "$target" "$port"
  run_wrk "$tmp/warmup.out" "$port" "${warmup}s" "$connections" || true
  for ((r = 1; r <= rounds; r++)); do
    for loader in $(rotated "$r" "${loaders[@]}"); do
      run_loader "$loader"
      echo "$target $r $loader ${rps:-0}" | tee -a "$tmp/results" >&2
    done
  done
  stop_pid "$server_pid"
done

{
  echo "# Load generators, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "$connections connections, one thread each, ${duration} s runs, $rounds rounds; target $(where "$server_cpu"),"
  echo "loader $(where "$load_cpu")."
  echo "$(machine). Load average after: $(loadavg)."
  echo
  echo "| target | loader | req/s per round | median req/s | vs wrk |"
  echo "|---|---|---|---:|---:|"
  for target in "${targets[@]}"; do
    wrk_median="$(awk -v t="$target" '$1 == t && $3 == "wrk" { print $4 }' "$tmp/results" | median)"
    for loader in "${loaders[@]}"; do
      per="$(awk -v t="$target" -v l="$loader" '$1 == t && $3 == l { printf "%s%.0f", sep, $4; sep = ", " }' "$tmp/results")"
      med="$(awk -v t="$target" -v l="$loader" '$1 == t && $3 == l { print $4 }' "$tmp/results" | median)"
      ratio="$(awk -v a="$med" -v b="${wrk_median:-0}" 'BEGIN { if (b > 0) printf "%.3fx", a / b }')"
      printf '| %s | %s | %s | %.0f | %s |\n' "$target" "$loader" "$per" "$med" "$ratio"
    done
  done
} | tee "$out"
