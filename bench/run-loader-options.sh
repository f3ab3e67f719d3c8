#!/usr/bin/env bash
# Options of `zapline load` side by side at a fixed rate (issue 31): the same run with different flags, in rotating
# order each round, against one nginx worker (or `zapline serve` without nginx) on the server's core, the loader on
# its own core (bench/lib.sh). Used to choose the send slack's default and the transport (`--io`).
#   bench/run-loader-options.sh       # ARMS below, RATES="10000 50000", 3 rounds of 20 s: about 12 minutes
#   ARMS='exact=--send-slack 0|slack=--send-slack 100us' RATES=10000 ROUNDS=2 DURATION=10 bench/run-loader-options.sh
# Per run, through the launcher (./zapline, its default JVM flags): whole-process CPU (GNU time -v, start-up
# included) and per response; steady CPU per response from 5 s in to 1 s before the end (/proc/PID/stat); peak RSS;
# voluntary context switches per second; and from the run's --json: the achieved rate (exact), the loader's own
# 10 ms pacing buckets within +-(1 + 1%), the send lag p50/p99 (summary.loader), corrected and service p50/p99.
# The table: per rate and arm, the median over ROUNDS and the spread (min..max). --json adds to the loader's memory
# (the summary is rendered each second), so RSS here is not the footprint figure: bench/run-footprint.sh is.
# Environment:
#   ARMS='exact=--send-slack 0|slack100=--send-slack 100us|slack200=--send-slack 200us|io_uring=--io io_uring'
#   RATES="10000 50000" ROUNDS=3 DURATION=20 (seconds, at least 10) CONNECTIONS=16 PORT=18520
#   OUT=bench/target/run-loader-options.md; SERVER_CPU= LOAD_CPU= JAVA= ZAPLINE_JAVA_OPTS=: bench/lib.sh
# Loopback only; every run is bounded by DURATION; everything started stops on exit.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

arms_text="${ARMS:-exact=--send-slack 0|slack100=--send-slack 100us|slack200=--send-slack 200us|io_uring=--io io_uring}"
rounds="${ROUNDS:-3}"
duration="${DURATION:-20}"
connections="${CONNECTIONS:-16}"
port="${PORT:-18520}"
out="${OUT:-bench/target/run-loader-options.md}"
read -ra rates <<<"${RATES:-10000 50000}"
[ "$duration" -ge 10 ] 2>/dev/null || die "DURATION=$duration: at least 10 (seconds), for the steady window"
gnu_time=/usr/bin/time
[ -x "$gnu_time" ] || die "GNU time is not at $gnu_time (apt-get install time)"
need python3
IFS='|' read -ra arm_specs <<<"$arms_text"
names=()
declare -A flags
for a in "${arm_specs[@]}"; do
  n="${a%%=*}"
  if [ -z "$n" ] || [ "$n" = "$a" ]; then die "ARMS: '$a' is not NAME=FLAGS"; fi
  names+=("$n")
  flags[$n]="${a#*=}"
done
launcher=(env)
[ -n "${JAVA:-}" ] && launcher+=(ZAPLINE_JAVA="$java_bin")
launcher+=("$bench_root/zapline")
url="http://127.0.0.1:$port/health"
hz="$(getconf CLK_TCK)"

if have nginx; then
  nginx_conf "$port" "$tmp/nginx-$port"
  start_server nginx "$port" nginx -p "$tmp/nginx-$port" -c "$tmp/nginx-$port/nginx.conf" -e "$tmp/error.log"
  target="nginx, 1 worker"
else
  start_arm zapline "$port"
  target="zapline serve, 1 event loop"
fi
"${launcher[@]}" load "$url" --rate 100 -c 2 -d 2s --quiet >"$tmp/prime.out" 2>&1 \
  || { cat "$tmp/prime.out" >&2; die "zapline load failed against the target"; }

