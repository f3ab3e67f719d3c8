#!/usr/bin/env bash
# The loader at a fixed rate (issue 31's proof), side by side in one run on this machine, in three parts:
#   table  zapline load, autocannon and hey at each of RATES req/s over CONNECTIONS connections for DURATION s, in
#          rotating order each round (bench/run-footprint.sh, MODE=rate, against nginx when installed): per loader
#          and rate the median over ROUNDS and the spread (min..max) of the steady CPU per response, the whole
#          process's CPU, voluntary context switches per second, peak RSS and the achieved rate with its error;
#          then zapline / autocannon for each of these. A reference row, "floor", is bench/pacing-floor.c: exact
#          pacing in a few lines of C (each request at its own due time, each response read as it arrives); another,
#          "floor-lazy", the same program never woken by a response (the least any exact loader can spend).
#   wire   tcpdump on lo around one zapline load run (and one autocannon run, for contrast) at each of WIRE_RATES
#          for WIRE_DURATION s, read back by bench/pacing_wire.py: request starts per 10 ms bucket on the wire,
#          how many are within +-(1 + 1%) of the schedule, and each request's send time minus its intended time.
#   wrk    max throughput, pinned, one loader thread (bench/run-loaders.sh, VARIANTS=pinned-1t): wrk, zapline load
#          (HTTP) and zapline load (ZAP) at 1 request in flight and at 16 pipelined per connection, against
#          `zapline serve` and the raw Netty baseline, WRK_DURATION s a run; zapline/wrk and ZAP/HTTP.
# Prints the load average before and after, and writes the Markdown it prints to OUT.
#   bench/run-loader-cost.sh                                       # all three parts: about 40 minutes
#   ROUNDS=1 DURATION=10 RATES=5000 PARTS=table bench/run-loader-cost.sh   # a quick look at one rate
#   PARTS="wire wrk" WRK_DURATION=2 ROUNDS=1 bench/run-loader-cost.sh      # the wire check and a short wrk look
# Missing tools are installed when this runs as root (INSTALL=1, the default): autocannon with
# `PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install -g autocannon@8`; hey, tcpdump, nginx, wrk and GNU time with
# `apt-get install -y`. A tool that is still missing is named and the part that needs it is skipped (autocannon
# or hey: their rows; GNU time: the table; tcpdump: the wire check; wrk: the wrk part; nginx: the table and the
# wire check use `zapline serve` as the target instead).
# Environment:
#   PARTS="table wire wrk" ROUNDS=3 DURATION=30 (seconds, at least 10) RATES="1000 5000 10000 50000"
#   CONNECTIONS=16 WIRE_RATES="2000 10000" WIRE_DURATION=10 (seconds) WIRE_LOADERS="zapline autocannon"
#   WRK_DURATION=5 (seconds) INSTALL=1 PCAP_DIR= (keep the captures there; default: removed at the end)
#   PORT=18480 (the wire check's target; the table's PORT+1, the wrk part's PORT+2 and PORT+3)
#   OUT=bench/target/run-loader-cost.md
#   SERVER_CPU= LOAD_CPU= JAVA= JAVA_OPTS= ZAPLINE_JAVA_OPTS=: bench/lib.sh; TARGET=nginx|zapline (the table's and
#   the wire check's target), ZAPLINE_JSON=: bench/run-footprint.sh; WARMUP=, ZAPLINE_WARMUP=: bench/run-loaders.sh.
# Loopback only; every run is bounded; everything started here stops on exit (SIGTERM, then SIGKILL after 5 s).
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

