package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Schedule;
import dev.zapline.load.schedule.ScheduleCursor;
import dev.zapline.load.schedule.Stages;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --segment i/n}: the segments of a plan's schedule (warm-up included), as the engine takes them. */
class SegmentScheduleTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22})
    void segmentsPartitionTheSingleSchedulesIntendedTimes(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String spec = random.nextInt(1, 3_000) + "ms:" + random.nextInt(0, 20_000) + "->" + random.nextInt(1, 20_000)
                + "," + random.nextInt(1, 2_000) + "ms:" + random.nextInt(1, 20_000);
        Arrival arrival = random.nextBoolean() ? Arrival.POISSON : Arrival.UNIFORM;
        LoadPlan plan = LoadPlan.open(Stages.parse(spec), arrival, seed, 4, 2)
                .with(b -> b.warmupNanos = random.nextInt(0, 500) * 1_000_000L);
        Schedule whole = plan.schedule();
        long[] single = times(whole);
        for (int n = 1; n <= 8; n++) {
            long[] merged = new long[0];
            int[] seen = new int[single.length];
            for (int i = 0; i < n; i++) {
                Schedule s = whole.segment(i, n);
                long[] mine = times(s);
                for (int j = 0; j < mine.length; j++) {
                    long index = s.index(j);
                    assertThat(index % n).isEqualTo(i);
                    assertThat(mine[j]).isEqualTo(single[(int) index]);
                    seen[(int) index]++;
                }
                merged = concat(merged, mine);
            }
            Arrays.sort(merged);
            assertThat(merged).as("%s in %d segments", whole, n).containsExactly(single);
            assertThat(seen).as("every index once").containsOnly(1);
        }
    }

    @ParameterizedTest(name = "{0} users")
    @ValueSource(ints = {1, 2, 3, 7, 8, 100, 1001})
    void closedUsersSplitIntoSegmentsOnceEach(int users) {
        for (int n = 1; n <= 8; n++) {
            int total = 0;
            for (int i = 0; i < n; i++) {
                Segment s = new Segment(i, n);
                int expected = (int) IntStream.range(0, users)
                        .filter(u -> u % s.count() == s.index())
                        .count();
                assertThat(s.share(users))
                        .as("segment %s of %d users", s, users)
                        .isEqualTo(expected);
                assertThat(s.connections(users)).isGreaterThanOrEqualTo(1);
                total += s.share(users);
            }
            assertThat(total).isEqualTo(users);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"3/3", "-1/2", "0/0", "1", "a/b", "/2"})
    void rejectsSegmentsOutsideTheRun(String text) {
        assertThatThrownBy(() -> Segment.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("segment");
    }

    private static long[] times(Schedule s) {
        long[] out = new long[(int) s.count()];
        ScheduleCursor c = s.cursor();
        for (int j = 0; j < out.length; j++) {
            out[j] = c.next();
        }
        return out;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
