#!/usr/bin/env bash
# ZAP versus HTTP/1.1 on the same zapline server, same handlers, same loader (PipelineLoad), side by side.
# Build first:  ./mvnw -q -B package -DskipTests -pl cli,bench -am
# Usage:        bench/run-transport.sh            (ROUNDS=3 SECONDS=5 WARMUP=2 CONNECTIONS=64 DEPTH=1 JSON=fastjson2)
# The server is pinned to core 0 and the loader to core 1; arms alternate within each round; the server's GC
# count (young + full + concurrent cycles, from jstat) is taken around each measured run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
java="${JAVA:-$(ls -d /usr/lib/jvm/*/bin/java 2>/dev/null | while read -r j; do v=$("$j" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1); [ "${v:-0}" -ge 21 ] && echo "$j"; done | tail -1)}"
jstat="$(dirname "$java")/jstat"
opts=(--enable-native-access=ALL-UNNAMED -XX:+UseG1GC -Xms1g -Xmx1g)
"$java" -version 2>&1 | grep -q 'version "2[4-9]' && opts+=(--sun-misc-unsafe-memory-access=allow)
rounds="${ROUNDS:-3}"; seconds="${SECONDS_PER_RUN:-5}"; warmup="${WARMUP:-2}"
connections="${CONNECTIONS:-64}"; depth="${DEPTH:-1}"; json="${JSON:-fastjson2}"
arms="${ARMS:-http-health zap-health http-rpc-zap zap-rpc-zap http-rpc-json zap-rpc-json}"
work="$(mktemp -d)"; server=""
cleanup() { [ -n "$server" ] && kill -TERM "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT INT TERM

"$java" -cp "$root/bench/target/benchmarks.jar" dev.zapline.bench.load.Requests "$work"
taskset -c 0 "$java" "${opts[@]}" -jar "$root/cli/target/zapline.jar" serve --http 127.0.0.1:18090 \
  --zap 127.0.0.1:19090 --event-loops 1 --json "$json" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do grep -q "listening on 127.0.0.1:19090" "$work/server.log" && break; sleep 0.2; done

gcs() { "$jstat" -gc "$server" | tail -1 | awk '{print $(NF-6) + $(NF-4) + $(NF-2)}'; }
echo "# $(date -u +%FT%TZ) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $(uname -r), $("$java" -version 2>&1 | head -1)"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg); $connections connections, depth $depth, ${seconds}s runs after ${warmup}s warm-up"
echo "round arm rps p50_us p99_us errors server_gcs"
for r in $(seq "$rounds"); do
  for arm in $arms; do
    port=18090; kind=http
    case "$arm" in zap-*) port=19090; kind=zap ;; esac
    g0=$(gcs)
    out=$(taskset -c 1 "$java" "${opts[@]}" -cp "$root/bench/target/benchmarks.jar" dev.zapline.bench.load.PipelineLoad \
      "$kind" 127.0.0.1 "$port" "$work/$arm.bin" "$connections" "$depth" "$seconds" "$warmup" 2>/dev/null)
    g1=$(gcs)
    echo "$r $arm $(echo "$out" | sed -E 's/.*"rps":([0-9.]+).*"errors":([0-9]+),"p50_us":([0-9.]+),"p99_us":([0-9.]+).*/\1 \3 \4 \2/') $((g1 - g0))"
  done
done
