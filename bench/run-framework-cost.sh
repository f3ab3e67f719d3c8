#!/usr/bin/env bash
# Framework cost of zapline's HTTP request path over raw Netty, without sockets (EmbeddedChannel). Builds
# bench/target/benchmarks.jar when it is missing.
#   bench/run-framework-cost.sh            JMH (1 fork, 3x1s warm-up, 5x1s, -prof gc), then the CPU-time cross-check
#   bench/run-framework-cost.sh -w 500ms -r 500ms -e idle   extra arguments go to JMH after the script's own
#                                          (-f 1 -wi 3 -i 5 -prof gc: JMH refuses an option given twice)
# The cross-check (HttpFrameworkCpuCost) times each arm by thread CPU time, one JVM per arm, ROUNDS (3) rounds
# in rotating order, pinned to core CPU (default: the server's core, bench/lib.sh): it holds steady when other
# work shares the machine, which JMH's wall-clock figures do not. JAVA picks the JVM (default: the JDK 21+ that
# ./zapline finds). JMH's JSON goes to bench/target/http-framework.json.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init
differs "JMH runs unpinned with its forks' own flags (@Fork: -Xms1g -Xmx1g, leak detection off); the CPU-time" \
  "cross-check runs on the server's core (CPU overrides) with the server flags but a 1 GB heap, as those JMH" \
  "forks have, so both halves measure the same JVM"
rounds="${ROUNDS:-3}"
cpu="${CPU-$server_cpu}"
need_jars "$BENCHMARKS_JAR"
jvm_flags 1g
cross=("$java_bin" "${jvm_flags[@]}")
[ -z "$cpu" ] || cross=(taskset -c "$cpu" "${cross[@]}")

echo "load average before: $(loadavg)"
run_fg none "$tmp/jmh.out" "$java_bin" -jar "$BENCHMARKS_JAR" "$HTTP_FRAMEWORK_BENCH" -f 1 -wi 3 -i 5 -prof gc \
  -rf json -rff bench/target/http-framework.json "$@" || { cat "$tmp/jmh.out" >&2; die "JMH failed"; }
grep -E '^(Benchmark|HttpFrameworkBench)' "$tmp/jmh.out" | grep -v -E 'gc\.(alloc\.rate|count|time) ' || true
echo
echo "Thread CPU time, one JVM per arm (25 x 200k requests, first 5 not counted), $rounds rounds, $(where "$cpu"):"
arms=(zapline zapline-preencoded raw raw-refresh raw-codec raw-idle)
for ((r = 1; r <= rounds; r++)); do
  for arm in $(rotated "$r" "${arms[@]}"); do
    run_fg none "$tmp/cpu.out" "${cross[@]}" -cp "$BENCHMARKS_JAR" "$HTTP_FRAMEWORK_CPU_COST" 25 200000 "$arm" \
      || { cat "$tmp/cpu.out" >&2; die "$HTTP_FRAMEWORK_CPU_COST $arm failed"; }
    awk -v r="$r" -v a="$arm" '$1 == a { print "round " r ": " $0 }' "$tmp/cpu.out"
  done
done
echo "load average after: $(loadavg)"
