package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server's only event loop stalls once for 1 s during a 1,000 req/s run. On paper: the requests intended
 * during the stall, about 1,000, are delayed by 1 s down to 0 (request at T + x waits 1 − x), so about 500 have
 * a corrected latency above 0.5 s and about 1,000 above a few ms. Service time (from the actual write) sees only
 * the few requests in flight when the stall began: the others were written after it. Draining the backlog over eight
 * connections afterwards adds a little, so slightly more than 500 exceed 0.5 s.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CoordinatedOmissionTest {

    @Test
    void aOneSecondStallShowsInCorrectedLatencyButNotInServiceTime() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(3)), Arrival.UNIFORM, 0, 8, 2);
            LoadPlan jit = LoadPlan.maxThroughput(4, 1_000_000_000L, 8, 2);
            Runs.run(jit, t.zap("/stall"), t.loops.group(), 20);
            Engine e = Runs.start(plan, t.zap("/stall"), t.loops.group());
            t.stallAt.set(e.startNanos() + 1_000_000_000L);
            Tally tally = Runs.await(e, 30);
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(3000);

            Aggregator a = Runs.aggregate(e);
            Histogram corrected = a.corrected();
            Histogram service = a.service();
            long halfSecond = 500_000_000L;
            assertThat(above(corrected, halfSecond)).isBetween(450L, 650L);
            assertThat(above(corrected, 20_000_000L)).isBetween(900L, 1300L);
            assertThat(above(service, halfSecond)).isLessThanOrEqualTo(8);
            assertThat(corrected.getValueAtPercentile(99.9)).isGreaterThan(900_000_000L);
            assertThat(service.getValueAtPercentile(99)).isLessThan(100_000_000L);
        }
    }

    private static long above(Histogram h, long value) {
        return h.getTotalCount() - h.getCountBetweenValues(0, value);
    }
}
