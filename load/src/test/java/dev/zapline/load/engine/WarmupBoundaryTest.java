package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request belongs to the phase of its start (closed model), not to the phase in which it ends, against a real
 * server. The open model's boundary (exactly the schedule's slots of the measured window, even when the last
 * warm-up requests end late) is HandDrivenEngineTest's, on a manual clock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WarmupBoundaryTest {

    private static final long WARMUP = 400_000_000L;

    @Test
    void closedRunKeepsEachRequestInThePhaseItStartedIn() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.closed(8, 300_000_000L, 4, 2).with(b -> b.warmupNanos = 200_000_000L);
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
