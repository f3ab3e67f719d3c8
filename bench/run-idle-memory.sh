#!/usr/bin/env bash
# Heap held per idle keep-alive connection by `zapline serve`: opens N connections to it, sends one GET /health
# on each and reads the answer, leaves them open and idle, then forces a full GC (jcmd GC.run) and reads the heap
# in use (GC.heap_info). The same with 0 connections gives the baseline; (used(N) - used(0)) / N is the figure.
# Builds cli/target/zapline.jar when it is missing, then
#   bench/run-idle-memory.sh                  # N=2000; OLD=/other/checkout adds its jar for comparison
# Environment: N=2000 PORT=18300 (and the next port for OLD) JAVA=... SERVER_CPU= LOAD_CPU= (bench/lib.sh; the
# client runs on the loader's core). Needs python3 (the client) and the JDK's jcmd; one event loop; loopback only.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init
differs "server heap -Xms256m -Xmx256m with -XX:+UseG1GC (JAVA_OPTS not used): a fixed heap, so nothing resizes" \
  "between the two readings, and G1, whose GC.heap_info gives one used figure for the whole heap; this measures" \
  "heap per connection, not speed"

n="${N:-2000}"
port="${PORT:-18300}"
jcmd="$(dirname "$java_bin")/jcmd"
need python3
[ -x "$jcmd" ] || die "no jcmd beside $java_bin"
need_jars "$ZAPLINE_JAR"
jars=("$ZAPLINE_JAR")
[ -n "${OLD:-}" ] && jars+=("$OLD/$ZAPLINE_JAR")
jvm_flags 256m
idle_java=("$java_bin" "${jvm_flags[@]}" -XX:+UseG1GC)
ulimit -n 65536 2>/dev/null || true

client='
import socket, sys, time
port, n = int(sys.argv[1]), int(sys.argv[2])
socks = []
for _ in range(n):
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
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
time.sleep(600)  # held open until the script stops it; 10 minutes at most
'

used_kb() {
  "$jcmd" "$1" GC.run >/dev/null
  "$jcmd" "$1" GC.heap_info | awk '/used/ { for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1); sub(/K,?/, "", v); print v; exit } }'
}

for jar in "${jars[@]}"; do
  [ -f "$jar" ] || die "$jar is missing"
  start_server zapline "$port" "${idle_java[@]}" -jar "$jar" serve --http "127.0.0.1:$port" --event-loops 1 --grace 1
  base=$(used_kb "$server_pid")
  spawn loader "$tmp/client.out" python3 -c "$client" "$port" "$n"
  client_pid="$last_pid"
  for _ in $(seq 600); do
    grep -q open "$tmp/client.out" 2>/dev/null && break
    kill -0 "$client_pid" 2>/dev/null || { cat "$tmp/client.out" >&2; die "the client failed"; }
    sleep 0.1
  done
  grep -q open "$tmp/client.out" || die "the client did not open $n connections in 60 s"
  loaded=$(used_kb "$server_pid")
  stop_pid "$client_pid"
  rm -f "$tmp/client.out"
  stop_pid "$server_pid"
  awk -v j="$jar" -v b="$base" -v l="$loaded" -v n="$n" \
    'BEGIN { printf "%s: heap used %d KB idle, %d KB with %d idle connections: %.2f KB per connection\n", j, b, l, n, (l - b) / n }'
  port=$((port + 1))
done
