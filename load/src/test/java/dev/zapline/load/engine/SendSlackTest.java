package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Schedule;
import dev.zapline.load.schedule.ScheduleCursor;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The send slack on a manual clock ({@link Sim}): a wake-up sends every request due within the slack after it, so
 * a loop wakes about once per slack instead of once per request; no request goes out before its intended time
 * minus the slack, none after it (the simulated loop is never late), and each is timed from its own write or
 * intended time, never from another request's.
 */
class SendSlackTest {

    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    private static LoadPlan plan(double rate, Arrival arrival, long slack) {
        return LoadPlan.open(Stages.constant(rate, Duration.ofSeconds(1)), arrival, 11, 8, 1)
                .with(b -> b.slackNanos = slack);
    }

    /** Runs {@code plan} with service times that vary per request; returns every request's write time, sorted. */
    private static List<Long> writes(Sim sim, LoadPlan plan) {
        List<Long> at = new ArrayList<>();
        long[] n = {0};
        sim.answering(t -> {
            at.add(t);
            return t + 40 * US + (n[0]++ % 7) * 9 * US;
        });
        Engine e = Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
        sim.run(e, 10_000 * MS);
        assertThat(new Tally().read(e.recorders()).count(Outcome.SUCCESS))
                .isEqualTo(plan.schedule().count());
        Collections.sort(at);
        // each request timed from its own write (all went out early or on time): corrected is the service time
        Aggregator a = new Aggregator(e.recorders());
        a.interval(0, 1, 0, 0, 0, 0, false);
        Histogram corrected = a.corrected();
        assertThat(corrected).isEqualTo(a.service());
        assertThat(corrected.getTotalCount()).isEqualTo(plan.schedule().count());
        for (int k = 0; k < at.size(); k++) {
            at.set(k, at.get(k) - e.startNanos());
        }
        return at;
    }

    @ParameterizedTest(name = "{0} req/s, {1}, slack {2} us: about {3} wake-ups")
    @CsvSource({
        "10000, UNIFORM, 250, 3334",
        "10000, UNIFORM, 100, 5000",
        "10000, UNIFORM, 0, 10000",
        "2000, UNIFORM, 100, 2000",
        "50000, UNIFORM, 100, 8334",
        "10000, POISSON, 200, -1",
    })
    void noRequestLeavesBeforeItsIntendedTimeLessTheSlackNorAfterIt(
            double rate, Arrival arrival, long slackUs, long wakes) {
        long slack = slackUs * US;
        LoadPlan plan = plan(rate, arrival, slack);
        Sim sim = new Sim();
        List<Long> written = writes(sim, plan);
        Schedule s = plan.schedule();
        assertThat(written).hasSize((int) s.count());
        long early = 0;
        ScheduleCursor c = s.cursor();
        for (int k = 0; k < written.size(); k++) {
            long intended = c.next();
            long w = written.get(k);
            assertThat(w).as("request %d intended at %d", k, intended).isBetween(intended - slack, intended);
            if (w < intended) {
                early++;
            }
        }
        if (wakes >= 0) {
            assertThat(sim.wakes).isBetween(wakes, wakes + wakes / 50);
        } else {
            // Poisson: fewer wake-ups than requests, every request still within its window
            assertThat(sim.wakes).isLessThan(s.count());
        }
        if (wakes >= 0) {
            // each wake-up sends one request on time, the one it woke for, and the rest of its window early
            assertThat(early).isEqualTo(s.count() - wakes);
        } else {
            assertThat(early).isPositive();
        }
    }

    /**
     * Requests that wait for a connection (a stalled target) are timed from their own intended times with or
     * without a slack: the corrected tail of the same stall is the same to within the slack.
     */
    @Test
    void aRequestThatWaitedIsTimedFromItsOwnIntendedTime() {
        long[] p99 = new long[2];
        long[] above = new long[2];
        for (int run = 0; run < 2; run++) {
            Sim sim = new Sim();
            long[] stall = new long[2];
            sim.answering(t -> (t >= stall[0] && t < stall[1] ? stall[1] : t) + 50 * US);
            LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(3)), Arrival.UNIFORM, 0, 8, 1)
                    .with(b -> b.slackNanos = 0);
            long slack = run == 0 ? 0 : 900 * US;
            Engine e = Engine.start(plan.with(b -> b.slackNanos = slack), sim, new DriverLoop[] {sim}, sim, 1000);
            stall[0] = e.startNanos() + 1000 * MS;
            stall[1] = stall[0] + 1000 * MS;
            sim.run(e, 10_000 * MS);
            Histogram corrected = Runs.aggregate(e).corrected();
            p99[run] = corrected.getValueAtPercentile(99);
            above[run] = corrected.getCountBetweenValues(500 * MS, corrected.getMaxValue());
        }
        assertThat(p99[1]).isBetween(p99[0] - MS, p99[0] + MS);
        assertThat(above[1]).isBetween(above[0] - 1, above[0] + 1);
    }

    @Test
    void aSlackBeyondTenMillisecondsOrBelowZeroIsRefused() {
        assertThatThrownBy(() -> plan(1000, Arrival.UNIFORM, 10 * MS + 1))
                .hasMessageContaining("send slack 10000001 ns: need 0 to 10000000 ns");
        assertThatThrownBy(() -> plan(1000, Arrival.UNIFORM, -1)).hasMessageContaining("send slack -1 ns");
    }
}