rounds="${ROUNDS:-3}"
duration="${DURATION:-30}"
connections="${CONNECTIONS:-16}"
wire_duration="${WIRE_DURATION:-10}"
wrk_duration="${WRK_DURATION:-5}"
port="${PORT:-18480}"
install="${INSTALL:-1}"
pcap_dir="${PCAP_DIR:-}"
out="${OUT:-bench/target/run-loader-cost.md}"
read -ra rates <<<"${RATES:-1000 5000 10000 50000}"
read -ra wire_rates <<<"${WIRE_RATES:-2000 10000}"
read -ra wire_loaders <<<"${WIRE_LOADERS:-zapline autocannon}"
read -ra parts <<<"${PARTS:-table wire wrk}"
for p in "${parts[@]}"; do
  case "$p" in table | wire | wrk) ;; *) die "PARTS: unknown part '$p' (table, wire, wrk)" ;; esac
done
for l in "${wire_loaders[@]}"; do
  case "$l" in
    zapline | autocannon | hey) ;;
    *) die "WIRE_LOADERS: unknown loader '$l' (zapline, autocannon, hey)" ;;
  esac
done
for n in "$rounds" "$duration" "$connections" "$wire_duration" "$wrk_duration" "$port" "${rates[@]}" \
  "${wire_rates[@]}"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "'$n': ROUNDS, DURATION, CONNECTIONS, WIRE_DURATION, WRK_DURATION, PORT," \
    "RATES and WIRE_RATES take whole numbers above 0"
done
case "${TARGET:-}" in "" | nginx | zapline) ;; *) die "TARGET=$TARGET: nginx or zapline" ;; esac
[ "$duration" -ge 10 ] || die "DURATION=$duration: at least 10 (seconds; the table's steady window starts 5 s in)"
[ "$port" -le 65532 ] || die "PORT=$port: at most 65532 (PORT+3 is used too)"
if [ -n "$pcap_dir" ]; then
  mkdir -p "$pcap_dir" || die "PCAP_DIR=$pcap_dir cannot be created"
fi
mkdir -p "$(dirname "$out")"
wants() { [[ " ${parts[*]} " == *" $1 "* ]]; }

notes=()
missing=" "
# ensure TOOL: whether TOOL is there, after installing it when missing and allowed (as root, INSTALL=1); a tool
# found missing once is not tried again.
ensure() {
  local tool="$1" pkg="$1" log="$tmp/install-$1.log"
  [ "$tool" = /usr/bin/time ] && pkg=time log="$tmp/install-time.log"
  if [ -x "$tool" ] || have "$tool"; then return 0; fi
  [[ "$missing" == *" $pkg "* ]] && return 1
  if [ "$install" = 1 ] && [ "$(id -u)" = 0 ]; then
    echo "$bench_name: installing $pkg" >&2
    if [ "$tool" = autocannon ]; then
      if have npm; then PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install -g autocannon@8 >"$log" 2>&1 || true; fi
    elif have apt-get; then
      apt-get install -y "$pkg" >"$log" 2>&1 || { apt-get update >>"$log" 2>&1 && apt-get install -y "$pkg" \
        >>"$log" 2>&1; } || true
    fi
    hash -r
    if [ -x "$tool" ] || have "$tool"; then return 0; fi
  fi
  local how=apt-get
  [ "$tool" = autocannon ] && how=npm
  missing+="$pkg "
  notes+=("$pkg is missing (installing it needs root and $how; INSTALL=$install)")
  echo "$bench_name: ${notes[-1]}" >&2
  return 1
}

# part_run LOG CMD...: CMD in the background (stopped on exit like every child), its stdout to LOG, its stderr
# (progress) to ours; waits for it and returns its status.
part_run() {
  local log="$1" rc=0
  shift
  "$@" </dev/null >"$log" &
  last_pid=$!
  bench_children+=("$last_pid")
  wait "$last_pid" || rc=$?
  forget "$last_pid"
  return "$rc"
}

launcher=(env)
[ -n "${JAVA:-}" ] && launcher+=(ZAPLINE_JAVA="$java_bin")
launcher+=("$bench_root/zapline")
# the launcher rebuilds the jar when it is older than the sources: here, not inside a measured run
"${launcher[@]}" version >/dev/null || die "./zapline version failed"

