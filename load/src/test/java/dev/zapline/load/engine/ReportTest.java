package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.report.Text;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reporter's files: JSON with every documented key, an HdrHistogram log its own reader accepts. The run is on a
 * manual clock ({@link Sim}) and the reporter waits on it, so intervals, rates and the live lines are exact.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReportTest {

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private static Engine start(Sim sim, LoadPlan plan) {
        return Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
    }

    @Test
    void jsonHasEveryKeyAndTheHdrLogRoundTrips() throws Exception {
        // service times of 0.1 to 5 ms: a latency curve with many points
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        Sim sim = new Sim().answering(t -> t + 100_000 + random.nextLong(5 * MS));
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofMillis(2500)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.warmupNanos = 500 * MS);
        Engine e = start(sim, plan);
        ByteArrayOutputStream live = new ByteArrayOutputStream();
        Summary s = new Reporter(
                        e,
                        new ReportOptions(
                                "zap://test/health",
                                dir.resolve("r.json"),
                                dir.resolve("r.hlog"),
                                new PrintStream(live, true, StandardCharsets.UTF_8),
                                false))
                .waitWith(sim.reporterWait(e))
                .run();

        // phase membership goes by the intended send time: exactly the measured window's 2,500 slots
        assertThat(s.requests()).isEqualTo(2500);
        assertThat(s.scheduled()).isEqualTo(2500);
        assertThat(s.seconds()).isEqualTo(2.5);
        assertThat(new dev.zapline.load.metrics.Tally().read(Runs.all(e)).ended())
                .isEqualTo(3000);
        assertThat(s.rateTarget()).isEqualTo(1000.0);
        JsonNode j = new ObjectMapper().readTree(dir.resolve("r.json").toFile());
        for (String k : new String[] {
            "scheduled", "requests", "sent", "dropped", "unconnected", "rate_target", "rate_achieved", "errors"
        }) {
            assertThat(j.path("summary").has(k)).as("summary.%s", k).isTrue();
        }
        assertThat(j.path("summary").path("requests").asLong()).isEqualTo(s.requests());
        assertThat(j.path("summary").path("complete").asBoolean()).isTrue();
        assertThat(j.path("summary").path("duration_s").asDouble()).isEqualTo(2.5);
        assertThat(j.path("summary").path("drain").path("seconds").isNumber()).isTrue();
        assertThat(j.path("summary").path("drain").path("responses").asLong()).isEqualTo(s.drainResponses());
        JsonNode pacing = j.path("summary").path("pacing");
        assertThat(pacing.path("bucket_ms").asInt()).isEqualTo(10);
        assertThat(pacing.path("buckets").asInt()).isEqualTo(250);
        assertThat(pacing.path("within").asInt()).isEqualTo(s.pacing().within()).isEqualTo(250);
        for (String k : new String[] {"worst_over", "worst_under"}) {
            assertThat(pacing.path(k).isNumber()).as("summary.pacing.%s", k).isTrue();
        }
        // the window's responses per second: those of the last 5 ms may end in the drain, after the window
        assertThat(s.drainResponses()).isBetween(1L, 6L);
        assertThat(j.path("summary").path("rate_achieved").asDouble()).isEqualTo((2500 - s.drainResponses()) / 2.5);
        for (String h : new String[] {"corrected", "service"}) {
            for (String k : new String[] {"p50_us", "p99_us", "p999_us", "max_us"}) {
                assertThat(j.path("latency").path(h).path(k).isNumber())
                        .as("latency.%s.%s", h, k)
                        .isTrue();
            }
        }
        assertThat(j.path("latency").path("corrected").path("count").asLong()).isEqualTo(s.requests());
        // warm-up, two whole seconds, and the last half second cut at the window's end: no stub of drain
        JsonNode timeline = j.path("timeline");
        assertThat(timeline.size()).isEqualTo(4);
        assertThat(timeline.get(3).path("t").asDouble()).isEqualTo(2.5);
        assertThat(timeline.get(3).path("seconds").asDouble()).isEqualTo(0.5);
        for (JsonNode i : timeline) {
            for (String k : new String[] {"t", "rate", "p50_us", "p99_us", "errors", "dropped"}) {
                assertThat(i.has(k)).as("timeline[].%s", k).isTrue();
            }
        }
        assertThat(timeline.get(0).path("warmup").asBoolean()).isTrue();
        long success = 0;
        for (JsonNode i : timeline) {
            assertOrdered(i);
            assertOrdered(i.path("service"));
            // (the last entry may close after the loops ended and closed their connections)
            if (i != timeline.get(timeline.size() - 1)) {
                assertThat(i.path("connections").asLong()).as("connections").isEqualTo(4);
            }
            long ended = 0;
            for (String k :
                    new String[] {"success", "failure_status", "connect", "reset", "timeout", "protocol", "dropped"}) {
                assertThat(i.path("outcomes").path(k).isNumber())
                        .as("outcomes.%s", k)
                        .isTrue();
                ended += i.path("outcomes").path(k).asLong();
            }
            assertThat(ended / i.path("seconds").asDouble())
                    .isCloseTo(i.path("rate").asDouble(), withinPercentage(1));
            assertThat(i.path("status").path("2xx").asLong())
                    .isEqualTo(i.path("outcomes").path("success").asLong());
            success += i.path("outcomes").path("success").asLong();
        }
        // the entries count both phases' requests as they end (a warm-up request may end in the first measured
        // second), all but the drain's
        dev.zapline.load.metrics.Tally all = new dev.zapline.load.metrics.Tally().read(Runs.all(e));
        long allSuccess = all.count(dev.zapline.load.metrics.Outcome.SUCCESS);
        assertThat(success).isEqualTo(allSuccess - all.drained());
        for (String h : new String[] {"corrected", "service"}) {
            JsonNode curve = j.path("latency").path(h).path("curve");
            assertThat(curve.size()).as("latency.%s.curve", h).isBetween(10, 200);
            assertThat(curve.get(curve.size() - 1).get(1).asDouble())
                    .isEqualTo(j.path("latency").path(h).path("max_us").asDouble());
        }

        HistogramLogReader reader = new HistogramLogReader(dir.resolve("r.hlog").toFile());
        Histogram corrected = new Histogram(3);
        Histogram service = new Histogram(3);
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            ("service".equals(h.getTag()) ? service : corrected).add((Histogram) h);
        }
        assertThat(corrected.getTotalCount()).isEqualTo(s.corrected().count());
        assertThat(service.getTotalCount()).isEqualTo(s.service().count());
        assertThat(corrected.getValueAtPercentile(99) / 1e3)
                .isCloseTo(s.corrected().p(99), org.assertj.core.data.Percentage.withPercentage(1));

        java.util.List<String> lines =
                live.toString(StandardCharsets.UTF_8).lines().toList();
        // warm-up, the window's three intervals and the final frame: the drain, under 50 ms, has no line
        assertThat(lines.size()).as("live lines %s", lines).isEqualTo(5);
        assertThat(lines.getLast()).contains(" done ", "/1000 ").doesNotContain("rate 0/");
        assertThat(Text.render(s)).contains("p99.99", "corrected", "service", "success ");
    }

    private static void assertOrdered(JsonNode i) {
        double previous = 0;
        for (String k : new String[] {"p50_us", "p90_us", "p99_us", "p999_us", "max_us"}) {
            assertThat(i.path(k).asDouble())
                    .as(k)
                    .isGreaterThanOrEqualTo(previous)
                    .isPositive();
            previous = i.path(k).asDouble();
        }
    }

    @Test
    void stoppingEarlyStillWritesCompleteFiles() throws Exception {
        Sim sim = new Sim().service(MS);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(30)), Arrival.UNIFORM, 0, 4, 1);
        Engine e = start(sim, plan);
        sim.at(e.startNanos() + 1500 * MS, e::stop);
        Summary s = new Reporter(
                        e,
                        new ReportOptions(
                                "zap://test/health", dir.resolve("s.json"), dir.resolve("s.hlog"), null, false))
                .waitWith(sim.reporterWait(e))
                .run();
        assertThat(s.scheduled()).isEqualTo(1500);
        assertThat(s.sent() + s.dropped() + s.unconnected()).isEqualTo(s.scheduled());
        assertThat(s.seconds()).isEqualTo((e.stoppedNanos() - e.measuredStartNanos()) / 1e9);
        assertThat(s.scheduled())
                .isEqualTo(s.outcomes().values().stream()
                        .mapToLong(Long::longValue)
                        .sum());
        JsonNode j = new ObjectMapper().readTree(dir.resolve("s.json").toFile());
        assertThat(j.path("summary").path("complete").asBoolean()).isTrue();
        assertThat(j.path("summary").path("requests").asLong()).isEqualTo(s.requests());
        assertThat(j.path("timeline").size()).isEqualTo(2);
        HistogramLogReader reader = new HistogramLogReader(dir.resolve("s.hlog").toFile());
        long n = 0;
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            n += "service".equals(h.getTag()) ? 0 : ((Histogram) h).getTotalCount();
        }
        assertThat(n).isEqualTo(s.corrected().count());
    }
}
