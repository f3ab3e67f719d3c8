package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.ScheduleCursor;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request belongs to the phase of its intended send time (open model) or of its start (closed model), not to
 * the phase in which it ends: the measured phase of an open run holds exactly the schedule's slots of the measured
 * window, each ended in exactly one outcome, even when the server answers the last warm-up requests late.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WarmupBoundaryTest {

    private static final long WARMUP = 400_000_000L;

    @Test
    void openRunMeasuresExactlyTheSlotsOfTheMeasuredWindowWhenWarmupRequestsEndLate() throws Exception {
        checkOpen(Arrival.UNIFORM, 0);
    }

    @Test
    void poissonRunMeasuresExactlyTheSlotsOfTheMeasuredWindow() throws Exception {
        checkOpen(Arrival.POISSON, 11);
    }

    private static void checkOpen(Arrival arrival, long seed) throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofMillis(600)), arrival, seed, 4, 2)
                    .withWarmup(WARMUP);
            long[] slots = slots(plan);
            Runs.run(LoadPlan.maxThroughput(2, 300_000_000L, 4, 2), t.zap("/stall"), t.loops.group(), 20);
            t.stallMillis = 150;
            Engine e = Runs.start(plan, t.zap("/stall"), t.loops.group());
            // the server stalls 30 ms before the boundary: the last warm-up requests are answered after it
            t.stallAt.set(e.measuredStartNanos() - 30_000_000L);
            Runs.await(e, 30);

            Tally measured = new Tally().read(e.recorders());
            Tally warmup = new Tally().read(e.warmupRecorders());
            assertThat(measured.ended()).as("measured requests").isEqualTo(slots[1]);
            assertThat(warmup.ended()).as("warm-up requests").isEqualTo(slots[0]);
            assertThat(measured.count(Outcome.SUCCESS)).isEqualTo(slots[1]);
            assertThat(measured.sent()).isEqualTo(slots[1]);
            assertThat(warmup.count(Outcome.SUCCESS)).isEqualTo(slots[0]);

            // the stall did hold warm-up requests past the boundary, and they stayed in the warm-up's histogram
            Aggregator w = new Aggregator(e.warmupRecorders());
            w.interval(0, 1, 0, 0, 0, false);
            assertThat(w.corrected().getTotalCount()).isEqualTo(slots[0]);
            assertThat(w.corrected().getMaxValue()).isGreaterThan(100_000_000L);
            Aggregator m = new Aggregator(e.recorders());
            m.interval(0, 1, 0, 0, 0, false);
            assertThat(m.corrected().getTotalCount()).isEqualTo(slots[1]);
            assertThat(m.service().getTotalCount()).isEqualTo(slots[1]);
            assertThat(m.measured().ended()).isEqualTo(slots[1]);
        }
    }

    /** The schedule's slots before and after the end of the warm-up, counted from the pure schedule. */
    private static long[] slots(LoadPlan plan) {
        long[] n = new long[2];
        ScheduleCursor c = plan.schedule().cursor();
        for (long due = c.next(); due >= 0; due = c.next()) {
            n[due < plan.warmupNanos() ? 0 : 1]++;
        }
        assertThat(n[0]).isPositive();
        assertThat(n[1]).isPositive();
        return n;
    }

    @Test
    void closedRunKeepsEachRequestInThePhaseItStartedIn() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.closed(8, 300_000_000L, 4, 2).withWarmup(200_000_000L);
            Engine e = Runs.start(plan, t.zap("/health"), t.loops.group());
            Runs.await(e, 30);
            Tally measured = new Tally().read(e.recorders());
            Tally warmup = new Tally().read(e.warmupRecorders());
            assertThat(warmup.sent()).isPositive();
            assertThat(measured.sent()).isPositive();
            assertThat(measured.ended())
                    .as("every measured start ends in the measured phase")
                    .isEqualTo(measured.sent());
            assertThat(warmup.ended())
                    .as("every warm-up start ends in the warm-up")
                    .isEqualTo(warmup.sent());
            assertThat(measured.count(Outcome.SUCCESS) + warmup.count(Outcome.SUCCESS))
                    .isEqualTo(measured.sent() + warmup.sent());
        }
    }
}
