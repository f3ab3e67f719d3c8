#!/usr/bin/env bash
# zapline diff on real runs: ABAB rounds of a plain server (A) and the same server slowed by a known amount (B:
# `zapline serve --delay DELAY`), each run against a freshly started server, server on CPU 0 and loader on CPU 1,
# loopback. Then the diffs at the defaults: A against A and B against B (two runs of one build: expected "within
# noise") and A against B (expected "regressed" where the delay lands: with 2ms@50%, p90 and above).
#   bash bench/run-diff.sh        # ROUNDS=2 RATE=2000 DURATION=30s WARMUP=5s DELAY=2ms@50% OUT=bench/target/diff
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-2}
RATE=${RATE:-2000}
DURATION=${DURATION:-30s}
WARMUP=${WARMUP:-5s}
DELAY=${DELAY:-2ms@50%}
PORT=${PORT:-18472}
OUT=${OUT:-bench/target/diff}
mkdir -p "$OUT"
./zapline version >/dev/null
SERVER=
trap '[ -n "$SERVER" ] && kill $SERVER 2>/dev/null || true' EXIT

run() { # NAME [serve flags...]
  local name=$1
  shift
  : >"$OUT/$name.serve.log"
  taskset -c 0 ./zapline serve --http "127.0.0.1:$PORT" "$@" >"$OUT/$name.serve.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do
    grep -q "127.0.0.1:$PORT" "$OUT/$name.serve.log" 2>/dev/null && break
    sleep 0.1
  done
  taskset -c 1 ./zapline load "http://127.0.0.1:$PORT/health" --rate "$RATE" -d "$DURATION" --warmup "$WARMUP" \
    --quiet --json "$OUT/$name.json" >"$OUT/$name.txt"
  kill -TERM $SERVER
  wait $SERVER 2>/dev/null || true
  SERVER=
  echo "$name: $(grep -E '^  p50|^  p99 ' "$OUT/$name.txt" | tr -s ' ' | paste -sd' ')"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$ROUNDS"); do
  run "A$r"
  run "B$r" --delay "$DELAY"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 2 "$ROUNDS"); do
  echo "== zapline diff A1 A$r (same server)"
  ./zapline diff "$OUT/A1.json" "$OUT/A$r.json" || true
  echo "== zapline diff B1 B$r (same delayed server)"
  ./zapline diff "$OUT/B1.json" "$OUT/B$r.json" || true
done
for r in $(seq "$ROUNDS"); do
  echo "== zapline diff A$r B$r (delay $DELAY)"
  ./zapline diff "$OUT/A$r.json" "$OUT/B$r.json" --threshold 'p99 +10%' || echo "(exit $?)"
done
