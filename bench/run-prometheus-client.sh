#!/usr/bin/env bash
# The request-path cost of the Prometheus Java client (io.prometheus:prometheus-metrics-core), against the plain
# single-writer cells the server counts into: bytes allocated per request on the counting thread (label lookup per
# request, and data points resolved once), and ns per request with two threads on the same series. A rough figure
# (no JMH), the measurement behind docs/server.md "Metrics: why not the client library". Fetches the library from
# Maven Central through the wrapper into the local repository (a throwaway pom in a temp dir), then
#   bench/run-prometheus-client.sh            # VERSION=1.10.0
set -euo pipefail
cd "$(dirname "$0")/.."
version="${VERSION:-1.10.0}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId><artifactId>prometheus-client-cost</artifactId><version>1</version>
  <dependencies>
    <dependency>
      <groupId>io.prometheus</groupId><artifactId>prometheus-metrics-core</artifactId><version>$version</version>
    </dependency>
  </dependencies>
</project>
POM
./mvnw -B -ntp -q -f "$tmp/pom.xml" dependency:build-classpath -Dmdep.outputFile="$tmp/cp.txt" >/dev/null
# shellcheck source=zapline-java.sh
. ./zapline-java.sh
java_bin="${JAVA:-$(zapline_find_java)}" || { zapline_no_java run-prometheus-client.sh; exit 2; }
"$java_bin" -Xms256m -Xmx256m -cp "$(cat "$tmp/cp.txt")" bench/prometheus/ClientCost.java
