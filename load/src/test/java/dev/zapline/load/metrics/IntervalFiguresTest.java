package dev.zapline.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The timeline's per-interval figures: percentiles of both latencies in order, outcomes and status classes of the
 * interval alone, and over the intervals of a phase the same totals as the phase's counters.
 */
class IntervalFiguresTest {

    private static final long MS = 1_000_000;

    @Test
    void intervalOutcomesAndStatusClassesAddUpToThePhasesCounts() {
        SplittableRandom random = new SplittableRandom(15);
        LoopRecorder[] measured = {new LoopRecorder(), new LoopRecorder()};
        LoopRecorder[] warmup = {new LoopRecorder(), new LoopRecorder()};
        Aggregator agg = new Aggregator(measured, warmup);
        Outcome[] failures = {
            Outcome.CONNECT_ERROR, Outcome.RESET, Outcome.TIMEOUT, Outcome.PROTOCOL_ERROR, Outcome.DROPPED
        };
        int[] statuses = {200, 204, 301, 404, 503, 101};
        List<IntervalStats> timeline = new ArrayList<>();
        long[] expected = new long[Outcome.values().length];
        long[] classes = new long[6];
        for (int second = 0; second < 12; second++) {
            boolean warm = second < 2;
            LoopRecorder[] phase = warm ? warmup : measured;
            long[] thisSecond = new long[Outcome.values().length];
            int n = random.nextInt(50, 400);
            for (int i = 0; i < n; i++) {
                LoopRecorder r = phase[random.nextInt(phase.length)];
                long intended = second * 1000 * MS + i * MS;
                if (random.nextInt(10) < 8) {
                    int status = statuses[random.nextInt(statuses.length)];
                    boolean ok = status < 300;
                    long sent = intended + random.nextLong(0, 2 * MS);
                    r.sent(100);
                    r.response(status, ok, intended, sent, sent + random.nextLong(MS / 10, 50 * MS), 10);
                    thisSecond[(ok ? Outcome.SUCCESS : Outcome.FAILURE_STATUS).ordinal()]++;
                    if (!warm) {
                        classes[status / 100]++;
                    }
                } else {
                    Outcome o = failures[random.nextInt(failures.length)];
                    if (o == Outcome.DROPPED) {
                        r.notSent(o);
                    } else {
                        r.sent(100);
                        r.outcome(o);
                    }
                    thisSecond[o.ordinal()]++;
                }
            }
            IntervalStats s = agg.interval(second - 1, 1, 0, 3, 4, 0, warm);
            timeline.add(s);
            for (Outcome o : Outcome.values()) {
                assertThat(s.outcome(o)).as("second %d, %s", second, o).isEqualTo(thisSecond[o.ordinal()]);
                if (!warm) {
                    expected[o.ordinal()] += thisSecond[o.ordinal()];
                }
            }
            assertThat(s.errors())
                    .isEqualTo(thisSecond[Outcome.CONNECT_ERROR.ordinal()]
                            + thisSecond[Outcome.RESET.ordinal()]
                            + thisSecond[Outcome.TIMEOUT.ordinal()]
                            + thisSecond[Outcome.PROTOCOL_ERROR.ordinal()]);
            assertThat(s.connections()).isEqualTo(4);
            assertOrdered(s.corrected());
            assertOrdered(s.service());
            assertThat(s.service().maxUs()).isLessThanOrEqualTo(s.corrected().maxUs());
        }
        Tally total = agg.measured();
        long[] sums = new long[Outcome.values().length];
        long[] classSums = new long[6];
        for (IntervalStats s : timeline) {
            if (!s.warmup()) {
                for (Outcome o : Outcome.values()) {
                    sums[o.ordinal()] += s.outcome(o);
                }
                for (int c = 1; c <= 5; c++) {
                    classSums[c] += s.statusClasses()[c];
                }
            }
        }
        for (Outcome o : Outcome.values()) {
            assertThat(sums[o.ordinal()]).as("%s", o).isEqualTo(total.count(o)).isEqualTo(expected[o.ordinal()]);
        }
        assertThat(classSums).isEqualTo(classes);
        assertThat(classSums[2] + classSums[3] + classSums[4] + classSums[5] + classSums[1])
                .isEqualTo(total.responses());
    }

    @Test
    void anEmptyIntervalHasZeroPercentilesAndCounts() {
        Aggregator agg = new Aggregator(new LoopRecorder[] {new LoopRecorder()});
        IntervalStats s = agg.interval(1, 1, 100, 0, 0, 0, false);
        assertThat(s.corrected()).isEqualTo(new IntervalStats.Latencies(0, 0, 0, 0, 0));
        assertThat(s.service()).isEqualTo(s.corrected());
        assertThat(s.outcomes()).containsOnly(0L);
        assertThat(s.statusClasses()).containsOnly(0L);
    }

    private static void assertOrdered(IntervalStats.Latencies l) {
        assertThat(l.p50Us()).isPositive();
        assertThat(l.p50Us()).isLessThanOrEqualTo(l.p90Us());
        assertThat(l.p90Us()).isLessThanOrEqualTo(l.p99Us());
        assertThat(l.p99Us()).isLessThanOrEqualTo(l.p999Us());
        assertThat(l.p999Us()).isLessThanOrEqualTo(l.maxUs());
    }
}
