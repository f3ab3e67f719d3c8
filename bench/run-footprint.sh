#!/usr/bin/env bash
# Load generators' footprint at a fixed rate (issue 13, section 2): what each one costs to hold the same request
# rate over the same connections against the same target, measured with GNU time -v around the whole process.
#   bench/run-footprint.sh                       # 3 rounds x 30 s at 5k and 10k req/s, 3 loaders: about 10 minutes
#   ROUNDS=1 DURATION=10 bench/run-footprint.sh  # a quick look, about 1 minute
#   MODE=connections bench/run-footprint.sh      # zapline load with 10,000 connections: peak RSS, connect times
# Target (on the server's core): nginx, 1 worker (bench/lib.sh's configuration plus a stub_status location), when
# installed; else `zapline serve` (1 event loop). TARGET=nginx or TARGET=zapline picks one. Loaders (on the
# loader's core, in rotating order each round, every one asked for RATE req/s over CONNECTIONS connections):
#   zapline     ./zapline load URL --rate R -c C -d Ds, through the launcher, so with its default JVM flags for
#               `zapline load` (plus ZAPLINE_JAVA_OPTS, as the launcher adds it); --warmup 0s, as the others have
#               no warm-up phase, so it runs and is measured as long as they are. One unmeasured
#               2 s run first (the launcher builds the jar there if it is older than the sources).
#   autocannon  autocannon -c C --overallRate R -d D
#   hey         hey -c C -q R/C -z Ds (hey's -q is per worker)
#   floor       bench/pacing-floor.c, compiled here with cc: the least exact pacing costs (each request written at
#               its own due time, each response read as it arrives, one epoll thread, nothing recorded), a reference
#               row, not a loader; named in LOADERS to run (bench/run-loader-cost.sh does)
#   floor-lazy  the same program with LAZY=1: it never wakes for a response, only at each due time, and takes the
#               responses that arrived since (what an exact loader dating responses by the kernel's receive time
#               could spend at the least), writing what is due within LAZY_SLACK_NS (default 200000, zapline
#               load's own send slack up to 10,000 req/s) at each wake-up; a reference row, named in LOADERS to run
# A loader that is not installed is skipped, with a line saying so. Per run: CPU (user + system, the whole process
# with its start-up) in seconds and in us per response; the same over the steady part (from 5 s in to 1 s before
# the end, from /proc/PID/stat); peak RSS (GNU time's maximum resident set size); voluntary and involuntary context
# switches per second of the run; and the achieved rate, as each tool reports it:
#   zapline     its summary's "Rate" line: responses within the measured phase over its length (printed with 3
#               significant digits: 10.0k at 10,000/s, so the server count is the finer figure); with
#               ZAPLINE_JSON=1 it runs with --json and "rate_achieved" is read from that instead. --json costs
#               zapline load memory (it renders the summary each second), so by default it is left out.
#   autocannon  "requests.total" of its --json output (responses) over its "duration" (seconds, as it ran)
#   hey         its "Requests/sec:" line (responses over its "Total:" time)
# With nginx as the target, its stub_status request counter, read before and after each run, gives a second count
# (requests the server answered during the run, over DURATION; it includes what a tool sent after its own window).
# The table has the medians per loader and rate, with every round's achieved rate.
# MODE=connections: zapline load only, CONNECTIONS=10000 at RATES=10000 (1 req/s per connection) by default, the
# open-files limit raised to fit (and nginx's worker_connections); adds the connect times from zapline's summary.
# Environment:
#   MODE=rate|connections ROUNDS=3 DURATION=30 (seconds) RATES="5000 10000" CONNECTIONS=16 (10000 with
#   MODE=connections) LOADERS="zapline autocannon hey" TARGET=nginx|zapline ZAPLINE_JSON=0 PORT=18190
#   OUT=bench/target/run-footprint.md
#   SERVER_CPU= LOAD_CPU= JAVA= JAVA_OPTS= ZAPLINE_JAVA_OPTS=: bench/lib.sh (JAVA is also the launcher's java here).
# Needs GNU time at /usr/bin/time. Loopback only; every run is bounded by DURATION; everything started stops on exit.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

mode="${MODE:-rate}"
case "$mode" in
  rate) def_conns=16 def_loaders="zapline autocannon hey" def_rates="5000 10000" ;;
  connections) def_conns=10000 def_loaders="zapline" def_rates="10000" ;;
  *) die "MODE=$mode: rate or connections" ;;
