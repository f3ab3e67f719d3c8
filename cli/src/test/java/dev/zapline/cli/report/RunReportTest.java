package dev.zapline.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A long run's timeline is drawn in groups of seconds, so its page stays small; the figures add up. */
class RunReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A run document with {@code warmup} warm-up seconds, then {@code measured} seconds, random figures. */
    private static ObjectNode run(int warmup, int measured, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ObjectNode doc = JSON.createObjectNode();
        ObjectNode summary = doc.putObject("summary");
        summary.put("target", "http://127.0.0.1:1/health");
        summary.put("model", "open");
        doc.putObject("latency").putObject("corrected").put("p99_us", 1);
        ArrayNode timeline = doc.putArray("timeline");
        for (int i = 0; i < warmup + measured; i++) {
            ObjectNode e = timeline.addObject();
            e.put("t", i - warmup + 1.0);
            e.put("seconds", 1.0);
            e.put("rate_target", 3000.0);
            e.put("send_rate", 2990.0 + r.nextInt(20));
            e.put("rate", 2980.0 + r.nextInt(40));
            for (String p : List.of("p50_us", "p90_us", "p99_us", "p999_us", "max_us")) {
                e.put(p, 100 + r.nextInt(100_000) / 7.0);
            }
            ObjectNode service = e.putObject("service");
            for (String p : List.of("p50_us", "p90_us", "p99_us", "p999_us", "max_us")) {
                service.put(p, 50 + r.nextInt(50_000) / 3.0);
            }
            ObjectNode outcomes = e.putObject("outcomes");
            outcomes.put("success", 2990 + r.nextInt(20));
            outcomes.put("timeout", r.nextInt(3));
            ObjectNode status = e.putObject("status");
            status.put("2xx", 2990 + r.nextInt(20));
            status.put("5xx", r.nextInt(5));
            e.put("errors", r.nextInt(3));
            e.put("dropped", r.nextInt(2));
            e.put("inflight", r.nextInt(9));
            e.put("connections", 8);
            e.put("ceiling", 10_000);
            e.put("warmup", i < warmup);
        }
        return doc;
    }

    @Test
    void aShortRunIsDrawnSecondBySecond() {
        ObjectNode doc = run(2, RunReport.MAX_POINTS - 2, 1);
        assertThat(RunReport.forPage(doc)).isSameAs(doc);
    }

    @Test
    void anHourIsDrawnInGroupsThatNeverCrossTheWarmupAndAddUp() {
        ObjectNode doc = run(10, 3590, 42);
        JsonNode page = RunReport.forPage(doc);
        JsonNode in = doc.path("timeline");
        JsonNode out = page.path("timeline");
        int k = page.path("page_seconds_per_point").asInt();
        assertThat(k).isEqualTo(12);
        assertThat(out.size()).isLessThanOrEqualTo(RunReport.MAX_POINTS + 1);
        // the warm-up's 10 seconds are one group of their own; the measured phase starts a new one
        assertThat(out.get(0).path("warmup").asBoolean()).isTrue();
        assertThat(out.get(0).path("seconds").asDouble()).isEqualTo(10.0);
        assertThat(out.get(1).path("warmup").asBoolean()).isFalse();
        int from = 0;
        for (JsonNode point : out) {
            int n = (int) point.path("seconds").asDouble();
            List<JsonNode> group = new java.util.ArrayList<>();
            for (int i = from; i < from + n; i++) {
                group.add(in.get(i));
                assertThat(in.get(i).path("warmup").asBoolean())
                        .isEqualTo(point.path("warmup").asBoolean());
            }
            from += n;
            JsonNode last = group.get(group.size() - 1);
            assertThat(point.path("t").asDouble()).isEqualTo(last.path("t").asDouble());
            assertThat(point.path("inflight")).isEqualTo(last.path("inflight"));
            long success = 0;
            long fives = 0;
            long errors = 0;
            double rate = 0;
            double p99 = 0;
            double serviceMax = 0;
            for (JsonNode e : group) {
                success += e.path("outcomes").path("success").asLong();
                fives += e.path("status").path("5xx").asLong();
                errors += e.path("errors").asLong();
                rate += e.path("rate").asDouble();
                p99 = Math.max(p99, e.path("p99_us").asDouble());
                serviceMax =
                        Math.max(serviceMax, e.path("service").path("max_us").asDouble());
            }
            assertThat(point.path("outcomes").path("success").asLong()).isEqualTo(success);
            assertThat(point.path("status").path("5xx").asLong()).isEqualTo(fives);
            assertThat(point.path("errors").asLong()).isEqualTo(errors);
            assertThat(point.path("rate").asDouble()).isCloseTo(rate / n, within(1e-6));
            assertThat(point.path("p99_us").asDouble()).isEqualTo(p99);
            assertThat(point.path("service").path("max_us").asDouble()).isEqualTo(serviceMax);
        }
        assertThat(from).isEqualTo(in.size());
        // the file's document is left whole
        assertThat(doc.path("timeline").size()).isEqualTo(3600);
    }

    @Test
    void anHoursPageStaysAFewHundredKilobytes() {
        String page = RunReport.render(List.of(new RunReport.Run("hour", run(10, 3590, 7))));
        assertThat(page.length()).as("page size").isLessThan(400_000);
        String second = RunReport.render(List.of(new RunReport.Run("ten minutes", run(10, 290, 7))));
        assertThat(second.length()).isLessThan(page.length() + 1);
    }
}
