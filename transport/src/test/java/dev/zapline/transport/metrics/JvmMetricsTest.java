package dev.zapline.transport.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmMetricsTest {

    @Test
    void writesGcMemoryThreadsAndCpuOfThisJvm() {
        Exposition e = new Exposition();
        JvmMetrics.write(e);
        List<String> lines = Arrays.asList(e.toString().split("\n"));
        assertThat(lines)
                .contains(
                        "# TYPE jvm_gc_collections_total counter",
                        "# TYPE jvm_gc_collection_seconds_total counter",
                        "# TYPE jvm_memory_used_bytes gauge",
                        "# TYPE process_cpu_seconds_total counter");
        String gc = ManagementFactory.getGarbageCollectorMXBeans().get(0).getName();
        assertThat(lines).anyMatch(l -> l.startsWith("jvm_gc_collections_total{gc=\"" + gc + "\"} "));
        long heap = Long.parseLong(value(lines, "jvm_memory_used_bytes{area=\"heap\"}"));
        assertThat(heap).isPositive();
        long threads = Long.parseLong(value(lines, "jvm_threads_current"));
        assertThat(threads).isGreaterThanOrEqualTo(1);
        assertThat(Double.parseDouble(value(lines, "process_cpu_seconds_total")))
                .isPositive();
    }

    private static String value(List<String> lines, String series) {
        return lines.stream()
                .filter(l -> l.startsWith(series + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + series))
                .substring(series.length() + 1);
    }
}