load_before="$(loadavg)"
echo "load average before: $load_before" >&2
: >"$tmp/table.md"
: >"$tmp/wire.md"
: >"$tmp/wrk.md"

# table: run-footprint.sh, then medians and spreads of its runs
table_part() {
  local loaders=(zapline) l
  if ! ensure /usr/bin/time; then
    echo "Table skipped: GNU time is missing." >"$tmp/table.md"
    return 0
  fi
  for l in autocannon hey; do
    if ensure "$l"; then loaders+=("$l"); fi
  done
  # bench/pacing-floor.c: what exact pacing costs at the least, waking for each response (floor) or only when a
  # request is due (floor-lazy); run-footprint.sh skips both without cc
  loaders+=(floor floor-lazy)
  [ -n "${TARGET:-}" ] || ensure nginx || true
  if ! part_run "$tmp/footprint.out" env MODE=rate ROUNDS="$rounds" DURATION="$duration" RATES="${rates[*]}" \
    CONNECTIONS="$connections" LOADERS="${loaders[*]}" PORT=$((port + 1)) OUT="$tmp/footprint.md" \
    "$bench_root/bench/run-footprint.sh"; then
    echo "Table failed: bench/run-footprint.sh exited with an error (its messages are on stderr above)." \
      >"$tmp/table.md"
    return 0
  fi
  python3 - "$tmp/footprint.md" "${rates[*]}" "${loaders[*]}" >"$tmp/table.md" <<'PY'
import statistics, sys
src, rates, loaders = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
text = open(src).read()
runs = text.split("```")[1].split("\n")
rows = [r.split() for r in runs if r.strip()]
lines = text.splitlines()
first = next((i for i, l in enumerate(lines) if l.startswith("Target:")), len(lines))
last = next((i for i in range(first, len(lines)) if not lines[i].strip()), len(lines))
target = " ".join(lines[first:last])  # run-footprint.sh's paragraph on its target, loaders and measures
# fields of run-footprint.sh's runs: loader rate round achieved server_count cpu_s us_resp steady_us rss_mb vol/s
FIELDS = {"steady": 7, "cpu": 5, "vol": 9, "rss": 8, "achieved": 3, "server": 4}


def values(loader, rate, f):
    out = []
    for r in rows:
        if r[0] == loader and r[1] == rate and r[FIELDS[f]] != "-":
            out.append(float(r[FIELDS[f]]))
    return out


def cell(v, fmt):
    if not v:
        return "-"
    m = fmt % statistics.median(v)
    return m if len(v) == 1 else "%s (%s..%s)" % (m, fmt % min(v), fmt % max(v))


def error(v, rate):
    return "-" if not v else "%+.2f %%" % ((statistics.median(v) / float(rate) - 1) * 100)


def ratio(f, rate):
    a, b = values("zapline", rate, f), values("autocannon", rate, f)
    return "%.2fx" % (statistics.median(a) / statistics.median(b)) if a and b and statistics.median(b) else "-"


print(target.replace("Target:", "Target (bench/run-footprint.sh):", 1))
print()
print("| rate | loader | steady µs/resp | whole process CPU s | voluntary cs/s | peak RSS MB | achieved/s (tool) "
      "| error | server count/s | error |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for rate in rates:
    for loader in loaders:
        a, s = values(loader, rate, "achieved"), values(loader, rate, "server")
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            rate, loader, cell(values(loader, rate, "steady"), "%.1f"), cell(values(loader, rate, "cpu"), "%.2f"),
            cell(values(loader, rate, "vol"), "%.0f"), cell(values(loader, rate, "rss"), "%.1f"),
            cell(a, "%.1f"), error(a, rate), cell(s, "%.1f"), error(s, rate)))
    if "autocannon" in loaders:
        print("| %s | **zapline / autocannon** | %s | %s | %s | %s | | | | |" % (
            rate, ratio("steady", rate), ratio("cpu", rate), ratio("vol", rate), ratio("rss", rate)))
