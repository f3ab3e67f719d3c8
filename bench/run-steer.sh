#!/usr/bin/env bash
# Steers a run while it runs (--control stdin: a rate, a bias, a pause and a resume) and checks its pacing from a
# packet capture, not from the loader's own figures (bench/steer_wire.py). Server on CPU 0, loader on CPU 1, loopback.
#   bash bench/run-steer.sh            # RATE=2000 PORT=18471 OUT=bench/target/steer
# Needs tcpdump (Debian: tcpdump) and root (or the capture capability) for the capture.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18471}
RATE=${RATE:-2000}
OUT=${OUT:-bench/target/steer}
mkdir -p "$OUT"
./zapline version >/dev/null
taskset -c 0 ./zapline serve --http "127.0.0.1:$PORT" >"$OUT/serve.log" 2>&1 &
SERVER=$!
DUMP=
trap 'kill $SERVER ${DUMP:+$DUMP} 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  grep -q "127.0.0.1:$PORT" "$OUT/serve.log" 2>/dev/null && break
  sleep 0.1
done
tcpdump -i lo -w "$OUT/steer.pcap" "tcp port $PORT" 2>"$OUT/tcpdump.log" &
DUMP=$!
sleep 1
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
{
  sleep 5; echo '{"cmd":"rate","rps":'$((RATE * 2))'}'
  sleep 5; echo '{"cmd":"bias","percent":-50}'
  sleep 5; echo '{"cmd":"pause"}'
  sleep 3; echo '{"cmd":"resume"}'
  sleep 3; echo '{"cmd":"mark","label":"steady again"}'
} | taskset -c 1 ./zapline load "http://127.0.0.1:$PORT/health" --rate "$RATE" -d 25s --warmup 0s \
  --control stdin --json "$OUT/steer.json" >"$OUT/load.out" 2>"$OUT/load.err"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
sleep 0.5
kill -INT "$DUMP"
wait "$DUMP" 2>/dev/null || true
DUMP=
grep '"ack"\|"ok":false' "$OUT/load.err" || true
python3 bench/steer_wire.py "$OUT/steer.pcap" "$PORT" "$OUT/steer.json" "$RATE"
