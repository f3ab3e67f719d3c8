#!/usr/bin/env bash
# The loader's own CPU per request at full speed, split into user and system time, this jar against another side by
# side: one target on the server's core (raw-netty, the raw Netty baseline, by default; or zapline, `zapline serve`
# with its ZAP listener too), `zapline load URL -c CONNECTIONS --threads 1 --pipeline DEPTH` from each jar in turn on
# the loader's core, A B A B ... While each run is in its steady state (from WARMUP + 2 s to 1 s before its end) it
# reads the loader's and the target's user and system ticks (/proc/PID/stat) and divides them by the requests of
# that window (the rate the loader reports times the window). The loader's user time is what its code costs; its
# system time is mostly the socket calls, which every loader pays. Prints every run, then per side the medians with
# the spread (min..max) and the ratios of the medians: a ratio inside both spreads is noise.
#   OLD_JAR=/path/to/before/zapline.jar bench/run-loader-split.sh
#   SCHEMES="http zap" TARGET=zapline OLD_JAR= bench/run-loader-split.sh   # ZAP and HTTP loaders, this jar only
#   SIDE=target TARGET=zapline SCHEMES="http zap" OLD_JAR=... bench/run-loader-split.sh   # the server's change
# With SIDE=target the jars trade places: this jar is always the loader, and OLD_JAR serves a second `zapline serve`
# on the same core (PORT+2, ZAP on PORT+3) beside this jar's; the "-old" rows load the old server. The target
# columns are then the ones to read.
# Environment: OLD_JAR= (without it, this jar alone), SIDE=loader|target, ROUNDS=6, DEPTH=16, CONNECTIONS=16,
# DURATION=9 (s), WARMUP=3
# (s, zapline load's own --warmup), TARGET=raw-netty|zapline, SCHEMES=http (zap needs TARGET=zapline), PORT=18190
# (ZAP on PORT+1); SERVER_CPU= LOAD_CPU= JAVA= JAVA_OPTS= ZAPLINE_JAVA_OPTS=: bench/lib.sh.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

rounds="${ROUNDS:-6}"
depth="${DEPTH:-16}"
connections="${CONNECTIONS:-16}"
duration="${DURATION:-9}"
warmup="${WARMUP:-3}"
target="${TARGET:-raw-netty}"
port="${PORT:-18190}"
zport=$((port + 1))
read -ra schemes <<<"${SCHEMES:-http}"
old_jar="${OLD_JAR:-}"
side="${SIDE:-loader}"
case "$side" in
  loader) ;;
  target)
    if [ "$target" != zapline ] || [ -z "$old_jar" ]; then
      die "SIDE=target needs TARGET=zapline and OLD_JAR"
    fi
    ;;
  *) die "SIDE=$side: loader or target" ;;
esac
need_jars "$ZAPLINE_JAR"
[ "$duration" -ge $((warmup + 4)) ] || die "DURATION=$duration leaves no steady window after WARMUP=$warmup (+ 4 s)"
if [ -n "$old_jar" ]; then
  [ -f "$old_jar" ] || die "OLD_JAR=$old_jar is not a file"
  old_jar="$(cd "$(dirname "$old_jar")" && pwd)/$(basename "$old_jar")"
fi
loaders=()
for s in "${schemes[@]}"; do
  case "$s" in
    http) ;;
    zap) [ "$target" = zapline ] || die "SCHEMES=zap needs TARGET=zapline" ;;
    *) die "unknown scheme '$s' (http, zap)" ;;
  esac
  [ -z "$old_jar" ] || loaders+=("$s-old")
  loaders+=("$s")
done

case "$target" in
  zapline)
    start_server zapline "$port" "${server_java[@]}" -jar "$ZAPLINE_JAR" serve --http "127.0.0.1:$port" \
      --zap "127.0.0.1:$zport" --event-loops 1 --grace 1
    wait_port zapline-zap "$zport" "$server_pid" "$server_log"
    new_server_pid="$server_pid"
    if [ "$side" = target ]; then
      start_server zapline-old $((port + 2)) "${server_java[@]}" -jar "$old_jar" serve \
        --http "127.0.0.1:$((port + 2))" --zap "127.0.0.1:$((port + 3))" --event-loops 1 --grace 1
      wait_port zapline-old-zap $((port + 3)) "$server_pid" "$server_log"
      old_server_pid="$server_pid"
    fi
    ;;
  raw-netty) start_arm raw-netty "$port" ;;
  *) die "unknown TARGET '$target' (raw-netty, zapline)" ;;
esac

user_sys() { awk '{ print $14, $15 }' "/proc/$1/stat"; }

