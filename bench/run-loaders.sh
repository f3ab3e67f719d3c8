#!/usr/bin/env bash
# Load generators against each other: how many req/s each one gets out of the same target with the same
# connections, one thread each, target pinned to one core and loader to the other. Targets: nginx (1 worker,
# `return 200 "ok"`, when installed) and the raw Netty baseline; loaders: wrk, zapline load, h2load --h1 and hey
# (each when installed). Builds nothing: first run
#   ./mvnw -q -B package -DskipTests          # cli/target/zapline.jar
# then
#   bench/run-loaders.sh                      # 3 rounds x 2 targets x 4 loaders x 10 s, about 5 minutes
# Environment:
#   ROUNDS=3 CONNECTIONS=64 DURATION=10 (seconds) WARMUP=3 (seconds of wrk on a fresh target before its runs)
#   SERVER_CPU=0 LOAD_CPU=1 JAVA=(./zapline --print-java) TARGETS="nginx raw-netty" LOADERS="wrk zapline h2load hey" PORT=18180
#   OUT=bench/target/run-loaders.md
# zapline load gets its own --warmup 2s inside the run (its JVM compiles while it runs; the warm-up is excluded
# from its figure, as it is for its users); the others have no warm-up phase of their own. The loader order
# rotates each round so drift on a shared machine hits every loader alike. Everything started here stops on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-64}"
duration="${DURATION:-10}"
warmup="${WARMUP:-3}"
server_cpu="${SERVER_CPU:-0}"
load_cpu="${LOAD_CPU:-1}"
java_bin="${JAVA:-$(./zapline --print-java)}"
java_opts=(--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Xms512m -Xmx512m)
port="${PORT:-18180}"
out="${OUT:-bench/target/run-loaders.md}"
targets=(${TARGETS:-nginx raw-netty})
loaders=()
for l in ${LOADERS:-wrk zapline h2load hey}; do
  case "$l" in
    zapline) loaders+=("$l") ;;
    *) if command -v "$l" >/dev/null; then loaders+=("$l"); else echo "run-loaders.sh: $l not installed; skipped" >&2; fi ;;
  esac
done
command -v nginx >/dev/null || targets=("${targets[@]/nginx}")
targets=(${targets[@]})
[ -f cli/target/zapline.jar ] || { echo "run-loaders.sh: build cli/target/zapline.jar first" >&2; exit 2; }

tmp="$(mktemp -d -t zapline-loaders.XXXXXX)"
server_pid=""
cleanup() {
  trap - EXIT INT TERM
  if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_target() {
  case "$1" in
    nginx)
      mkdir -p "$tmp/ngx"
      cat >"$tmp/ngx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $tmp/ngx/nginx.pid;
error_log $tmp/ngx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000000;
  keepalive_timeout 300s;
  client_body_temp_path $tmp/ngx/body;
  proxy_temp_path $tmp/ngx/proxy;
  fastcgi_temp_path $tmp/ngx/fastcgi;
  uwsgi_temp_path $tmp/ngx/uwsgi;
  scgi_temp_path $tmp/ngx/scgi;
  server { listen 127.0.0.1:$port; location / { default_type text/plain; return 200 "ok"; } }
}
EOF
      taskset -c "$server_cpu" nginx -p "$tmp/ngx" -c "$tmp/ngx/nginx.conf" -e "$tmp/ngx/error.log" >"$tmp/target.log" 2>&1 &
      ;;
    raw-netty)
      taskset -c "$server_cpu" "$java_bin" "${java_opts[@]}" -cp cli/target/zapline.jar \
        dev.zapline.fixtures.baseline.RawNettyServer --port "$port" --event-loops 1 >"$tmp/target.log" 2>&1 &
      ;;
  esac
  server_pid=$!
  for _ in $(seq 200); do
    curl -sf -o /dev/null --max-time 1 "http://127.0.0.1:$port/health" && return 0
    sleep 0.1
  done
  echo "run-loaders.sh: $1 did not come up" >&2; cat "$tmp/target.log" >&2; exit 1
}

stop_target() {
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

# Prints the loader's req/s.
run_loader() {
  local url="http://127.0.0.1:$port/health"
  case "$1" in
    wrk) taskset -c "$load_cpu" wrk -t1 -c"$connections" -d"${duration}s" "$url" | awk '/^Requests\/sec:/ { print $2 }' ;;
    zapline)
      taskset -c "$load_cpu" "$java_bin" "${java_opts[@]}" -jar cli/target/zapline.jar load "$url" -c "$connections" \
        --threads 1 -d "${duration}s" --warmup 2s --quiet --json "$tmp/z.json" >/dev/null
      grep -o '"rate_achieved" *: *[0-9.]*' "$tmp/z.json" | head -1 | awk -F: '{ gsub(/ /, "", $2); print $2 }' ;;
    h2load) taskset -c "$load_cpu" h2load --h1 -t1 -c"$connections" -D "$duration" "$url" 2>/dev/null \
      | awk '/^finished in/ { for (i = 1; i <= NF; i++) if ($(i + 1) ~ /^req\/s/) print $i }' | tr -d , ;;
    hey) GOMAXPROCS=1 taskset -c "$load_cpu" hey -z "${duration}s" -c "$connections" "$url" \
      | awk '/Requests\/sec:/ { print $2 }' ;;
  esac
}

median() {
  sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
: >"$tmp/results"
n=${#loaders[@]}
for target in "${targets[@]}"; do
  start_target "$target"
  taskset -c "$load_cpu" wrk -t1 -c"$connections" -d"${warmup}s" "http://127.0.0.1:$port/health" >/dev/null
  for ((r = 1; r <= rounds; r++)); do
    for ((k = 0; k < n; k++)); do
      loader="${loaders[$(((k + r - 1) % n))]}"
      rps="$(run_loader "$loader")"
      echo "$target $r $loader ${rps:-0}" | tee -a "$tmp/results" >&2
    done
  done
  stop_target
done

{
  echo "# Load generators, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "$connections connections, one thread each, ${duration} s runs, $rounds rounds; target on core $server_cpu, loader on core $load_cpu."
  echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)."
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
