package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link Reporter} cuts the measured window's seconds on the grid from the measured phase's start, however the
 * run ends and however late its thread sees that: the segments of a split run share that start, and {@code zapline
 * merge} adds their timeline entries and HdrHistogram log intervals by their times. On a manual clock ({@link Sim})
 * the run is over before the reporter starts, the latest it can see any tick, so every figure here is exact.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReporterGridTest {

    private static final long MS = 1_000_000L;
    /** 400 req/s for 1 s after 500 ms of warm-up: the last request is intended 997.5 ms into the window. */
    private static final LoadPlan PLAN = LoadPlan.open(
                    Stages.constant(400, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 4, 1)
            .with(b -> b.warmupNanos = 500 * MS);

    /**
     * The hdr log's first two intervals: the warm-up's tick, the first the reporter sees, swaps all that was recorded,
     * so the measured requests come with it in an interval of length 0 at 0 (as a measured request ending before that
     * tick does on a live run).
     */
    private static final String WARMUP_TICK = "0.000,0.000";

    private static final String WARMUP_TICK_SERVICE = "Tag=service,0.000,0.000";

    @TempDir
    Path dir;

    @Test
    void aRunEndingBeforeTheWindowsEndStillClosesItsLastSecondAtThatEnd() throws Exception {
        // the last response at 997.55 ms: before the window's end
        Run r = run(new Sim().service(50_000));

        assertThat(r.summary.drainResponses()).isZero();
        assertThat(r.timeline()).containsExactly("0.0 warmup 0.5", "1.0 measured 1.0");
        assertThat(r.hdrIntervals())
                .containsExactly(WARMUP_TICK, WARMUP_TICK_SERVICE, "0.000,1.000", "Tag=service,0.000,1.000");
    }

    @Test
    void aRunSeenEndingAfterTheWindowsEndClosesTheWindowAtItsEndAndTheDrainApart() throws Exception {
        // the last response at 1000.5 ms: 0.5 ms of drain, shorter than the hdr log's millisecond
        Run r = run(new Sim().service(3 * MS));

        assertThat(r.summary.drainResponses()).isEqualTo(1);
        assertThat(r.summary.drainSeconds()).isEqualTo(0.0005);
        assertThat(r.timeline()).containsExactly("0.0 warmup 0.5", "1.0 measured 1.0");
        // the drain's interval starts where the window ends, so it is not the window's last second
        assertThat(r.hdrIntervals())
                .containsExactly(
                        WARMUP_TICK,
                        WARMUP_TICK_SERVICE,
                        "0.000,1.000",
                        "Tag=service,0.000,1.000",
                        "1.000,0.000",
                        "Tag=service,1.000,0.000");
    }

    private record Run(Summary summary, JsonNode json, List<String> hdr) {

        /** Each timeline entry as {@code "t phase seconds"}. */
        List<String> timeline() {
            List<String> out = new ArrayList<>();
            for (JsonNode e : json.path("timeline")) {
                out.add(e.path("t").asDouble() + " " + (e.path("warmup").asBoolean() ? "warmup" : "measured") + " "
                        + e.path("seconds").asDouble());
            }
            return out;
        }

        /** Each interval line of the hdr log up to its start and length ({@code [Tag=T,]start,length}). */
        List<String> hdrIntervals() {
            List<String> out = new ArrayList<>();
            for (String line : hdr) {
                if (line.isEmpty() || line.startsWith("#") || line.startsWith("\"")) {
                    continue;
                }
                String[] f = line.split(",");
                out.add(line.startsWith("Tag=") ? f[0] + "," + f[1] + "," + f[2] : f[0] + "," + f[1]);
            }
            return out;
        }
    }

    /** Runs {@link #PLAN} on {@code sim} to its end, then reports it. */
    private Run run(Sim sim) throws Exception {
        Engine e = Engine.start(PLAN, sim, new DriverLoop[] {sim}, sim, 1000);
        sim.run(e, 10_000 * MS);
        Path json = dir.resolve("r.json");
        Path hdr = dir.resolve("r.hlog");
        Summary s = new Reporter(e, new ReportOptions("sim://target", json, hdr, null, false)).run();
        return new Run(s, new ObjectMapper().readTree(json.toFile()), Files.readAllLines(hdr));
    }
}
