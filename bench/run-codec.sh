#!/usr/bin/env bash
# Reproduces the codec table of docs/benchmarks.md (eth record: ZAP vs Jackson+Blackbird, dsl-json, fastjson2).
#   bench/run-codec.sh                 quick run: 1 fork, 3x1s warm-up, 5x1s measurement (~3 minutes on 2 cores)
#   FULL=1 bench/run-codec.sh          full length: the benchmarks' own settings (2 forks, 5x1s, 10x1s)
#   bench/run-codec.sh -e 'Json|Base'  extra arguments go to JMH after the script's own: another pattern adds
#                                      benchmarks, -e REGEXP leaves some out; JMH refuses an option given twice
# JAVA picks the JVM (default: the JDK 21+ that ./zapline finds). Builds bench/target/benchmarks.jar when it is
# missing. Results also go to bench/target/codec-eth.json. Settings: bench/lib.sh (this script prints how it departs).
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init
differs "unpinned and no server JVM: in-process JMH benchmarks, no server or loader; JMH's forks take their heap" \
  "from the benchmarks' @Fork (-Xms1g -Xmx1g), the same for every codec"
need_jars "$BENCHMARKS_JAR"
if [ "${FULL:-0}" = 1 ]; then
  opts=()
else
  opts=(-f 1 -wi 3 -w 1s -i 5 -r 1s)
fi
run_fg none - "$java_bin" -jar "$BENCHMARKS_JAR" "$CODEC_ETH_BENCHES" "${opts[@]}" -prof gc \
  -rf json -rff bench/target/codec-eth.json "$@"
