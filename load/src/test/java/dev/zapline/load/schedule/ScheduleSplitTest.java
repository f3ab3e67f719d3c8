package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScheduleSplitTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void loopsOfSegmentsTogetherAreTheWholeScheduleOnceEach(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String stages = random.nextInt(1, 10_000) + "ms:" + random.nextInt(0, 40_000) + "->" + random.nextInt(0, 40_000)
                + "," + random.nextInt(1, 5_000) + "ms:" + random.nextInt(0, 40_000);
        Arrival arrival = seed % 2 == 0 ? Arrival.POISSON : Arrival.UNIFORM;
        Schedule whole = Schedule.of(Stages.parse(stages), arrival, seed);
        long[] global = times(whole);
        assertThat(global).isSorted();

        int segments = random.nextInt(1, 9);
        int loops = random.nextInt(1, 17);
        long[] seen = new long[global.length];
        long covered = 0;
        for (int s = 0; s < segments; s++) {
            Schedule segment = whole.segment(s, segments);
            long segmentCount = 0;
            for (int k = 0; k < loops; k++) {
                Schedule loop = segment.forLoop(k, loops);
                long[] mine = times(loop);
                assertThat(mine)
                        .as("%s loop %d of segment %d", whole, k, s)
                        .isSorted()
                        .hasSize((int) loop.count());
                int wrongSegment = 0;
                int wrongTime = 0;
                for (int j = 0; j < mine.length; j++) {
                    long i = loop.index(j);
                    wrongSegment += i % segments == s ? 0 : 1;
                    wrongTime += mine[j] == global[(int) i] ? 0 : 1;
                    seen[(int) i]++;
                }
                assertThat(wrongSegment).isZero();
                assertThat(wrongTime).isZero();
                segmentCount += loop.count();
            }
            assertThat(segmentCount).isEqualTo(segment.count());
            covered += segmentCount;
        }
        assertThat(covered).isEqualTo(whole.count());
        assertThat(seen).containsOnly(1);
    }

    @Test
    void loopsKeepTheGlobalSpacingOfAConstantRate() {
        Schedule whole = Schedule.constant(50_000, Duration.ofSeconds(1));
        Schedule loop = whole.forLoop(3, 8);
        assertThat(loop.count()).isEqualTo(6_250);
        for (long j = 0; j < loop.count(); j++) {
            assertThat(loop.at(j)).isEqualTo((3 + 8 * j) * 20_000);
        }
        assertThat(whole.segment(1, 2).forLoop(1, 2).at(0)).isEqualTo(3 * 20_000);
    }

    @Test
    void sharesSmallerThanThePartsLeaveSomePartsEmpty() {
        Schedule whole = Schedule.constant(3, Duration.ofSeconds(1));
        assertThat(whole.forLoop(2, 5).count()).isEqualTo(1);
        assertThat(whole.forLoop(3, 5).count()).isZero();
        assertThat(whole.forLoop(3, 5).cursor().next()).isEqualTo(-1);
    }

    @Test
    void rejectsPartsOutOfRange() {
        Schedule whole = Schedule.constant(3, Duration.ofSeconds(1));
        assertThatThrownBy(() -> whole.segment(2, 2)).hasMessage("segment 2 of 2: need 0 <= segment < 2 and 2 >= 1");
        assertThatThrownBy(() -> whole.forLoop(-1, 4)).hasMessage("loop -1 of 4: need 0 <= loop < 4 and 4 >= 1");
        assertThatThrownBy(() -> whole.forLoop(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> whole.at(3))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("request 3 outside [0, 3)");
    }

    private static long[] times(Schedule s) {
        long[] times = new long[(int) s.count()];
        ScheduleCursor cursor = s.cursor();
        int wrongIndex = 0;
        for (int j = 0; j < times.length; j++) {
            wrongIndex += cursor.nextIndex() == s.index(j) ? 0 : 1;
            times[j] = cursor.next();
        }
        assertThat(wrongIndex).isZero();
        assertThat(cursor.next()).isEqualTo(-1);
        assertThat(cursor.position()).isEqualTo(times.length);
        return times;
    }
}
