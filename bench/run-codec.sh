#!/usr/bin/env bash
# Reproduces the codec table of docs/benchmarks.md (eth record: ZAP vs Jackson+Blackbird, dsl-json, fastjson2).
#   bench/run-codec.sh                 quick run: 1 fork, 3x1s warm-up, 5x1s measurement (~3 minutes on 2 cores)
#   FULL=1 bench/run-codec.sh          full length: the benchmarks' own settings (2 forks, 5x1s, 10x1s)
#   bench/run-codec.sh 'EthZapBench'   extra arguments go to JMH (a later pattern narrows the selection)
# JAVA picks the JVM (default: the JDK 21+ that ./zapline finds). Results also go to bench/target/codec-eth.json.
set -euo pipefail
cd "$(dirname "$0")/.."
java_bin="${JAVA:-$(./zapline --print-java)}"
jar=bench/target/benchmarks.jar
if [ ! -f "$jar" ]; then
  ./mvnw -q -B verify -pl bench -am -DskipTests
fi
if [ "${FULL:-0}" = 1 ]; then
  opts=()
else
  opts=(-f 1 -wi 3 -w 1s -i 5 -r 1s)
fi
exec "$java_bin" -jar "$jar" 'dev.zapline.bench.codec.eth' "${opts[@]}" -prof gc \
  -rf json -rff bench/target/codec-eth.json "$@"
