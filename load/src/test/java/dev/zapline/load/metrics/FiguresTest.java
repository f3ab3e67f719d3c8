package dev.zapline.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Recorders written by hand with explicit clock values: what was sent, what never was, and what arrived after the
 * window's end, summed by the aggregator to exact counts.
 */
class FiguresTest {

    private static final long MS = 1_000_000;

    @Test
    void scheduledIsSentPlusNeverSentAndTheDrainIsCountedApart() {
        LoopRecorder a = new LoopRecorder();
        LoopRecorder b = new LoopRecorder();
        a.endWindowAt(1000 * MS);
        b.endWindowAt(1000 * MS);
        b.endWindowAt(800 * MS); // a stop: the earlier end wins
        b.endWindowAt(900 * MS);
        for (int i = 0; i < 7; i++) {
            a.sent(100);
            a.response(200, true, i * MS, i * MS, i * MS + 5 * MS, 50);
        }
        for (int i = 0; i < 3; i++) {
            a.sent(100);
            a.response(503, false, 990 * MS, 995 * MS, 1000 * MS + i, 50); // answered in the drain
        }
        a.sent(100);
        a.outcome(Outcome.TIMEOUT);
        a.sent(100); // still in flight
        for (int i = 0; i < 5; i++) {
            b.notSent(Outcome.DROPPED);
        }
        b.notSent(Outcome.CONNECT_ERROR);
        b.sent(100);
        b.response(200, true, 700 * MS, 700 * MS, 850 * MS, 50); // after b's stop
        b.sent(100);
        b.outcome(Outcome.CONNECT_ERROR); // sent, then its connection failed

        Aggregator agg = new Aggregator(new LoopRecorder[] {a, b});
        agg.interval(1, 1, 0, 0, 0, 0, false);
        Tally t = agg.measured();
        assertThat(t.sent()).isEqualTo(14);
        assertThat(t.notSent()).isEqualTo(6);
        assertThat(t.scheduled()).isEqualTo(20);
        assertThat(t.count(Outcome.DROPPED)).isEqualTo(5);
        assertThat(t.count(Outcome.CONNECT_ERROR)).isEqualTo(2);
        assertThat(t.responses()).isEqualTo(11);
        assertThat(t.drained()).isEqualTo(4);
        assertThat(t.ended()).isEqualTo(t.scheduled() - 1); // one still in flight
        assertThat(agg.corrected().getTotalCount()).isEqualTo(11);
    }

    @Test
    void withoutAWindowEndNothingIsDrained() {
        LoopRecorder r = new LoopRecorder();
        r.sent(1);
        r.response(200, true, 0, 0, Long.MAX_VALUE, 1);
        assertThat(r.drainedCount()).isZero();
        assertThat(r.sentCount()).isEqualTo(1);
        assertThat(r.notSentCount()).isZero();
    }
}
