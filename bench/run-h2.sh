#!/usr/bin/env bash
# HTTP/2 against its anchors (issue 16, section "Benchmarks"): h2load, the loader of nghttp2, and nghttpd, its server,
# an implementation independent of ours on both sides. One command:
#   bench/run-h2.sh                                  # 3 rounds x 5 s per run: about 3 minutes (printed at start)
#   ROUNDS=1 DURATION=2 bench/run-h2.sh              # a quick look
# Servers, both on the server's core (bench/lib.sh), both up for the whole run:
#   zapline  `zapline serve --event-loops 1 --http PORT`: h2c with prior knowledge on its HTTP/1.1 port, GET /health
#            answered "ok" by the demo app.
#   nghttpd  `nghttpd --no-tls -n 1 PORT+1 -d DIR` (one worker), serving the 2-byte file DIR/health ("ok").
# Loaders, on the loader's core, one thread each, the same connections (-c CONNECTIONS) and concurrent streams per
# connection (-m STREAMS):
#   h2load        `h2load -t 1 -c C -m M -D DURATION --warm-up-time WARM http://127.0.0.1:PORT/health`
#   zapline load  `zapline load --http2 --threads 1 -c C -m M -d DURATION --warmup WARM` (closed model: every
#                 connection kept M streams deep, as h2load keeps them)
# The runs, each round in an order rotated by one from the previous round's:
#   h2load->nghttpd, zapline->nghttpd    the loaders compared on the same independent server
#   h2load->zapline, zapline->zapline    the loaders compared on our server
# Ratios, each the median over the rounds of that round's ratio:
#   loader   zapline load / h2load req/s, against nghttpd and against zapline serve (target >= 1.0). Judged only where
#            the server's core was saturated in both runs (then both loaders reached the server's limit, and the ratio
#            says nothing about the loaders: it is printed as "server-bound") or where neither was: a ratio where
#            one loader saturated its core and the other did not is what this compares.
#   server   zapline serve / nghttpd req/s under h2load (target >= 1.0); judged only when h2load's core was not
#            saturated in either run (else h2load was the limit, not the servers).
# Per run, over its steady part (after the warm-up, for DURATION - 1 s): the CPU time of the server and of the loader
# from /proc/PID/stat; a side at or above SATURATED % (default 95) of its core is the run's bottleneck. Loader µs/req
# is the loader's CPU per request (its CPU % / 100 / req/s): where the server is the bottleneck, the loaders' rates
# are the server's, and what they cost to drive it is the figure that tells them apart.
# Environment: ROUNDS=3 DURATION=5 WARM=3 (seconds; both loaders exclude their warm-up, zapline load's JVM
#   compiles its HTTP/2 code in it) CONNECTIONS=16 STREAMS=16 SATURATED=95 PORT=19500 (PORT, PORT+1)
#   OUT=bench/target/run-h2.md; SERVER_CPU= LOAD_CPU= JAVA= JAVA_OPTS= ZAPLINE_JAVA_OPTS=: bench/lib.sh.
# Needs h2load and nghttpd (Debian: nghttp2-client, nghttp2-server) and python3. Loopback only; every run is bounded
# by DURATION; everything started here stops on exit, error or Ctrl-C.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init
need h2load nghttpd python3

rounds="${ROUNDS:-3}"
duration="${DURATION:-5}"
warm="${WARM:-3}"
connections="${CONNECTIONS:-16}"
streams="${STREAMS:-16}"
saturated="${SATURATED:-95}"
port="${PORT:-19500}"
out="${OUT:-bench/target/run-h2.md}"
need_jars "$ZAPLINE_JAR"

runs=(h2load-nghttpd zapline-nghttpd h2load-zapline zapline-zapline)
echo "$bench_name: ${#runs[@]} runs x $rounds rounds x $((duration + warm)) s, about" \
  "$(((${#runs[@]} * rounds * (duration + warm + 2) + 15) / 60 + 1)) min" >&2