# run LOADER: one run; appends "loader rate loader-user loader-sys server-user server-sys" (µs per request).
run() {
  local l="$1" jar="$ZAPLINE_JAR" java=("${loader_java[@]}") hport="$port" zp="$zport" pid rate
  local lu0 ls0 su0 ss0 t0 lu1 ls1 su1 ss1 t1
  [ "$target" != zapline ] || server_pid="$new_server_pid"
  if [[ "$l" == *-old && "$side" = target ]]; then
    hport=$((port + 2)) zp=$((port + 3)) server_pid="$old_server_pid"
  elif [[ "$l" == *-old ]]; then
    jar="$old_jar"
    java=("${loader_java_plain[@]}")
  fi
  local url="http://127.0.0.1:$hport/health"
  [[ "$l" == zap* ]] && url="zap://127.0.0.1:$zp/health"
  spawn loader "$tmp/loader.out" "${java[@]}" -jar "$jar" load "$url" -c "$connections" --threads 1 \
    --pipeline "$depth" -d "${duration}s" --warmup "${warmup}s" --quiet --json "$tmp/z.json"
  pid="$last_pid"
  sleep $((warmup + 2))
  read -r lu0 ls0 < <(user_sys "$pid")
  read -r su0 ss0 < <(user_sys "$server_pid")
  t0="$(date +%s%N)"
  sleep $((duration - warmup - 3))
  read -r lu1 ls1 < <(user_sys "$pid")
  read -r su1 ss1 < <(user_sys "$server_pid")
  t1="$(date +%s%N)"
  wait "$pid" || true
  forget "$pid"
  rate="$(grep -o '"rate_achieved" *: *[0-9.]*' "$tmp/z.json" | head -1 | awk -F: '{ gsub(/ /, "", $2); print $2 }')"
  rm -f "$tmp/z.json"
  [ -n "$rate" ] || die "$l: no rate in its --json; see $tmp/loader.out"
  awk -v l="$l" -v r="$rate" -v t="$(getconf CLK_TCK)" -v lu=$((lu1 - lu0)) -v ls=$((ls1 - ls0)) \
    -v su=$((su1 - su0)) -v ss=$((ss1 - ss0)) -v dt=$((t1 - t0)) 'BEGIN {
      n = r * dt / 1e9; k = 1e6 / t / n
      printf "%s %.0f %.4f %.4f %.4f %.4f\n", l, r, lu * k, ls * k, su * k, ss * k }' | tee -a "$tmp/results"
}

load_before="$(loadavg)"
echo "load average before: $load_before" >&2
echo "loader req/s loader-user-us loader-sys-us target-user-us target-sys-us (per request)"
# a first run of each scheme warms the target (each target); not counted
for s in "${schemes[@]}"; do
  run "$s" >/dev/null
  [ "$side" = loader ] || run "$s-old" >/dev/null
done
: >"$tmp/results"
for ((r = 0; r < rounds; r++)); do
  for l in "${loaders[@]}"; do run "$l"; done
done
load_after="$(loadavg)"

echo
echo "load average before: $load_before, after: $load_after; target $target, depth $depth, $connections connections,"\
  "$rounds rounds; medians (min..max)"
printf '| loader | req/s | loader user µs/req | loader system | loader total | target user | target system |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
: >"$tmp/medians"
# column LOADER FIELD: that loader's values of FIELD (awk expression over the results' fields), one a line
column() { awk -v l="$1" '$1 == l { print '"$2"' }' "$tmp/results"; }
# cell LOADER FIELD FORMAT: "median (min..max)"
cell() {
  local v
  v="$(column "$1" "$2")"
  printf "$3 ($3..$3)" "$(median <<<"$v")" "$(quantile 0 <<<"$v")" "$(quantile 1 <<<"$v")"
}
for l in "${loaders[@]}"; do
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$l" "$(cell "$l" '$2' %.0f)" "$(cell "$l" '$3' %.3f)" \
    "$(cell "$l" '$4' %.3f)" "$(cell "$l" '$3 + $4' %.3f)" "$(cell "$l" '$5' %.3f)" "$(cell "$l" '$6' %.3f)"
  echo "$l $(column "$l" '$2' | median) $(column "$l" '$3' | median) $(column "$l" '$3 + $4' | median)" \
    "$(column "$l" '$5' | median) $(column "$l" '$5 + $6' | median)" >>"$tmp/medians"
done
if [ -n "$old_jar" ]; then
  echo
  for s in "${schemes[@]}"; do
    awk -v s="$s" '$1 == s "-old" { r = $2; u = $3; t = $4; v = $5; w = $6 }
      $1 == s { r2 = $2; u2 = $3; t2 = $4; v2 = $5; w2 = $6 }
      END { printf "%s, this jar / OLD_JAR (medians): req/s %.3f, loader user µs/req %.3f, loader total %.3f," \
        " target user %.3f, target total %.3f\n", s, r2 / r, u2 / u, t2 / t, v2 / v, w2 / w }' "$tmp/medians"
  done
fi
if [[ " ${schemes[*]} " == *" zap "* && " ${schemes[*]} " == *" http "* ]]; then
  awk '$1 == "http" { r = $2 } $1 == "zap" { z = $2 } $1 == "http-old" { ro = $2 } $1 == "zap-old" { zo = $2 }
    END { printf "ZAP / HTTP req/s (medians, this jar): %.3f\n", z / r
      if (ro > 0) printf "ZAP / HTTP req/s (medians, OLD_JAR): %.3f\n", zo / ro }' "$tmp/medians"
fi