print()
print("Every run (loader rate round achieved server-count cpu-s us/resp steady-us/resp rss-MB vol/s invol/s "
      "responses elapsed-s connect-p50-ms connect-max-ms connect-failures):")
print()
print("```")
print("\n".join(" ".join(r) for r in rows))
print("```")
PY
}

# wire: tcpdump around single runs, read by pacing_wire.py
# clocks: the wall clock and the monotonic clock, read together (seconds); clock_drift A B: how many parts per
# million the wall clock gained on the monotonic one between two such readings. On a virtual machine whose wall
# clock is being slewed (seen here: 5,000 ppm, 50 ms over a 10 s run) the capture's times stretch against the
# loader's schedule, and its buckets and lateness with them.
max_drift_ppm=200
clocks() { python3 -c 'import time; print(time.time(), time.monotonic())'; }
clock_drift() {
  # shellcheck disable=SC2086 # each reading is two numbers
  python3 -c 'import sys
w0, m0, w1, m1 = map(float, sys.argv[1:])
print(round(((w1 - w0) - (m1 - m0)) / (m1 - m0) * 1e6))' $1 $2
}
wire_part() {
  local target=zapline rate loader pcap dump_pid cmd q url="http://127.0.0.1:$port/health" ok i drops own size
  if ! ensure tcpdump; then
    echo "Wire check skipped: tcpdump is missing." >"$tmp/wire.md"
    return 0
  fi
  if [ -n "${TARGET:-}" ]; then
    target="$TARGET"
  elif ensure nginx; then
    target=nginx
  fi
  start_arm "$target" "$port"
  : >"$tmp/wire.rows"
  for rate in "${wire_rates[@]}"; do
    for loader in "${wire_loaders[@]}"; do
      if [ "$loader" != zapline ] && ! ensure "$loader"; then continue; fi
      pcap="$tmp/wire-$loader-$rate.pcap"
      spawn none "$tmp/tcpdump.log" tcpdump -i lo -B 65536 -s 0 -w "$pcap" "tcp port $port"
      dump_pid="$last_pid"
      ok=""
      for ((i = 0; i < 50; i++)); do
        if grep -q "listening on" "$tmp/tcpdump.log" 2>/dev/null; then ok=1; break; fi
        kill -0 "$dump_pid" 2>/dev/null || break
        sleep 0.1
      done
      if [ -z "$ok" ]; then
        stop_pid "$dump_pid"
        notes+=("tcpdump did not start (it needs root or the capture capability): $(tr '\n' ' ' <"$tmp/tcpdump.log")")
        echo "$bench_name: ${notes[-1]}" >&2
        echo "Wire check skipped: tcpdump did not start (see the notes)." >"$tmp/wire.md"
        stop_pid "$server_pid"
        return 0
      fi
      case "$loader" in
        zapline)
          cmd=("${launcher[@]}" load "$url" --rate "$rate" -c "$connections" -d "${wire_duration}s" --warmup 0s --quiet)
          ;;
        autocannon) cmd=(autocannon -c "$connections" --overallRate "$rate" -d "$wire_duration" "$url") ;;
        hey)
          q="$(awk -v r="$rate" -v c="$connections" 'BEGIN { printf "%.4f", r / c }')"
          cmd=(hey -c "$connections" -q "$q" -z "${wire_duration}s" "$url")
          ;;
      esac
      echo "$bench_name: wire check: $loader at $rate/s for $wire_duration s" >&2
      clocks0="$(clocks)"
      run_fg loader "$tmp/wire-load.out" "${cmd[@]}" || echo "$bench_name: $loader exited with an error" >&2
      # the capture's times are the wall clock's; the loaders pace on the monotonic one: say when they parted
      drift="$(clock_drift "$clocks0" "$(clocks)")"
      if [ "${drift#-}" -gt "$max_drift_ppm" ]; then
        notes+=("$loader at $rate/s: the wall clock ran $drift ppm against the monotonic clock during the capture" \
          "(tcpdump stamps packets with the wall clock): its wire times are off by that much; measure again")
        echo "$bench_name: ${notes[-1]}" >&2
      fi
      # on a busy machine tcpdump lags behind the traffic: stop it once its file has not grown for 0.5 s (up to
      # 10 s), so that the last requests are in the capture
      size=-1
      for ((i = 0; i < 20; i++)); do
        sleep 0.5
        [ "$(stat -c %s "$pcap" 2>/dev/null || echo 0)" = "$size" ] && break
        size="$(stat -c %s "$pcap" 2>/dev/null || echo 0)"
      done
      stop_pid "$dump_pid"
      drops="$(awk '/packets dropped by kernel/ { print $1 }' "$tmp/tcpdump.log")"
      # zapline load's own counts: requests sent and dropped, and its own count of the buckets (its summary)
      own="$(awk '$1 == "Scheduled" { s = $4 " sent, " $7 " dropped" }
        $1 == "Pacing" { sub(/^Pacing +/, ""); p = $0 } END { if (s != "") print s "; " p }' "$tmp/wire-load.out")"
      if python3 bench/pacing_wire.py "$pcap" "$port" "$rate" --json "$tmp/wire-$loader-$rate.json" \
        >"$tmp/wire-$loader-$rate.txt" 2>&1; then
        echo "$rate $loader ${drops:--} $tmp/wire-$loader-$rate.json ${own:--}" >>"$tmp/wire.rows"
      else
        notes+=("pacing_wire.py on $loader at $rate/s: $(tr '\n' ' ' <"$tmp/wire-$loader-$rate.txt")")
      fi
      cat "$tmp/wire-$loader-$rate.txt" >&2
      if [ -n "$pcap_dir" ]; then mv "$pcap" "$pcap_dir/"; else rm -f "$pcap"; fi
    done
  done
  stop_pid "$server_pid"
  python3 - "$tmp/wire.rows" "$target" "$wire_duration" "$connections" >"$tmp/wire.md" <<'PY'
