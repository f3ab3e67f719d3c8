package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.report.Text;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --adaptive} against a target that can serve 200 requests/s (one worker, 5 ms a request) offered 400/s: the
 * ceiling falls from --max-inflight to about 100 ms of offered load, the excess is dropped and counted, and goodput
 * stays at the target's capacity; without it, every request waits its turn as before. On a manual clock
 * ({@link Sim}), the reporter waiting on it: a loaded machine's hiccups would be shed as a slow target's are.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AdaptiveTest {

    private static final int MAX_INFLIGHT = 1000;

    @ParameterizedTest(name = "service {0} ns over {1} ns, {2} due, min {3}, max {4}: {5}")
    @CsvSource({
        "0, 100000000, 0, 8, 1000, 8", // nothing due, no response: twice the connection slots
        "20000000, 100000000, 3, 8, 1000, 8", // 0.2 held, x2 = 0.4 -> 1; 3 due; raised to min
        "400000000, 100000000, 20, 8, 1000, 20", // 4 held (200/s x 20 ms) x2 = 8, but 20 fell due
        "1200000000, 100000000, 40, 8, 1000, 40", // 12 held x2 = 24 < 40 due: a 100 ms backlog is kept
        "4500000001, 100000000, 40, 8, 1000, 91", // 45.00000001 held x2 = 90.00000002 -> 91
        "100000000000, 100000000, 40, 8, 1000, 1000", // 1000 held: capped at max
        "0, 100000000, 5000, 8, 1000, 1000", // more due than the max: capped
        "100000000, 50000000, 0, 1, 1, 1"
    })
    void ceilingIsTwiceTheRequestsTheTargetHeldOrTheRequestsDueClamped(
            long service, long window, long due, int min, int max, int expected) {
        assertThat(Ceiling.next(service, window, due, min, max)).isEqualTo(expected);
    }

    @Test
    void ceilingRejectsAnEmptyWindowOrCrossedBounds() {
        assertThatThrownBy(() -> Ceiling.next(1, 0, 0, 1, 2)).hasMessageContaining("over 0 ns");
        assertThatThrownBy(() -> Ceiling.next(1, 1, 0, 3, 2)).hasMessageContaining("min 3, max 2");
        assertThatThrownBy(() -> LoadPlan.closed(2, 1, 1, 1).with(b -> b.adaptive = true))
                .hasMessageContaining("open model");
    }

    @Test
    void aSlowTargetLowersTheCeilingAndShedsWhileGoodputHolds() throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(400, Duration.ofMillis(1500)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.limits(MAX_INFLIGHT, 10_000_000_000L));
        Summary fixed = run(new Sim().serial(5_000_000), plan);
        Summary adaptive = run(new Sim().serial(5_000_000), plan.with(b -> b.adaptive = true));

        // without --adaptive: nothing dropped, every request waits its turn, the ceiling never moves
        assertThat(fixed.outcomes().get("success")).isEqualTo(600);
        assertThat(fixed.dropped()).isZero();
        assertThat(fixed.inflightCeiling()).isEqualTo(MAX_INFLIGHT);
        assertThat(fixed.timeline()).allMatch(i -> i.ceiling() == MAX_INFLIGHT);
        double capacity = fixed.rateAchieved();

        // with it: the ceiling falls to about 100 ms of offered load (40), the excess is dropped, goodput holds
        assertThat(adaptive.scheduled()).isEqualTo(600);
        assertThat(adaptive.dropped()).isPositive();
        assertThat(adaptive.requests()).isEqualTo(adaptive.sent()).isEqualTo(600 - adaptive.dropped());
        assertThat(adaptive.outcomes().get("success") + adaptive.dropped()).isEqualTo(600);
        assertThat(adaptive.inflightCeiling()).isBetween(8L, 80L);
        long lowest = adaptive.timeline().stream()
                .mapToLong(IntervalStats::ceiling)
                .min()
                .orElseThrow();
        assertThat(lowest).isLessThan(MAX_INFLIGHT / 10);
        double goodput = adaptive.outcomes().get("success") / 1.5;
        assertThat(goodput)
                .as("goodput vs the server's capacity %.0f/s", capacity)
                .isGreaterThan(0.7 * capacity);
        assertThat(adaptive.corrected().p(99))
                .as("p99 with the ceiling vs without, µs")
                .isLessThan(fixed.corrected().p(99) / 2);
        assertThat(Text.render(adaptive)).contains("Ceiling     " + adaptive.inflightCeiling() + " in flight");
        assertThat(Text.render(fixed)).doesNotContain("Ceiling");
        System.out.printf(
                "adaptive: capacity %.0f/s, goodput %.0f/s, dropped %d, ceiling %d, p99 %.0f µs "
                        + "(without: %.0f µs)%n",
                capacity,
                goodput,
                adaptive.dropped(),
                adaptive.inflightCeiling(),
                adaptive.corrected().p(99),
                fixed.corrected().p(99));
    }

    private static Summary run(Sim sim, LoadPlan plan) throws Exception {
        Engine e = Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
        return new Reporter(e, new ReportOptions("sim://target", null, null, null, false))
                .waitWith(sim.reporterWait(e))
                .run();
    }

    @Test
    void aTargetThatKeepsUpIsNeverShed() throws Exception {
        // the ceiling never goes below the 40 requests due per 100 ms: only a longer hiccup would shed anything
        LoadPlan plan = LoadPlan.open(Stages.constant(400, Duration.ofMillis(800)), Arrival.UNIFORM, 0, 8, 1)
                .with(b -> b.limits(MAX_INFLIGHT, 10_000_000_000L))
                .with(b -> b.adaptive = true);
        Summary s = run(new Sim().service(1_000_000), plan);
        assertThat(s.outcomes().get("success")).isEqualTo(320);
        assertThat(s.dropped()).isZero();
        assertThat(s.outcomes().get(Outcome.DROPPED.key())).isZero();
        assertThat(s.inflightCeiling()).isBetween(40L, (long) MAX_INFLIGHT);
    }
}
