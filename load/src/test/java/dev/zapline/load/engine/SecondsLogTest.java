package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.RunTag;
import dev.zapline.load.report.Summary;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON file's {@code intervals}: one entry per measured second with that second's histograms, on a manual clock
 * ({@link Sim}) so every figure is exact.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SecondsLogTest {

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void eachMeasuredSecondCarriesItsOwnHistogramsAndCounts() throws Exception {
        // 200 req/s for 3 s after 500 ms of warm-up; requests sent in the measured phase's second second take 5 ms,
        // the others 1 ms; every 10th response is a 500
        LoadPlan plan = LoadPlan.open(Stages.constant(200, Duration.ofSeconds(3)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.warmupNanos = 500 * MS);
        long[] start = {0};
        Sim sim = new Sim()
                .answering(t -> t + (t - start[0] >= 1000 * MS && t - start[0] < 2000 * MS ? 5 * MS : MS))
                .statuses(n -> n % 10 == 0 ? 500 : 200);
        Engine e = Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
        start[0] = e.measuredStartNanos();
        Path json = dir.resolve("r.json");
        Summary s = new Reporter(e, new ReportOptions("sim://target", json, null, null, false))
                .waitWith(sim.reporterWait(e))
                .run();
        JsonNode doc = new ObjectMapper().readTree(json.toFile());
        JsonNode iv = doc.path("intervals");

        assertThat(iv.size()).isEqualTo(3);
        long count = 0;
        long failed = 0;
        for (int i = 0; i < 3; i++) {
            JsonNode sec = iv.get(i);
            assertThat(sec.path("t").asDouble()).isEqualTo(i + 1.0);
            assertThat(sec.path("seconds").asDouble()).isEqualTo(1.0);
            assertThat(sec.path("errors").asLong()).isZero();
            assertThat(sec.path("dropped").asLong()).isZero();
            Histogram c = RunTag.decode(sec.path("corrected").asText());
            Histogram v = RunTag.decode(sec.path("service").asText());
            assertThat(c.getTotalCount()).isEqualTo(sec.path("count").asLong());
            assertThat(v.getTotalCount()).isEqualTo(sec.path("count").asLong());
            count += sec.path("count").asLong();
            failed += sec.path("failed").asLong();
        }
        // every measured response is in some second: the 600 of the window (none drained at 1 ms after the end)
        assertThat(count).isEqualTo(s.corrected().count()).isEqualTo(600);
        assertThat(failed).isEqualTo(60);
        // the second second holds the 5 ms answers (a few sent at its end answer in the third)
        Histogram second = RunTag.decode(iv.get(1).path("service").asText());
        Histogram first = RunTag.decode(iv.get(0).path("service").asText());
        assertThat(second.getValueAtPercentile(50)).isBetween(4_990_000L, 5_010_000L);
        assertThat(first.getMaxValue()).isBetween(990_000L, 1_010_000L);
        long bytes = Files.size(json);
        assertThat(bytes).isPositive();
    }
}
