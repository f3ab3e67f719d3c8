package dev.zapline.load.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonReportTest {

    @Test
    void aFileRewrittenEachSecondIsTheWholeRenderingEveryTime(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        JsonReport writer = new JsonReport(file);
        SplittableRandom r = new SplittableRandom(7);
        List<IntervalStats> timeline = new ArrayList<>();
        for (int second = 0; second < 40; second++) {
            double p50 = r.nextDouble(100, 200);
            timeline.add(new IntervalStats(
                    second,
                    1,
                    1000,
                    r.nextDouble(900, 1100),
                    r.nextDouble(900, 1100),
                    new IntervalStats.Latencies(p50, p50 * 2, r.nextDouble(400, 900), r.nextDouble(900, 5000), 9000),
                    new IntervalStats.Latencies(p50, p50, p50 * 2, p50 * 3, 5000),
                    new long[] {r.nextInt(1000), 1, 0, 0, 2, 3, 4, 5, 0, 0, 6},
                    new long[] {0, 0, r.nextInt(1000), 0, 1, 0},
                    r.nextInt(3),
                    r.nextInt(3),
                    r.nextInt(50),
                    10,
                    10_000,
                    second < 3));
            Summary s = summary(second + 1, List.copyOf(timeline), second == 39);
            writer.write(s);
            assertThat(Files.readString(file)).as("after second " + second).isEqualTo(JsonReport.render(s));
        }
        assertThat(Files.readString(file))
                .contains("\"t\":39.000", "\"complete\":true")
                .doesNotContain(".tmp");
        JsonNode last =
                new ObjectMapper().readTree(file.toFile()).path("timeline").get(39);
        assertThat(last.path("p90_us").asDouble())
                .isEqualTo(timeline.get(39).corrected().p90Us(), within(0.001));
        assertThat(last.path("service").path("p999_us").asDouble())
                .isEqualTo(timeline.get(39).service().p999Us(), within(0.001));
        assertThat(last.path("outcomes").path("dropped").asLong()).isEqualTo(6);
        assertThat(last.path("outcomes").path("protocol").asLong()).isEqualTo(5);
        assertThat(last.path("status").path("4xx").asLong()).isEqualTo(1);
        assertThat(last.path("connections").asLong()).isEqualTo(10);
    }

    @Test
    void theCommandAndTheMachineAreRecorded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        new JsonReport(file, "zapline load \"http://x/\" --rate 10").write(summary(1, List.of(), true));
        JsonNode j = new ObjectMapper().readTree(file.toFile());
        assertThat(j.path("summary").path("command").asText()).isEqualTo("zapline load \"http://x/\" --rate 10");
        assertThat(j.path("machine").path("cores").asInt())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(j.path("machine").path("jdk").asText())
                .contains(Runtime.version().toString());
        assertThat(j.path("machine").path("os").asText()).startsWith(System.getProperty("os.name"));
        assertThat(JsonReport.render(summary(1, List.of(), true))).doesNotContain("\"command\"");
    }

    @Test
    void theCurveRunsFromTheMinimumToTheMaximumOnTheNinesScale(@TempDir Path dir) throws Exception {
        Histogram h = LoopRecorder.newHistogram();
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 200_000; i++) {
            h.recordValue(LoopRecorder.LOWEST + (long) (-Math.log(1 - r.nextDouble()) * 300_000));
        }
        Summary.Latency l = Summary.Latency.withCurve(h);
        assertThat(Summary.Latency.of(h).curve()).isEmpty();
        Path file = dir.resolve("run.json");
        Summary base = summary(1, List.of(), true);
        JsonReport.write(file, withCorrected(base, l));
        JsonNode curve = new ObjectMapper()
                .readTree(file.toFile())
                .path("latency")
                .path("corrected")
                .path("curve");
        assertThat(curve.size()).isBetween(50, 200);
        assertThat(curve.get(0).get(0).asDouble()).isEqualTo(0.0);
        assertThat(curve.get(0).get(1).asDouble()).isCloseTo(h.getMinValue() / 1e3, within(1.0));
        assertThat(curve.get(curve.size() - 1).get(0).asDouble()).isEqualTo(100.0);
        assertThat(curve.get(curve.size() - 1).get(1).asDouble()).isEqualTo(l.maxUs(), within(0.001));
        int nines = 0;
        for (int i = 1; i < curve.size(); i++) {
            double p = curve.get(i).get(0).asDouble();
            assertThat(p)
                    .as("point %d", i)
                    .isGreaterThanOrEqualTo(curve.get(i - 1).get(0).asDouble());
            assertThat(curve.get(i).get(1).asDouble())
                    .as("point %d", i)
                    .isGreaterThanOrEqualTo(curve.get(i - 1).get(1).asDouble());
            if (p >= 99.9 && curve.get(i - 1).get(0).asDouble() < 99.9) {
                nines++;
                assertThat(curve.get(i).get(1).asDouble())
                        .isCloseTo(h.getValueAtPercentile(p) / 1e3, withinPercentage(1));
            }
        }
        assertThat(nines).as("a point crosses p99.9").isEqualTo(1);
        assertThat(new ObjectMapper()
                        .readTree(file.toFile())
                        .path("latency")
                        .path("service")
                        .has("curve"))
                .isFalse();
    }

    private static Summary withCorrected(Summary s, Summary.Latency l) {
        return new Summary(
                s.target(),
                s.model(),
                s.complete(),
                s.seconds(),
                s.scheduled(),
                s.requests(),
                s.dropped(),
                s.unconnected(),
                s.rateTarget(),
                s.rateAchieved(),
                s.drainSeconds(),
                s.drainResponses(),
                s.errors(),
                s.outcomes(),
                s.statuses(),
                s.bytesIn(),
                s.bytesOut(),
                l,
                s.service(),
                s.connect(),
                s.connectFailures(),
                s.tls(),
                s.inflightCeiling(),
                s.adaptive(),
                s.pacing(),
                s.timeline(),
                null,
                null,
                java.util.List.of(),
                null,
                null);
    }

    @Test
    void membersGoAtTheTopLevelAfterTheTimeline(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        new JsonReport(file)
                .write(
                        summary(1, List.of(), true),
                        "\"thresholds\": [],\n  \"thresholds_passed\": true,\n  \"aborted\": null");
        com.fasterxml.jackson.databind.JsonNode j =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        List<String> keys = new ArrayList<>();
        j.fieldNames().forEachRemaining(keys::add);
        assertThat(keys)
                .containsExactly(
                        "summary", "machine", "latency", "timeline", "thresholds", "thresholds_passed", "aborted");
        assertThat(j.path("thresholds_passed").asBoolean()).isTrue();
        // every connect statistic a threshold can name
        assertThat(j.path("summary").path("connect").fieldNames())
                .toIterable()
                .containsExactly(
                        "count",
                        "failures",
                        "p50_us",
                        "max_us",
                        "p75_us",
                        "p90_us",
                        "p99_us",
                        "p999_us",
                        "p9999_us",
                        "mean_us");
    }

    @Test
    void aTimelineThatShrinksIsRefused(@TempDir Path dir) throws Exception {
        JsonReport writer = new JsonReport(dir.resolve("run.json"));
        IntervalStats.Latencies none = new IntervalStats.Latencies(0, 0, 0, 0, 0);
        IntervalStats one = new IntervalStats(
                0, 1, 0, 0, 0, none, none, new long[Outcome.values().length], new long[6], 0, 0, 0, 0, 0, false);
        writer.write(summary(1, List.of(one, one), false));
        assertThatThrownBy(() -> writer.write(summary(2, List.of(one), false))).hasMessageContaining("shrank");
    }

    @Test
    void theTransportIsNamedInTheJsonAndOnTheTargetLineWhenKnown() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Summary both = summary(1, List.of(), true, "HTTP/1.1", "io_uring");
        JsonNode s = json.readTree(JsonReport.render(both)).path("summary");
        assertThat(s.path("protocol").asText()).isEqualTo("HTTP/1.1");
        assertThat(s.path("transport").asText()).isEqualTo("io_uring");
        assertThat(Text.render(both))
                .startsWith("Target      http://127.0.0.1:1/x (HTTP/1.1 over io_uring, open model)\n");
        Summary transportOnly = summary(1, List.of(), true, null, "epoll");
        assertThat(json.readTree(JsonReport.render(transportOnly))
                        .path("summary")
                        .path("transport")
                        .asText())
                .isEqualTo("epoll");
        assertThat(Text.render(transportOnly)).startsWith("Target      http://127.0.0.1:1/x (epoll, open model)\n");
        Summary neither = summary(1, List.of(), true);
        assertThat(json.readTree(JsonReport.render(neither)).path("summary").has("transport"))
                .isFalse();
        assertThat(Text.render(neither)).startsWith("Target      http://127.0.0.1:1/x (open model)\n");
    }

    private static Summary summary(double seconds, List<IntervalStats> timeline, boolean complete) {
        return summary(seconds, timeline, complete, null, null);
    }

    private static Summary summary(
            double seconds, List<IntervalStats> timeline, boolean complete, String protocol, String transport) {
        Summary.Latency l = Summary.Latency.of(LoopRecorder.newHistogram());
        return new Summary(
                "http://127.0.0.1:1/x",
                "open",
                complete,
                seconds,
                1000,
                1000,
                0,
                0,
                1000,
                999.5,
                0.002,
                1,
                0,
                Map.of("success", 1000L),
                Map.of(200, 1000L),
                1,
                2,
                l,
                l,
                l,
                0,
                null,
                10_000,
                false,
                null,
                timeline,
                protocol,
                transport,
                java.util.List.of(),
                null,
                null);
    }
}