import json, sys
rows, target, seconds, conns = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
print("Target: %s; %s connections, one %s s run per loader and rate (zapline load with --warmup 0s, so its JVM's "
      "start is in the count); tcpdump on lo, unpinned. Buckets: 10 ms from wire time 0 (the median request's "
      "send time on the wire matched to its intended time, k/rate); the trailing partial bucket is left out "
      "(bench/pacing_wire.py)." % (target, conns, seconds))
print()
print("| rate | loader | requests on the wire | buckets within ±(1 + 1 %) | bucket counts | worst (at s) "
      "| late p50 µs | p99 | p99.9 | max | rate on the wire | tcpdump drops | zapline load's own count |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for line in open(rows):
    rate, loader, drops, path, own = line.rstrip("\n").split(" ", 4)
    r = json.load(open(path))
    late = r["late_us"]
    print("| %s | %s | %d | %d of %d (%.1f %%) | %s..%s of %g | %s (%s) | %d | %d | %d | %d | %s | %s | %s |" % (
        rate, loader, r["requests"], r["within"], r["buckets"], r["within_pct"], r["lowest"], r["highest"],
        r["per_bucket"], r["worst"], r["worst_at_s"], late["p50"], late["p99"], late["p99_9"], late["max"],
        "-" if r["rate_on_wire"] is None else "%.1f" % r["rate_on_wire"], drops, own if loader == "zapline" else
        "-"))
PY
}