esac
rounds="${ROUNDS:-3}"
duration="${DURATION:-30}"
connections="${CONNECTIONS:-$def_conns}"
port="${PORT:-18190}"
zjson="${ZAPLINE_JSON:-0}"
out="${OUT:-bench/target/run-footprint.md}"
read -ra rates <<<"${RATES:-$def_rates}"
gnu_time=/usr/bin/time
[ -x "$gnu_time" ] || die "GNU time is not at $gnu_time (apt-get install time)"
[ "$duration" -ge 10 ] 2>/dev/null || die "DURATION=$duration: at least 10 (seconds), for the steady window"
need curl
need_jars "$ZAPLINE_JAR"
loaders=()
for l in ${LOADERS:-$def_loaders}; do
  case "$l" in
    zapline) loaders+=("$l") ;;
    autocannon | hey) if have "$l"; then loaders+=("$l"); else echo "$bench_name: $l not installed; skipped" >&2; fi ;;
    floor | floor-lazy)
      if have cc && cc -O2 -o "$tmp/pacing-floor" "$bench_root/bench/pacing-floor.c"; then
        loaders+=("$l")
      else
        echo "$bench_name: floor needs a C compiler (cc); skipped" >&2
      fi
      ;;
    *) die "unknown loader '$l' (zapline, autocannon, hey, floor, floor-lazy)" ;;
  esac
done
[ "${#loaders[@]}" -gt 0 ] || die "no loader to run"
target="${TARGET:-}"
if [ -z "$target" ]; then
  if have nginx; then target=nginx; else target=zapline; fi
fi
case "$target" in
  nginx) need nginx ;;
  zapline) ;;
  *) die "TARGET=$target: nginx or zapline" ;;
esac
if [ "$connections" -gt 500 ]; then
  fds=$((connections + 1024))
  if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$fds" ]; then
    ulimit -n "$fds" 2>/dev/null || die "$connections connections need $fds open files; the limit is $(ulimit -n)" \
      "(hard limit $(ulimit -Hn)): raise it (ulimit -Hn, /etc/security/limits.conf) or lower CONNECTIONS"
  fi
  note="open-files limit $(ulimit -n) for $connections connections (loader and server inherit it)"
  [ "$target" = nginx ] && note+="; nginx worker_connections $fds"
  differs "$note"
fi
launcher=(env)
[ -n "${JAVA:-}" ] && launcher+=(ZAPLINE_JAVA="$java_bin")
launcher+=("$bench_root/zapline")
url="http://127.0.0.1:$port/health"
hz="$(getconf CLK_TCK)"

start_target() {
  case "$target" in
    nginx)
      local dir="$tmp/nginx-$port"
      nginx_conf "$port" "$dir"
      # a request counter for the cross-check, and room for every connection
      sed -i -e "s|^    location / {|    location = /nginx_status {\n      stub_status;\n    }\n&|" \
        -e "s|worker_connections 4096;|worker_connections $((connections > 3000 ? connections + 1024 : 4096));|" \
        "$dir/nginx.conf"
      if [ "$connections" -gt 3000 ]; then
        sed -i "s|^worker_processes 1;|&\nworker_rlimit_nofile $((connections + 1024));|" "$dir/nginx.conf"
      fi
      start_server nginx "$port" nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log"
      ;;
    zapline) start_arm zapline "$port" ;;
  esac
}

# read_served: sets served to nginx's count of requests answered so far (stub_status's counter, less the status
# requests themselves, this one included); empty for the zapline target.
status_reads=0
read_served() {
  served=""
  [ "$target" = nginx ] || return 0
  status_reads=$((status_reads + 1))
  served="$(curl -s --max-time 5 "http://127.0.0.1:$port/nginx_status" \
    | awk -v s="$status_reads" 'NR == 3 { print $3 - s }')"
}

