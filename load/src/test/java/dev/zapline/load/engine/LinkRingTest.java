package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An out-of-order {@link Link}'s ring ({@link InFlightRing}) against a model (a sorted map of the requests in
 * flight): requests written in order and ended in a random order keep their own send times, the head is always the
 * oldest still in flight, and the count in flight is exact, through ring growth and wrap-around.
 */
class LinkRingTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 1234, 99999})
    void outOfOrderEndingsKeepEachRequestsTimesAndTheOldestAtTheHead(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int capacity = 1 + random.nextInt(40);
        Link l = new Link(null, 0, capacity, true);
        l.begin(new Connection() {
            @Override
            public boolean write(int i) {
                return true;
            }

            @Override
            public void flush() {}

            @Override
            public boolean isActive() {
                return true;
            }

            @Override
            public void close() {}
        });
        TreeMap<Integer, Long> inFlight = new TreeMap<>();
        int seq = 0;
        for (int step = 0; step < 20_000; step++) {
            boolean write = inFlight.size() < capacity && (inFlight.isEmpty() || random.nextInt(100) < 55);
            if (write) {
                long t = 1000L * seq;
                l.ring.push(t, t + 1);
                inFlight.put(seq++, t);
                if (random.nextInt(4) == 0) {
                    l.ring.flushed(1000L * seq + 7); // stamps the newest (unflushed) ones' send time only
                }
            } else {
                List<Integer> seqs = new ArrayList<>(inFlight.keySet());
                int s = seqs.get(random.nextInt(seqs.size()));
                int slot = l.ring.slot(s);
                assertThat(l.ring.intended(slot)).isEqualTo(inFlight.get(s));
                l.ring.end(slot);
                inFlight.remove(s);
                int ended = s;
                assertThatThrownBy(() -> l.ring.slot(ended)).isInstanceOf(IllegalStateException.class);
            }
            assertThat(l.inFlight()).isEqualTo(inFlight.size());
            if (!inFlight.isEmpty()) {
                assertThat(l.ring.oldestIntended())
                        .isEqualTo(inFlight.firstEntry().getValue());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 16})
    void aSlowRequestAtTheHeadLetsTheOthersTurnOverWhileTheRingGrows(int capacity) {
        Link l = new Link(null, 0, capacity, true);
        l.ring.push(0, 0); // seq 0: never answered until the end
        int seq = 1;
        for (int round = 0; round < 500; round++) {
            for (int k = 1; k < capacity; k++) {
                l.ring.push(seq, seq);
                seq++;
            }
            for (int s = seq - (capacity - 1); s < seq; s++) {
                int slot = l.ring.slot(s);
                assertThat(l.ring.sent(slot)).isEqualTo(s);
                l.ring.end(slot);
            }
            assertThat(l.inFlight()).isEqualTo(1);
            assertThat(l.ring.oldestIntended()).isZero();
        }
        l.ring.end(l.ring.slot(0));
        assertThat(l.inFlight()).isZero();
        l.ring.push(5, 5);
        assertThat(l.ring.slot(seq)).isNotNegative();
        assertThat(l.ring.oldestSent()).isEqualTo(5);
    }
}
