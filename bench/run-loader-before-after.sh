#!/usr/bin/env bash
# The loader's own CPU per request at a fixed rate, before and after a change: one `zapline serve` (CPU 0, from the
# AFTER checkout) for every run, and `zapline load URL --rate R -d D` from each checkout in turn on CPU 1, A B A B ...
# Each run's CPU is the loader process tree's user + system time (getrusage of the children: JVM start and JIT
# included, the same on both sides) over the requests it sent. Prints every run, then per side the median and the
# spread (min..max), and the B/A ratio of the medians: a ratio inside both spreads is noise.
#   bench/run-loader-before-after.sh /path/to/before-checkout /path/to/after-checkout
# Environment: RUNS=4, RATE=10000, DURATION=20s, PORT=18473, OUT=/tmp/loader-before-after.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BEFORE_CHECKOUT AFTER_CHECKOUT" >&2; exit 2; }
a="$(cd "$1" && pwd)"
b="$(cd "$2" && pwd)"
RUNS=${RUNS:-4} RATE=${RATE:-10000} DURATION=${DURATION:-20s} PORT=${PORT:-18473} OUT=${OUT:-/tmp/loader-before-after}
export RUNS RATE DURATION PORT OUT
mkdir -p "$OUT"
for side in "$a" "$b"; do (cd "$side" && ./zapline version >/dev/null); done
taskset -c 0 "$b/zapline" serve --http "127.0.0.1:$PORT" >"$OUT/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q "127.0.0.1:$PORT" "$OUT/serve.log" 2>/dev/null && break; sleep 0.1; done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$a" "$b" <<'PY'
import json, os, resource, statistics, subprocess, sys
a, b = sys.argv[1], sys.argv[2]
out, runs = os.environ["OUT"], int(os.environ["RUNS"])
url = "http://127.0.0.1:%s/health" % os.environ["PORT"]
cpu = {"A": [], "B": []}
for r in range(runs):
    for side, root in (("A", a), ("B", b)):
        f = "%s/%s%d.json" % (out, side, r + 1)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(["taskset", "-c", "1", root + "/zapline", "load", url, "--rate", os.environ["RATE"],
                        "-d", os.environ["DURATION"], "--quiet", "--json", f],
                       check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        sent = json.load(open(f))["summary"]["sent"]
        cpu[side].append(used / sent * 1e6)
        print("%s%d: %.2f s CPU, %d requests, %.2f us CPU/request" % (side, r + 1, used, sent, cpu[side][-1]))
ma, mb = statistics.median(cpu["A"]), statistics.median(cpu["B"])
for side in "AB":
    print("%s: median %.2f us/request, spread %.2f..%.2f" % (side, statistics.median(cpu[side]), min(cpu[side]),
                                                             max(cpu[side])))
print("B/A: %.3f" % (mb / ma))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