load_before="$(loadavg)"
echo "load average before: $load_before" >&2
: >"$tmp/results"
for ((round = 1; round <= rounds; round++)); do
  for rate in "${rates[@]}"; do
    for arm in $(rotated "$round" "${names[@]}"); do
      # shellcheck disable=SC2206  # the arm's flags are words
      extra=(${flags[$arm]})
      rm -f "$tmp/run.json" "$tmp/run.time"
      spawn loader "$tmp/run.out" "$gnu_time" -v -o "$tmp/run.time" "${launcher[@]}" load "$url" --rate "$rate" \
        -c "$connections" -d "${duration}s" --warmup 0s --quiet --json "$tmp/run.json" "${extra[@]}"
      pid="$last_pid"
      sleep 5
      child="$(pgrep -P "$pid" | head -n1 || true)"
      l0="" l1="" t0="" t1=""
      if [ -n "$child" ]; then
        l0="$(ticks "$child")" t0="$(date +%s%N)"
        sleep $((duration - 6))
        l1="$(ticks "$child")" t1="$(date +%s%N)"
      fi
      wait "$pid" || true
      forget "$pid"
      python3 - "$tmp/run.json" "$tmp/run.time" "$arm" "$rate" "$round" "${l0:-}" "${l1:-}" "${t0:-0}" "${t1:-0}" \
        "$hz" >>"$tmp/results" <<'PY' || echo "$arm $rate $round failed" >&2
import json, re, sys
js, tf, arm, rate, rnd, l0, l1, t0, t1, hz = sys.argv[1:]
s = json.load(open(js))["summary"]
t = open(tf).read()
def g(p):
    m = re.search(p, t)
    return float(m.group(1)) if m else 0.0
cpu = g(r"User time \(seconds\): ([\d.]+)") + g(r"System time \(seconds\): ([\d.]+)")
rss = g(r"Maximum resident set size \(kbytes\): (\d+)") / 1024
vol = g(r"\tVoluntary context switches: (\d+)")
el = t.split("Elapsed (wall clock) time (h:mm:ss or m:ss): ")[1].split()[0].split(":")
el = sum(float(x) * 60 ** i for i, x in enumerate(reversed(el)))
a = s["rate_achieved"]
n = a * s["duration_s"]
steady = "-"
if l0 and l1 and a > 0:
    steady = "%.2f" % ((int(l1) - int(l0)) / int(hz) * 1e6 / (a * (int(t1) - int(t0)) / 1e9))
p = s.get("pacing") or {}
within = 100.0 * p.get("within", 0) / p["buckets"] if p.get("buckets") else 0
lag = (s.get("loader") or {}).get("send_lag") or {}
lat = s.get("latency", {})
print(arm, rate, rnd, "%.3f" % a, "%.2f" % cpu, "%.2f" % (cpu * 1e6 / n if n else 0), steady, "%.1f" % rss,
      "%.0f" % (vol / el), "%.2f" % within, "%.1f" % lag.get("p50_us", 0), "%.1f" % lag.get("p99_us", 0))
PY
      tail -n1 "$tmp/results" >&2
    done
  done
done
load_after="$(loadavg)"

python3 - "$tmp/results" "${rates[*]}" "${names[*]}" <<'PY' | tee "$out"
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
rates, names = sys.argv[2].split(), sys.argv[3].split()
cols = [("achieved/s", 3, "%.2f"), ("CPU s", 4, "%.2f"), ("CPU µs/resp", 5, "%.2f"), ("steady µs/resp", 6, "%.2f"),
        ("peak RSS MB", 7, "%.1f"), ("vol cs/s", 8, "%.0f"), ("pacing within %", 9, "%.2f"),
        ("send lag p50 µs", 10, "%.1f"), ("send lag p99 µs", 11, "%.1f")]
print("| rate | arm | " + " | ".join(c[0] for c in cols) + " |")
print("|---:|---|" + "---:|" * len(cols))
for r in rates:
    for n in names:
        sel = [x for x in rows if x[0] == n and x[1] == r]
        cells = []
        for _, i, f in cols:
            v = [float(x[i]) for x in sel if x[i] != "-"]
            if not v:
                cells.append("-")
            elif len(v) == 1:
                cells.append(f % v[0])
            else:
                cells.append("%s (%s..%s)" % (f % statistics.median(v), f % min(v), f % max(v)))
        print("| %s | %s | %s |" % (r, n, " | ".join(cells)))
print()
print("Every run (arm rate round achieved cpu-s cpu-us/resp steady-us/resp rss-MB vol-cs/s pacing-within-% "
      "send-lag-p50-us send-lag-p99-us):")
print()
print("```")
for x in rows:
    print(" ".join(x))
print("```")
PY
{
  echo
  echo "Target: $target ($(where "$server_cpu")); zapline load $(where "$load_cpu"), $connections connections," \
    "${duration} s per run, --warmup 0s, $rounds rounds in rotating order. Arms: $arms_text."
  echo "$(machine). Load average before: $load_before, after: $load_after."
} | tee -a "$out"