# wrk: run-loaders.sh, pinned, one thread; then the ratios
wrk_part() {
  if ! ensure wrk; then
    echo "wrk comparison skipped: wrk is missing." >"$tmp/wrk.md"
    return 0
  fi
  if ! part_run "$tmp/loaders.out" env ROUNDS="$rounds" DURATION="$wrk_duration" VARIANTS=pinned-1t \
    TARGETS="zapline raw-netty" LOADERS="wrk zapline zapline-zap" DEPTHS="1 16" CONNECTIONS="$connections" \
    OLD_JAR= PORT=$((port + 2)) OUT="$tmp/loaders.md" "$bench_root/bench/run-loaders.sh"; then
    echo "wrk comparison failed: bench/run-loaders.sh exited with an error (its messages are on stderr above)." \
      >"$tmp/wrk.md"
    return 0
  fi
  python3 - "$tmp/loaders.md" >"$tmp/wrk.md" <<'PY'
import sys
text = open(sys.argv[1]).read().splitlines()
runs = {}
for line in text:
    c = [x.strip() for x in line.strip().strip("|").split("|")]
    if len(c) == 11 and c[0] == "pinned-1t":
        per = [float(x) for x in c[4].split(",") if x.strip()]
        runs[(c[1], c[2], c[3])] = (float(c[5]), per, c[10])


def cell(key):
    if key not in runs:
        return "-"
    m, per, _ = runs[key]
    return "%.0f" % m if len(per) < 2 else "%.0f (%.0f..%.0f)" % (m, min(per), max(per))


def ratio(a, b):
    return "%.3fx" % (runs[a][0] / runs[b][0]) if a in runs and b in runs and runs[b][0] else "-"


print("req/s, median of the rounds (spread min..max); pinned, one loader thread (bench/run-loaders.sh, "
      "VARIANTS=pinned-1t). saturated: the side at 95 % or more of its core.")
print()
print("| target | depth | wrk | zapline load | zapline / wrk | zapline load (ZAP) | ZAP / HTTP | saturated (wrk; "
      "zapline) |")
print("|---|---:|---:|---:|---:|---:|---:|---|")
for target in ("zapline", "raw-netty"):
    for depth in ("1", "16"):
        w, z, zz = (target, depth, "wrk"), (target, depth, "zapline"), (target, depth, "zapline-zap")
        sat = "%s; %s" % (runs[w][2] if w in runs else "-", runs[z][2] if z in runs else "-")
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (target, depth, cell(w), cell(z), ratio(z, w), cell(zz),
                                                         ratio(zz, z), sat))
print()
print("bench/run-loaders.sh's own table:")
print()
start = next((i for i, l in enumerate(text) if l.startswith("| variant |")), None)
if start is not None:
    end = start
    while end < len(text) and text[end].startswith("|"):
        end += 1
    print("\n".join(text[start:end]))
PY
}

if wants table; then table_part; fi
if wants wire; then wire_part; fi
if wants wrk; then wrk_part; fi

{
  echo "# The loader at a fixed rate, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "bench/run-loader-cost.sh: PARTS=\"${parts[*]}\" ROUNDS=$rounds DURATION=$duration RATES=\"${rates[*]}\"" \
    "WIRE_RATES=\"${wire_rates[*]}\" WIRE_DURATION=$wire_duration WRK_DURATION=$wrk_duration" \
    "CONNECTIONS=$connections. Servers $(where "$server_cpu"), loaders $(where "$load_cpu")."
  echo "$(machine). Load average before: $load_before, after: $(loadavg)."
  if wants table; then
    echo
    echo "## At a fixed rate: zapline load, autocannon, hey"
    echo
    echo "Each cell: the median over the rounds, with the spread (min..max) when there is more than one;" \
      "error: the median's departure from the rate asked; zapline / autocannon: the ratio of the medians."
    echo
    cat "$tmp/table.md"
  fi
  if wants wire; then
    echo
    echo "## On the wire"
    echo
    cat "$tmp/wire.md"
  fi
  if wants wrk; then
    echo
    echo "## Max throughput against wrk"
    echo
    cat "$tmp/wrk.md"
  fi
  if [ "${#notes[@]}" -gt 0 ]; then
    echo
    echo "Notes:"
    printf -- '- %s\n' "${notes[@]}"
  fi
} | tee "$out"
