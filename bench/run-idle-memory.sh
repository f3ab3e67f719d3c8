#!/usr/bin/env bash
# Heap held per idle keep-alive connection by `zapline serve`: opens N connections to it, sends one GET /health
# on each and reads the answer, leaves them open and idle, then forces a full GC (jcmd GC.run) and reads the heap
# in use (GC.heap_info). The same with 0 connections gives the baseline; (used(N) - used(0)) / N is the figure.
# Builds nothing: first run ./mvnw -q -B package -DskipTests, then
#   bench/run-idle-memory.sh                  # N=2000; OLD=/other/checkout adds its jar for comparison
# Needs python3 (the client) and the JDK's jcmd; one event loop; loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."

n="${N:-2000}"
port="${PORT:-18300}"
java_bin="${JAVA:-$(./zapline --print-java)}"
jcmd="$(dirname "$java_bin")/jcmd"
jars=("cli/target/zapline.jar")
[ -n "${OLD:-}" ] && jars+=("$OLD/cli/target/zapline.jar")
for tool in python3 curl; do
  command -v "$tool" >/dev/null || { echo "run-idle-memory.sh: $tool is not installed" >&2; exit 2; }
done
[ -x "$jcmd" ] || { echo "run-idle-memory.sh: no jcmd beside $java_bin" >&2; exit 2; }
ulimit -n 65536 2>/dev/null || true

client='
import socket, sys, time
port, n = int(sys.argv[1]), int(sys.argv[2])
socks = []
for _ in range(n):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
    socks.append(s)
for s in socks:
    got = b""
    while not got.endswith(b"ok"):
        chunk = s.recv(4096)
        if not chunk:
            sys.exit("connection closed early")
        got += chunk
print("open", len(socks), flush=True)
sys.stdin.read()
'

used_kb() {
  "$jcmd" "$1" GC.run >/dev/null
  "$jcmd" "$1" GC.heap_info | awk '/used/ { for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1); sub(/K,?/, "", v); print v; exit } }'
}

for jar in "${jars[@]}"; do
  [ -f "$jar" ] || { echo "run-idle-memory.sh: $jar is missing" >&2; exit 2; }
  "$java_bin" -Xms256m -Xmx256m -XX:+UseG1GC -jar "$jar" serve --http "127.0.0.1:$port" --event-loops 1 --grace 1 \
    >/dev/null 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/health" && break; sleep 0.1; done
  base=$(used_kb "$server")
  fifo=$(mktemp -u); mkfifo "$fifo"
  python3 -c "$client" "$port" "$n" <"$fifo" >"$fifo.out" &
  py=$!
  exec 9>"$fifo"
  for _ in $(seq 600); do grep -q open "$fifo.out" 2>/dev/null && break; sleep 0.1; done
  loaded=$(used_kb "$server")
  exec 9>&-
  wait "$py" || true
  rm -f "$fifo" "$fifo.out"
  kill -TERM "$server"; wait "$server" 2>/dev/null || true
  awk -v j="$jar" -v b="$base" -v l="$loaded" -v n="$n" \
    'BEGIN { printf "%s: heap used %d KB idle, %d KB with %d idle connections: %.2f KB per connection\n", j, b, l, n, (l - b) / n }'
  port=$((port + 1))
done
