package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class StagesTest {

    static Stream<Arguments> spacing() {
        return Stream.of(
                // 0 -> 10 over 1 s: N(t) = 5t², t_i = sqrt(i/5).
                Arguments.of("1s:0->10", 5L, new long[] {0, 447_213_595, 632_455_532, 774_596_669, 894_427_190}),
                // 10 -> 0 over 1 s: N(t) = 10t − 5t², t_i = 1 − sqrt(1 − i/5).
                Arguments.of("1s:10->0", 5L, new long[] {0, 105_572_809, 225_403_330, 367_544_467, 552_786_404}),
                Arguments.of(
                        "1s:10->10",
                        10L,
                        LongStream.range(0, 10).map(i -> i * 100_000_000).toArray()),
                // 10 -> 30 over 1 s: N(t) = 10t + 10t², t_i = (sqrt(1 + 0.4 i) − 1) / 2.
                Arguments.of("1s:10->30", 20L, new long[] {0, 91_607_978, 170_820_393, 241_619_848, 306_225_774}),
                // Holds back to back: no request repeated or skipped at the edge.
                Arguments.of("1s:2,1s:2", 4L, new long[] {0, 500_000_000, 1_000_000_000, 1_500_000_000}),
                Arguments.of("1s:2,1s:4", 6L, new long[] {
                    0, 500_000_000, 1_000_000_000, 1_250_000_000, 1_500_000_000, 1_750_000_000
                }),
                // A pause in the middle and at the start: requests resume at the pause's end.
                Arguments.of("1s:2,1s:0,1s:2", 4L, new long[] {0, 500_000_000, 2_000_000_000L, 2_500_000_000L}),
                Arguments.of("1s:0,1s:2", 2L, new long[] {1_000_000_000, 1_500_000_000}),
                // 1.5 requests in the first stage: request 2 falls 0.5 requests into the second.
                Arguments.of("1s:1.5,1s:1", 3L, new long[] {0, 666_666_666, 1_500_000_000}),
                // Ramp up then down: the peak at 1 s holds request 5 exactly.
                Arguments.of("1s:0->10,1s:10->0", 10L, new long[] {
                    0,
                    447_213_595,
                    632_455_532,
                    774_596_669,
                    894_427_190,
                    1_000_000_000,
                    1_105_572_809,
                    1_225_403_330,
                    1_367_544_467,
                    1_552_786_404
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("spacing")
    void placesEveryRequestWhereTheCumulativeCountReachesIt(String stages, long count, long[] expected) {
        Stages profile = Stages.parse(stages);
        assertThat(profile.count()).isEqualTo(count);
        long[] actual =
                LongStream.range(0, expected.length).map(profile::uniformTime).toArray();
        assertThat(actual).containsExactly(expected);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "10s:0->20000,30s:20000,5s:20000->0",
                "3s:0->777.777,2.5s:777.777->13,1s:13,1s:0,1s:0->9",
                "1.0001s:1000->999,1ms:5000->0,7ms:3,1.37s:0.001->333.5",
                "2s:50000->0",
                "2s:0->50000",
                "1m:1->2"
            })
    void agreesWithTheExactReferenceAtEveryRequest(String stages) {
        Stages profile = Stages.parse(stages);
        ExactProfile exact = new ExactProfile(profile);
        assertThat(profile.count()).isEqualTo(exact.count());
        long step = Math.max(1, profile.count() / 20_000);
        long previous = -1;
        for (long i = 0; i < profile.count(); i += i < 50 || profile.count() - i < 50 ? 1 : step) {
            long t = profile.uniformTime(i);
            assertThat(t).as("request %d", i).isBetween(exact.time(i) - 1, exact.time(i) + 1);
            assertThat(t).isGreaterThanOrEqualTo(previous).isLessThan(profile.durationNanos());
            previous = t;
        }
    }

    @Test
    void eachStageEdgeHandsOverWithoutGapOrRepeat() {
        Stages profile = Stages.parse("1s:0->3,1s:3->3.5,1s:3.5,2s:3.5->0.25,1s:0.25");
        long[] times =
                LongStream.range(0, profile.count()).map(profile::uniformTime).toArray();
        ExactProfile exact = new ExactProfile(profile);
        assertThat(times).isSorted().doesNotHaveDuplicates();
        for (int i = 0; i < times.length; i++) {
            assertThat(times[i]).as("request %d", i).isEqualTo(exact.time(i));
        }
        assertThat(profile.count()).isEqualTo(exact.count()).isEqualTo(13);
    }

    @Test
    void reportsDurationAndExpectedCount() {
        Stages profile = Stages.parse("10s:0->20000,30s:20000,5s:20000->0");
        assertThat(profile.durationNanos()).isEqualTo(45_000_000_000L);
        assertThat(profile.count()).isEqualTo(100_000 + 600_000 + 50_000);
        assertThat(profile.expectedCount()).isEqualTo(750_000.0);
        assertThat(profile).hasToString("10000ms:0->20000,30000ms:20000,5000ms:20000->0");
    }

    @Test
    void refusesIndicesOutsideTheRun() {
        Stages profile = Stages.parse("1s:10");
        assertThatThrownBy(() -> profile.uniformTime(10))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("request 10 outside [0, 10)");
        assertThatThrownBy(() -> profile.uniformTime(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void refusesProfilesBeyondExactRange() {
        assertThatThrownBy(() -> Stages.of(new Stage(1L << 52, 1, 1), new Stage(1L << 52, 1, 1), new Stage(1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2^53 ns");
        assertThatThrownBy(() -> Stages.of(new Stage(1L << 53, Stage.MAX_MILLI, Stage.MAX_MILLI)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2^53 requests");
        assertThatThrownBy(() -> Stages.of()).isInstanceOf(IllegalArgumentException.class);
    }
}
