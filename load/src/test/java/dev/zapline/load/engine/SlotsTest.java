package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Connection slots alone: round robin, the opening window, reopen delays and the timeout sweep. */
class SlotsTest {

    private static final long MS = 1_000_000L;

    private static Link[] links(int n, int depth) {
        Link[] l = new Link[n];
        for (int i = 0; i < n; i++) {
            l[i] = new Link(null, i, depth);
        }
        return l;
    }

    /** A connection that only counts what is done to it. */
    private static final class Fake implements Connection {
        int closes;

        @Override
        public boolean write(int i) {
            return true;
        }

        @Override
        public void flush() {}

        @Override
        public boolean isActive() {
            return closes == 0;
        }

        @Override
        public void close() {
            closes++;
        }
    }

    @Test
    void freeSlotsComeRoundRobinAndSkipFullAndClosedConnections() {
        Link[] l = links(3, 1);
        Slots s = new Slots(l, 1);
        assertThat(s.free()).isNull();
        for (Link k : l) {
            s.activate(k, new Fake());
        }
        assertThat(s.active()).isEqualTo(3);
        assertThat(s.free()).isSameAs(l[0]);
        assertThat(s.free()).isSameAs(l[1]);
        l[2].ring.push(0, 0);
        assertThat(s.free()).as("l[2] is full").isSameAs(l[0]);
        s.deactivate(l[1]);
        s.deactivate(l[1]);
        assertThat(s.active()).isEqualTo(2);
        assertThat(s.free()).isSameAs(l[0]);
    }

    @Test
    void atMostAWindowOfConnectionsOpensAtOnce() {
        int n = Slots.CONNECT_WINDOW * 2 + 5;
        Link[] l = links(n, 1);
        Slots s = new Slots(l, 1);
        int now = 0;
        for (Link k : l) {
            if (s.open(k)) {
                now++;
            }
        }
        assertThat(now).isEqualTo(Slots.CONNECT_WINDOW);
        assertThat(s.pendingOpens()).isEqualTo(n);
        // each completed opening hands out the next queued link, in order
        assertThat(s.opened()).isSameAs(l[Slots.CONNECT_WINDOW]);
        int started = Slots.CONNECT_WINDOW + 1;
        while (s.opened() != null) {
            started++;
        }
        assertThat(started).isEqualTo(n);
        assertThat(s.pendingOpens()).isEqualTo(Slots.CONNECT_WINDOW - 1);
        assertThat(s.open(l[0])).as("room again").isTrue();
    }

    @Test
    void aConnectionThatWorkedReopensAtOnceAndFailuresBackOffWithJitter() {
        Link[] l = links(1, 1);
        Slots s = new Slots(l, 42);
        assertThat(s.reopenDelay(l[0])).isZero();
        for (int f = 1; f <= 12; f++) {
            l[0].connectFailed(); // f failures in a row
            long full = Math.min(Slots.BACKOFF_MAX, Slots.BACKOFF_MIN << (f - 1));
            for (int i = 0; i < 50; i++) {
                assertThat(s.reopenDelay(l[0])).as("failures %d", f).isBetween(full / 2, full);
            }
        }
        s.activate(l[0], new Fake());
        assertThat(l[0].failures()).as("reset by a successful opening").isZero();
    }

    @Test
    void theSweepClosesConnectionsWhoseOldestRequestIsPastTheTimeout() {
        Link[] l = links(3, 2);
        Slots s = new Slots(l, 1);
        Fake[] c = new Fake[3];
        for (int i = 0; i < 3; i++) {
            c[i] = new Fake();
            s.activate(l[i], c[i]);
        }
        l[0].ring.push(0, 10 * MS);
        l[1].ring.push(0, 20 * MS);
        s.closeTimedOut(110 * MS, 100 * MS, false);
        assertThat(c[0].closes).as("exactly 100 ms: not yet").isZero();
        s.closeTimedOut(110 * MS + 1, 100 * MS, false);
        assertThat(c[0].closes).isEqualTo(1);
        assertThat(l[0].timedOut()).isTrue();
        assertThat(l[0].isActive()).isFalse();
        assertThat(c[1].closes).isZero();
        s.closeTimedOut(110 * MS + 2, 100 * MS, false);
        assertThat(c[0].closes).as("closed once").isEqualTo(1);
        // at the end of a stop's grace, every connection holding a request goes; the idle one stays
        s.closeTimedOut(111 * MS, 100 * MS, true);
        assertThat(c[1].closes).isEqualTo(1);
        assertThat(c[2].closes).isZero();
    }
}
