package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The thinking heap and the ready FIFO of {@link IdQueues}, and {@link IntFifo}, against the JDK's collections over
 * seeded random operations, through growth and wrap-around.
 */
class IdQueuesTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void thinkingIterationsFallDueInTimeOrder(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        IdQueues q = new IdQueues();
        long[] due = new long[1000];
        PriorityQueue<Integer> ref = new PriorityQueue<>(Comparator.comparingLong((Integer id) -> due[id]));
        int next = 0;
        long now = 0;
        for (int op = 0; op < 20_000; op++) {
            if (next < due.length && (ref.isEmpty() || r.nextInt(3) > 0)) {
                due[next] = now + r.nextLong(1_000_000);
                q.think(next, due[next]);
                ref.add(next++);
            } else {
                now += r.nextLong(300_000);
                while (!ref.isEmpty() && due[ref.peek()] <= now) {
                    int id = q.dueAt(now);
                    assertThat(id).isNotNegative();
                    assertThat(due[id]).isEqualTo(due[ref.poll()]);
                    assertThat(q.due(id)).isEqualTo(due[id]);
                }
                assertThat(q.dueAt(now)).isEqualTo(-1);
                assertThat(q.nextThinkingDue()).isEqualTo(ref.isEmpty() ? Admission.NONE : due[ref.peek()]);
            }
            assertThat(q.thinking()).isEqualTo(ref.size());
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void readyIterationsLeaveInTheOrderTheyCame(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        IdQueues q = new IdQueues();
        IntFifo f = new IntFifo();
        ArrayDeque<Integer> ref = new ArrayDeque<>();
        for (int op = 0; op < 20_000; op++) {
            if (ref.isEmpty() || r.nextInt(5) < 3) {
                int id = r.nextInt(500);
                q.ready(id, op);
                f.add(id);
                ref.add(id);
            } else {
                int id = ref.poll();
                assertThat(q.peekReady()).isEqualTo(id);
                assertThat(q.pollReady()).isEqualTo(id);
                assertThat(f.poll()).isEqualTo(id);
            }
            assertThat(q.readyCount()).isEqualTo(ref.size());
            assertThat(f.isEmpty()).isEqualTo(ref.isEmpty());
        }
        List<Integer> rest = new ArrayList<>();
        for (int id = q.pollReady(); id >= 0; id = q.pollReady()) {
            rest.add(id);
        }
        assertThat(rest).containsExactlyElementsOf(ref);
    }
}