start_server zapline "$port" "${server_java[@]}" -jar "$ZAPLINE_JAR" serve --event-loops 1 --http "127.0.0.1:$port"
zapline_pid="$server_pid"
mkdir -p "$tmp/www"
printf ok >"$tmp/www/health"
start_server nghttpd "$((port + 1))" nghttpd --no-tls -n 1 -d "$tmp/www" "$((port + 1))"
nghttpd_pid="$server_pid"

# A first pass of load on the fresh JVMs (zapline serve, and zapline load's code paths), not measured.
run_fg loader "$tmp/warm.out" "${loader_java[@]}" -jar "$ZAPLINE_JAR" load --http2 --threads 1 -c "$connections" \
  -m "$streams" -d 3s --quiet "http://127.0.0.1:$port/health" || die "warm-up: zapline load failed: $(cat "$tmp/warm.out")"

# one_run NAME ROUND: runs NAME (loader-server), prints "rate server_cpu loader_cpu errors".
one_run() {
  local name="$1" round="$2" loader="${1%%-*}" server="${1#*-}" sport spid o j t0 t1 s0 s1 l0 l1 rate errs
  if [ "$server" = zapline ]; then sport="$port"; spid="$zapline_pid"; else sport="$((port + 1))"; spid="$nghttpd_pid"; fi
  o="$tmp/$name-$round.out"
  j="$tmp/$name-$round.json"
  if [ "$loader" = h2load ]; then
    spawn loader "$o" h2load -t 1 -c "$connections" -m "$streams" -D "$duration" --warm-up-time "$warm" \
      "http://127.0.0.1:$sport/health"
  else
    spawn loader "$o" "${loader_java[@]}" -jar "$ZAPLINE_JAR" load --http2 --threads 1 -c "$connections" \
      -m "$streams" -d "${duration}s" --warmup "${warm}s" --quiet --json "$j" "http://127.0.0.1:$sport/health"
  fi
  local lpid="$last_pid"
  sleep "$(awk -v w="$warm" 'BEGIN { print w + 0.5 }')"
  t0="$(date +%s%N)"; s0="$(ticks "$spid")"; l0="$(ticks "$lpid")"
  sleep "$(awk -v d="$duration" 'BEGIN { print (d > 1.5 ? d - 1 : d / 2) }')"
  t1="$(date +%s%N)"; s1="$(ticks "$spid")"; l1="$(ticks "$lpid")"
  wait "$lpid" || { forget "$lpid"; die "$name round $round: the loader failed; its output: $(cat "$o")"; }
  forget "$lpid"
  if [ "$loader" = h2load ]; then
    rate="$(awk '/^finished in/ { gsub(/,/, ""); print $4; exit }' "$o")"
    errs="$(awk '/^requests:/ { gsub(/,/, ""); print $10 + $12 + $14; exit }' "$o")"
  else
    read -r rate errs < <(python3 - "$j" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("%.2f %d" % (s["rate_achieved"], s["errors"]))
PY
    )
  fi
  [ -n "$rate" ] || die "$name round $round: no rate in the loader's output: $(cat "$o")"
  echo "$rate $(share "$s0" "$s1" "$t0" "$t1") $(share "$l0" "$l1" "$t0" "$t1") ${errs:-?}"
}

declare -A rate scpu lcpu errors
for ((r = 1; r <= rounds; r++)); do
  while read -r name; do
    read -r rt sc lc er < <(one_run "$name" "$r")
    rate[$name,$r]="$rt"; scpu[$name,$r]="$sc"; lcpu[$name,$r]="$lc"; errors[$name,$r]="$er"
    echo "$bench_name: round $r $name: $rt req/s, server ${sc}%, loader ${lc}%, errors $er" >&2
  done < <(rotated "$r" "${runs[@]}")
done

sat() { awk -v c="$1" -v s="$saturated" 'BEGIN { exit !(c != "-" && c + 0 >= s) }'; }