# run_one LOADER RATE: one run; appends a line to $tmp/results:
# loader rate round achieved server_count cpu_s us_per_resp steady_us rss_mb vol_s invol_s responses elapsed
# connect_p50_ms connect_max_ms connect_failures
run_one() {
  local loader="$1" rate="$2" o="$tmp/run.out" tf="$tmp/run.time" cmd=() pid="" child="" l0="" l1="" t0="" t1=""
  local before after achieved responses q c50=- cmax=- cfail=-
  rm -f "$o" "$tf" "$tmp/z.json"
  case "$loader" in
    zapline)
      cmd=("${launcher[@]}" load "$url" --rate "$rate" -c "$connections" -d "${duration}s" --warmup 0s --quiet)
      [ "$zjson" = 1 ] && cmd+=(--json "$tmp/z.json")
      ;;
    autocannon) cmd=(autocannon -j -c "$connections" --overallRate "$rate" -d "$duration" "$url") ;;
    floor) cmd=("$tmp/pacing-floor" "$port" "$rate" "$duration" "$connections" 0) ;;
    floor-lazy) cmd=("$tmp/pacing-floor" "$port" "$rate" "$duration" "$connections" "${LAZY_SLACK_NS:-200000}" 1) ;;
    hey)
      q="$(awk -v r="$rate" -v c="$connections" 'BEGIN { printf "%.4f", r / c }')"
      cmd=(hey -c "$connections" -q "$q" -z "${duration}s" "$url")
      ;;
  esac
  read_served
  before="$served"
  spawn loader "$o" "$gnu_time" -v -o "$tf" "${cmd[@]}"
  pid="$last_pid"
  # the tool is GNU time's child (taskset, env and the launcher exec, so it keeps that pid: java, node, hey)
  sleep 5
  child="$(pgrep -P "$pid" | head -n1 || true)"
  if [ -n "$child" ]; then
    l0="$(ticks "$child")" t0="$(date +%s%N)"
    sleep $((duration - 6))
    l1="$(ticks "$child")" t1="$(date +%s%N)"
  fi
  wait "$pid" || true
  forget "$pid"
  read_served
  after="$served"
  case "$loader" in
    zapline)
      if [ "$zjson" = 1 ]; then
        read -r achieved c50 cmax cfail < <(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["summary"]
c=s["connect"]; print("%.2f %.1f %.1f %d" % (s["rate_achieved"], c["p50_us"] / 1000, c["max_us"] / 1000,
c["failures"]))' "$tmp/z.json" 2>/dev/null || true)
      else
        # the summary's Rate line (950, 12.3k, 1.05M per s) and Connect line (850µs, 1.23ms, 2.50s)
        read -r achieved c50 cmax cfail < <(awk '
          function n(v) { sub(/\/s$/, "", v); m = 1; if (v ~ /k$/) m = 1e3; if (v ~ /M$/) m = 1e6; sub(/[kM]$/, "", v)
            return v * m }
          function ms(v) { sub(/,$/, "", v); if (v ~ /µs$/) { sub(/µs$/, "", v); return v / 1e3 }
            if (v ~ /ms$/) { sub(/ms$/, "", v); return v + 0 } sub(/s$/, "", v); return v * 1e3 }
          $1 == "Rate" { r = n($2) }
          $1 == "Connect" { for (i = 1; i <= NF; i++) {
            if ($i == "p50") p = ms($(i + 1)); if ($i == "max") x = ms($(i + 1)); if ($i == "failed") f = $(i - 1) } }
          END { printf "%s %.1f %.1f %s\n", r, p, x, f }' "$o")
      fi
      # the responses within the measured phase (the achieved rate is their count over its length)
      responses="$(awk -v a="${achieved:-0}" -v d="$duration" 'BEGIN { printf "%.0f", a * d }')"
      ;;
    autocannon)
      # the last line of its output that is a JSON object (warnings may come first)
      read -r achieved responses < <(python3 -c 'import json,sys
for line in reversed(open(sys.argv[1]).read().splitlines()):
    if line.startswith("{"):
        d = json.loads(line); t = d["requests"]["total"]; print("%.2f %d" % (t / d["duration"], t)); break
' "$o" 2>/dev/null || true)
      ;;
    floor | floor-lazy)
      responses="$(awk '$1 == "pacing-floor" { for (i = 1; i < NF; i++) if ($i == "answered") print $(i + 1) }' "$o")"
      achieved="$(awk -v n="${responses:-0}" -v d="$duration" 'BEGIN { printf "%.2f", n / d }')"
      ;;
    hey)
      achieved="$(awk '/Requests\/sec:/ { print $2 }' "$o")"
      responses="$(awk '/^  \[[0-9]+\]/ { n += $2 } END { print n + 0 }' "$o")"
      ;;
  esac
  awk -v l="$loader" -v r="$rate" -v round="$round" -v a="${achieved:-0}" -v n="${responses:-0}" \
    -v b="${before:-}" -v e="${after:-}" -v d="$duration" -v l0="${l0:-}" -v l1="${l1:-}" -v t0="$t0" -v t1="$t1" \
    -v hz="$hz" -v c50="$c50" -v cmax="$cmax" -v cfail="$cfail" '
    /User time/ { u = $NF } /System time/ { s = $NF } /Maximum resident/ { rss = $NF }
    /^\tVoluntary context/ { vol = $NF } /Involuntary context/ { inv = $NF }
    /Elapsed \(wall clock\)/ { k = split($NF, p, ":"); el = 0; for (i = 1; i <= k; i++) el = el * 60 + p[i] }
    END {
      cpu = u + s
      srv = (b != "" && e != "") ? sprintf("%.1f", (e - b) / d) : "-"
      steady = "-"
      if (l0 != "" && l1 != "" && a > 0) steady = sprintf("%.2f", (l1 - l0) / hz * 1e6 / (a * (t1 - t0) / 1e9))
      printf "%s %s %s %.2f %s %.2f %.2f %s %.1f %.0f %.0f %d %.2f %s %s %s\n", l, r, round, a, srv, cpu,
        (n > 0 ? cpu * 1e6 / n : 0), steady, rss / 1024, vol / el, inv / el, n, el, c50, cmax, cfail
    }' "$tf" >>"$tmp/results"
}

