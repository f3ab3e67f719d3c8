package dev.zapline.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.control.Command;
import dev.zapline.load.metrics.HistogramPair;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.Outcome;
import org.junit.jupiter.api.Test;

/** What the dashboard keeps of each interval, and the model a frame gets from it. */
class LiveDataTest {

    private static IntervalStats second(double t, double p50, double p99, long success, long timeouts) {
        long[] outcomes = new long[Outcome.values().length];
        outcomes[Outcome.SUCCESS.ordinal()] = success;
        outcomes[Outcome.TIMEOUT.ordinal()] = timeouts;
        return new IntervalStats(
                t,
                1.0,
                100,
                100,
                success + timeouts,
                new IntervalStats.Latencies(p50, 0, p99, 0, 0),
                new IntervalStats.Latencies(p50 / 2, 0, p99 / 2, 0, 0),
                outcomes,
                new long[6],
                timeouts,
                0,
                4,
                2,
                0,
                t <= 0);
    }

    @Test
    void intervalsBecomeSeriesSumsAndTheLastHistogram() {
        LiveData d = new LiveData("http://h/", false, true, 1.0, 10.0);
        FakeSteering s = new FakeSteering(100);
        Controls keys = new Controls(s, TuiStep.parse("10%"), 100, () -> 0L);
        HistogramPair h = new HistogramPair();
        h.corrected().recordValue(150_000);
        d.interval(second(0, 300, 900, 99, 1), h, "warmup", null);
        h.corrected().reset();
        h.corrected().recordValueWithCount(3_000_000, 2);
        d.interval(second(1, 500, 1500, 100, 0), h, "measured", null);
        s.submit(Command.rate(150, "stdin"));
        DashModel m = d.model(s, keys);
        assertThat(m.phase()).isEqualTo("measured");
        assertThat(m.elapsed()).isEqualTo(2.0);
        assertThat(m.total()).isEqualTo(11.0);
        assertThat(m.targetRate()).isEqualTo(150.0);
        assertThat(m.rate()).isEqualTo(100.0);
        assertThat(m.inflight()).isEqualTo(4);
        assertThat(m.connections()).isEqualTo(2);
        assertThat(m.p50()).containsExactly(300, 500);
        assertThat(m.p99()).containsExactly(900, 1500);
        assertThat(m.serviceP50()).containsExactly(150, 250);
        assertThat(m.serviceP99()).containsExactly(450, 750);
        assertThat(m.buckets()).containsExactly(0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        assertThat(m.outcomes()[Outcome.SUCCESS.ordinal()]).isEqualTo(199);
        assertThat(m.outcomes()[Outcome.TIMEOUT.ordinal()]).isEqualTo(1);
        assertThat(m.events()).containsExactly("    0.0s  rate 150 req/s  (stdin)");
        assertThat(m.help()).isEqualTo("↑/↓ rate ±10%   p pause   m mark   f failures only   q stop");
        d.done();
        DashModel end = d.model(s, keys);
        assertThat(end.phase()).isEqualTo("done");
        assertThat(end.elapsed()).isEqualTo(11.0);
        assertThat(end.inflight()).isZero();
        assertThat(end.targetRate()).isEqualTo(100.0);
    }

    @Test
    void aMinuteOfSamplesAtMostTheOldestDropped() {
        LiveData d = new LiveData("x", false, false, 0, 100);
        HistogramPair h = new HistogramPair();
        for (int i = 1; i <= 75; i++) {
            d.interval(second(i, i, i, 1, 0), h, "measured", null);
        }
        DashModel m = d.model(new FakeSteering(0), new Controls(new FakeSteering(0), TuiStep.parse("5"), 0, () -> 0L));
        assertThat(m.p50()).hasSize(60);
        assertThat(m.p50()[0]).isEqualTo(16.0);
        assertThat(m.p50()[59]).isEqualTo(75.0);
    }
}