# ratio_line LABEL A B KIND: the median of the rounds' rate[A]/rate[B], with whether it is judged.
ratio_line() {
  local label="$1" a="$2" b="$3" kind="$4" rs=() k=0 nj="" med q1 q3
  for ((r = 1; r <= rounds; r++)); do
    rs+=("$(awk -v x="${rate[$a,$r]}" -v y="${rate[$b,$r]}" 'BEGIN { printf "%.4f", x / y }')")
    if [ "$kind" = loader ]; then
      if sat "${scpu[$a,$r]}" && sat "${scpu[$b,$r]}"; then nj="server-bound in round $r"; fi
    elif sat "${lcpu[$a,$r]}" || sat "${lcpu[$b,$r]}"; then
      nj="h2load's core saturated in round $r"
    fi
  done
  read -r med q1 q3 < <(printf '%s\n' "${rs[@]}" | quartiles)
  local verdict
  if [ -n "$nj" ]; then
    verdict="not judged: $nj"
  else
    verdict="target >= 1.0: $(awk -v m="$med" 'BEGIN { print (m >= 1.0 ? "met" : "MISSED") }')"
  fi
  printf '| %s | %.2fx | %.2f-%.2f | %s |\n' "$label" "$med" "$q1" "$q3" "$verdict"
}

# us_per_req CPU RATE: CPU µs per request of a side at CPU % of one core and RATE req/s ("-" without a CPU figure).
us_per_req() {
  awk -v c="$1" -v r="$2" 'BEGIN { if (c == "-" || r + 0 <= 0) print "-"; else printf "%.2f", c / 100 / r * 1e6 }'
}

# cost_line LABEL A B: the median over the rounds of the loader CPU per request of A over B's (lower is cheaper).
cost_line() {
  local label="$1" a="$2" b="$3" rs=() med q1 q3
  for ((r = 1; r <= rounds; r++)); do
    rs+=("$(awk -v x="$(us_per_req "${lcpu[$a,$r]}" "${rate[$a,$r]}")" \
      -v y="$(us_per_req "${lcpu[$b,$r]}" "${rate[$b,$r]}")" 'BEGIN { printf "%.4f", x / y }')")
  done
  read -r med q1 q3 < <(printf '%s\n' "${rs[@]}" | quartiles)
  printf '| %s | %.2fx | %.2f-%.2f | lower is cheaper |\n' "$label" "$med" "$q1" "$q3"
}

{
  echo "# HTTP/2 anchors: h2load and nghttpd"
  echo
  echo "$(machine). $pin_note. $rounds rounds x ${duration} s (+${warm} s warm-up), -c $connections -m $streams," \
    "GET /health, one loader thread, one server worker/event loop. Load average at the end: $(loadavg)."
  echo
  echo "| run (loader -> server) | req/s per round | median | server CPU % | loader CPU % | loader µs/req | errors |"
  echo "|---|---|---|---|---|---|---|"
  for name in "${runs[@]}"; do
    per=() sc=() lc=() lu=() es=0
    for ((r = 1; r <= rounds; r++)); do
      per+=("${rate[$name,$r]}"); sc+=("${scpu[$name,$r]}"); lc+=("${lcpu[$name,$r]}")
      lu+=("$(us_per_req "${lcpu[$name,$r]}" "${rate[$name,$r]}")")
      es=$((es + ${errors[$name,$r]//\?/0}))
    done
    printf '| %s | %s | %.0f | %s | %s | %s | %d |\n' "${name/-/ -> }" "${per[*]}" \
      "$(printf '%s\n' "${per[@]}" | median)" "$(printf '%s\n' "${sc[@]}" | median)" \
      "$(printf '%s\n' "${lc[@]}" | median)" "$(printf '%s\n' "${lu[@]}" | median)" "$es"
  done
  echo
  echo "| ratio | median | middle half | verdict |"
  echo "|---|---|---|---|"
  ratio_line "zapline load / h2load, against nghttpd" zapline-nghttpd h2load-nghttpd loader
  ratio_line "zapline load / h2load, against zapline serve" zapline-zapline h2load-zapline loader
  ratio_line "zapline serve / nghttpd, under h2load" h2load-zapline h2load-nghttpd server
  cost_line "loader CPU per request, zapline load / h2load, against nghttpd" zapline-nghttpd h2load-nghttpd
  cost_line "loader CPU per request, zapline load / h2load, against zapline serve" zapline-zapline h2load-zapline
} | tee "$out"
echo "$bench_name: written to $out" >&2