load_before="$(loadavg)"
echo "load average before: $load_before" >&2
: >"$tmp/results"
start_target
# Once before the measured runs: the launcher builds the jar when it is older than the sources, which does not
# belong in a measured run.
"${launcher[@]}" load "$url" --rate 100 -c 2 -d 2s --quiet >"$tmp/prime.out" 2>&1 \
  || { cat "$tmp/prime.out" >&2; die "zapline load failed against the target"; }
for ((round = 1; round <= rounds; round++)); do
  for rate in "${rates[@]}"; do
    for loader in $(rotated "$round" "${loaders[@]}"); do
      run_one "$loader" "$rate"
      tail -n1 "$tmp/results" >&2
    done
  done
done
stop_pid "$server_pid"

# med LOADER RATE FIELD: the median of a column over the rounds ("-" entries left out).
med() {
  awk -v l="$1" -v r="$2" -v f="$3" '$1 == l && $2 == r && $f != "-" { print $f }' "$tmp/results" | median
}
fmt() { awk -v x="${1:-}" -v f="$2" 'BEGIN { if (x == "") print "-"; else printf f, x }'; }

{
  echo "# Load generators' footprint at a fixed rate, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "Target: $target (server $(where "$server_cpu")); loaders $(where "$load_cpu"); $connections connections," \
    "${duration} s per run, $rounds rounds in rotating order. CPU: user + system of the whole process (start-up"
  echo "included); steady: the same from 5 s in to 1 s before the end, per response. RSS: GNU time's maximum" \
    "resident set size. Context switches per second of the run. zapline load: the launcher's default flags" \
    "${ZAPLINE_JAVA_OPTS:+plus ZAPLINE_JAVA_OPTS=$ZAPLINE_JAVA_OPTS }(zapline-java.sh: zapline_load_jvm_opts)."
  echo "zapline load's rate: $([ "$zjson" = 1 ] && echo "rate_achieved of its --json summary" \
    || echo "its summary's Rate line, 3 significant digits (no --json)"); server count: nginx's stub_status"\
    "counter over the run, divided by ${duration} s."
  echo "$(machine). Load average before: $load_before, after: $(loadavg)."
  echo
  if [ "$mode" = connections ]; then
    echo "| loader | rate asked | achieved per round | peak RSS MB | CPU s | voluntary cs/s | involuntary cs/s |" \
      "connect p50 ms | connect max ms | connect failures |"
    echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"
  else
    echo "| loader | rate asked | achieved per round | achieved (median) | vs asked | server count | CPU s |" \
      "CPU us/resp | steady us/resp | peak RSS MB | voluntary cs/s | involuntary cs/s |"
    echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  fi
  for rate in "${rates[@]}"; do
    for loader in "${loaders[@]}"; do
      per="$(awk -v l="$loader" -v r="$rate" '$1 == l && $2 == r { printf "%s%.0f", sep, $4; sep = ", " }' \
        "$tmp/results")"
      a="$(med "$loader" "$rate" 4)"
      if [ "$mode" = connections ]; then
        printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$loader" "$rate" "$per" \
          "$(fmt "$(med "$loader" "$rate" 9)" %.1f)" "$(fmt "$(med "$loader" "$rate" 6)" %.2f)" \
          "$(fmt "$(med "$loader" "$rate" 10)" %.0f)" "$(fmt "$(med "$loader" "$rate" 11)" %.0f)" \
          "$(fmt "$(med "$loader" "$rate" 14)" %.1f)" "$(fmt "$(med "$loader" "$rate" 15)" %.1f)" \
          "$(fmt "$(med "$loader" "$rate" 16)" %.0f)"
      else
        printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$loader" "$rate" "$per" \
          "$(fmt "$a" %.1f)" "$(awk -v a="${a:-0}" -v r="$rate" 'BEGIN { printf "%+.2f %%", (a / r - 1) * 100 }')" \
          "$(fmt "$(med "$loader" "$rate" 5)" %.1f)" "$(fmt "$(med "$loader" "$rate" 6)" %.2f)" \
          "$(fmt "$(med "$loader" "$rate" 7)" %.2f)" "$(fmt "$(med "$loader" "$rate" 8)" %.2f)" \
          "$(fmt "$(med "$loader" "$rate" 9)" %.1f)" "$(fmt "$(med "$loader" "$rate" 10)" %.0f)" \
          "$(fmt "$(med "$loader" "$rate" 11)" %.0f)"
      fi
    done
  done
  echo
  echo "Every run (loader rate round achieved server-count cpu-s us/resp steady-us/resp rss-MB vol/s invol/s" \
    "responses elapsed-s connect-p50-ms connect-max-ms connect-failures):"
  echo
  echo '```'
  cat "$tmp/results"
  echo '```'
} | tee "$out"
