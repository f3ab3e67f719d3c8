#!/usr/bin/env bash
# Framework cost of zapline's HTTP request path over raw Netty, without sockets (EmbeddedChannel). Builds nothing:
#   ./mvnw -q -B package -DskipTests
#   bench/run-framework-cost.sh            JMH (1 fork, 3x1s warm-up, 5x1s, -prof gc), then the CPU-time cross-check
# The cross-check (HttpFrameworkCpuCost) times each arm by thread CPU time, one JVM per arm, ROUNDS (3) rounds
# in rotating order, pinned to core CPU (0): it holds steady when other work shares the machine, which JMH's
# wall-clock figures do not. JAVA picks the JVM (default: the JDK 21+ that ./zapline finds). JMH's JSON goes to bench/target/http-framework.json.
set -euo pipefail
cd "$(dirname "$0")/.."
java_bin="${JAVA:-$(./zapline --print-java)}"
rounds="${ROUNDS:-3}"
cpu="${CPU:-0}"
jar=bench/target/benchmarks.jar
[ -f "$jar" ] || { echo "run-framework-cost.sh: $jar is missing; run ./mvnw -q -B package -DskipTests" >&2; exit 2; }
opts=(--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Xms1g -Xmx1g
  -Dio.netty.leakDetection.level=DISABLED)

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$java_bin" -jar "$jar" 'dev.zapline.bench.server.HttpFrameworkBench' -f 1 -wi 3 -i 5 -prof gc \
  -rf json -rff bench/target/http-framework.json 2>&1 | grep -E '^(Benchmark|HttpFrameworkBench)' \
  | grep -v -E 'gc\.(alloc\.rate|count|time) '
echo
echo "Thread CPU time, one JVM per arm (25 x 200k requests, first 5 not counted), $rounds rounds:"
arms=(zapline zapline-preencoded raw raw-refresh raw-codec raw-idle)
n=${#arms[@]}
for ((r = 1; r <= rounds; r++)); do
  for ((k = 0; k < n; k++)); do
    arm="${arms[$(((k + r - 1) % n))]}"
    taskset -c "$cpu" "$java_bin" "${opts[@]}" -cp "$jar" dev.zapline.bench.server.HttpFrameworkCpuCost 25 200000 \
      "$arm" 2>/dev/null | awk -v r="$r" -v a="$arm" '$1 == a { print "round " r ": " $0 }'
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
