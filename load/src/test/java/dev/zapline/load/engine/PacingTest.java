package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Tally;
import dev.zapline.load.report.Pacing;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.report.Text;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Sends per 10 ms bucket against an in-process server: every measured send counted once, the report's line. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PacingTest {

    @Test
    void everyTenMillisecondBucketHoldsTheScheduledCount() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(2000, Duration.ofSeconds(2)), Arrival.UNIFORM, 0, 4, 2)
                    .withWarmup(300_000_000L);
            Runs.run(LoadPlan.maxThroughput(2, 300_000_000L, 4, 2), t.zap("/health"), t.loops.group(), 20);
            Engine e = Runs.start(plan, t.zap("/health"), t.loops.group());
            Summary s = new Reporter(e, new ReportOptions("zap://test/health", null, null, null, false)).run();
            Pacing p = s.pacing();
            System.out.printf("pacing 2000/s, 2 s: %s%n", p);

            int[] actual = e.pacing();
            Tally measured = new Tally().read(e.recorders());
            assertThat(actual).hasSize(200);
            assertThat(Arrays.stream(actual).sum() + e.pacingBeyond())
                    .as("every measured send is counted once")
                    .isEqualTo(measured.sent())
                    .isEqualTo(4000);
            assertThat(p.bucketMs()).isEqualTo(10);
            assertThat(p.buckets()).isEqualTo(200);
            // Only the bookkeeping is asserted here: how evenly the sends fall depends on the machine (two cores
            // shared with other builds). That every bucket gets exactly its scheduled count when the timer fires on
            // time is HandDrivenEngineTest's, on a manual clock.
            assertThat(p.within()).isBetween(0, 200);
            assertThat(Text.render(s)).contains("Pacing      " + p.within() + " of 200 10 ms buckets");
        }
    }

    @Test
    void aStoppedRunComparesOnlyTheBucketsBeforeTheStop() throws Exception {
        try (Target t = new Target(1)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(20)), Arrival.UNIFORM, 0, 2, 1);
            Engine e = Runs.start(plan, t.zap("/health"), t.loops.group());
            Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(700);
                } catch (InterruptedException ignored) {
                    return;
                }
                e.stop();
            });
            Summary s = new Reporter(e, new ReportOptions("zap://test/health", null, null, null, false)).run();
            long expected = (e.stoppedNanos() - e.measuredStartNanos()) / 10_000_000L;
            assertThat(s.pacing().buckets()).isEqualTo((int) expected).isBetween(50, 150);
            assertThat(Arrays.stream(e.pacing()).sum() + e.pacingBeyond())
                    .isEqualTo(new Tally().read(e.recorders()).sent());
        }
    }

    @Test
    void closedRunsHaveNoPacing() throws Exception {
        try (Target t = new Target(1)) {
            Engine e = Runs.start(LoadPlan.closed(2, 200_000_000L, 1, 1), t.zap("/health"), t.loops.group());
            Summary s = new Reporter(e, new ReportOptions("zap://test/health", null, null, null, false)).run();
            assertThat(s.pacing()).isNull();
            assertThat(e.pacing()).isEmpty();
            assertThat(Text.render(s)).doesNotContain("Pacing");
        }
    }
}
