#!/usr/bin/env bash
# Paired before/after runs of `zapline bench` for a change that must not cost anything: the same bench, built from two
# checkouts, run in turn A B A B ... on one quiet machine, each run writing its JSON. Per arm it prints the median
# over runs, and the spread (min..max), of the server's CPU per request and of the loader's CPU per request (the
# loader's process cores over its req/s), with the B/A ratio of the medians. A ratio inside both sides' spread is
# noise. When the raw-netty arm runs too (its code is the same on both sides), each arm's server CPU per request is
# also given relative to raw-netty's in the same run: that ratio cancels the drift of a shared machine between runs,
# and raw-netty's own B/A says how far the machine drifted.
#
#   bench/run-before-after.sh /path/to/before-checkout /path/to/after-checkout
# Environment:
#   RUNS=3                  runs of each checkout (interleaved: A1 B1 A2 B2 ...)
#   BENCH_ARGS="--sets 16 --rounds 3 -d 2s"   what each `zapline bench` run gets (default: the pipelined set)
#   OUT=/tmp/before-after   where the JSON of every run goes
# Each checkout's `./zapline` builds its own jar first when its sources changed (outside the timed runs).
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 BEFORE_CHECKOUT AFTER_CHECKOUT" >&2; exit 2; }
a="$(cd "$1" && pwd)"
b="$(cd "$2" && pwd)"
runs="${RUNS:-3}"
args="${BENCH_ARGS:---sets 16 --rounds 3 -d 2s}"
out="${OUT:-/tmp/before-after}"
command -v python3 >/dev/null || { echo "run-before-after.sh: needs python3" >&2; exit 2; }
mkdir -p "$out"

for side in "$a" "$b"; do
  (cd "$side" && ./zapline version >/dev/null) || { echo "run-before-after.sh: $side does not build" >&2; exit 2; }
done

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq 1 "$runs"); do
  for side in A B; do
    dir="$a"
    [ "$side" = B ] && dir="$b"
    echo "run $i $side ($dir)"
    # shellcheck disable=SC2086
    (cd "$dir" && ./zapline bench $args --out "$out/$side$i" >"$out/$side$i.txt" 2>&1) || echo "  (exit $?, see $out/$side$i.txt)"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$out" "$runs" <<'PY'
import glob, json, statistics, sys
out, runs = sys.argv[1], int(sys.argv[2])
def arms(side):
    """Each run's arms that were measured."""
    for i in range(1, runs + 1):
        for f in glob.glob(f"{out}/{side}{i}/bench.json"):
            yield [a for a in json.load(open(f)).get("arms", []) if a.get("rps")]
def load(side):
    rows = {}
    for run in arms(side):
        for arm in run:
            r = rows.setdefault((arm["name"], arm["pipeline"]), {"srv": [], "ldr": []})
            r["srv"].append(arm["cpu_ns_per_req"])
            r["ldr"].append(arm["loader_cores"] * 1e9 / arm["rps"])
    return rows
def relative(side):
    rows = {}
    for run in arms(side):
        base = {a["pipeline"]: a["cpu_ns_per_req"] for a in run if a["name"] == "raw-netty"}
        for arm in run:
            if arm["name"] != "raw-netty" and arm["pipeline"] in base:
                rows.setdefault((arm["name"], arm["pipeline"]), []).append(arm["cpu_ns_per_req"] / base[arm["pipeline"]])
    return rows
def spread(v, f):
    return f"{statistics.median(v):{f}} ({min(v):{f}}..{max(v):{f}})"
A, B = load("A"), load("B")
print(f"{'arm':24} {'server ns/req A':>24} {'B':>24} {'B/A':>6}   {'loader ns/req A':>24} {'B':>24} {'B/A':>6}")
for key in sorted(A.keys() & B.keys()):
    a, b = A[key], B[key]
    rs = statistics.median(b["srv"]) / statistics.median(a["srv"])
    rl = statistics.median(b["ldr"]) / statistics.median(a["ldr"])
    print(f"{key[0] + ' x' + str(key[1]):24} {spread(a['srv'], '.0f'):>24} {spread(b['srv'], '.0f'):>24} {rs:6.3f}   "
          f"{spread(a['ldr'], '.0f'):>24} {spread(b['ldr'], '.0f'):>24} {rl:6.3f}")
RA, RB = relative("A"), relative("B")
if RA and RB:
    print()
    print("server CPU per request relative to raw-netty's in the same run (median, min..max over runs)")
    print(f"{'arm':24} {'A':>22} {'B':>22} {'B/A':>6}")
    for key in sorted(RA.keys() & RB.keys()):
        r = statistics.median(RB[key]) / statistics.median(RA[key])
        print(f"{key[0] + ' x' + str(key[1]):24} {spread(RA[key], '.3f'):>22} {spread(RB[key], '.3f'):>22} {r:6.3f}")
PY
