package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConstantScheduleTest {

    static Stream<Arguments> spacing() {
        return Stream.of(
                Arguments.of(1.0, new long[] {0, 1_000_000_000L, 2_000_000_000L, 3_000_000_000L}),
                Arguments.of(10.0, new long[] {0, 100_000_000, 200_000_000, 300_000_000, 400_000_000}),
                Arguments.of(1000.0, new long[] {0, 1_000_000, 2_000_000, 3_000_000, 4_000_000}),
                Arguments.of(50_000.0, new long[] {0, 20_000, 40_000, 60_000, 80_000, 100_000}),
                Arguments.of(3.0, new long[] {0, 333_333_333, 666_666_666, 1_000_000_000, 1_333_333_333}),
                Arguments.of(7.0, new long[] {0, 142_857_142, 285_714_285, 428_571_428, 571_428_571}),
                Arguments.of(1.5, new long[] {0, 666_666_666, 1_333_333_333, 2_000_000_000L}),
                Arguments.of(0.001, new long[] {0, 1_000_000_000_000L}),
                Arguments.of(333.333, new long[] {0, 3_000_003, 6_000_006, 9_000_009, 12_000_012}));
    }

    @ParameterizedTest(name = "{0} req/s")
    @MethodSource("spacing")
    void placesRequestIAtFloorOfIOverRate(double rate, long[] expected) {
        Schedule s = Schedule.constant(rate, Duration.ofDays(30));
        long[] actual = LongStream.range(0, expected.length).map(s::at).toArray();
        assertThat(actual).containsExactly(expected);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void matchesExactIntegerFormulaForAnyRateAndIndex(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 2_000; n++) {
            long milli = random.nextLong(1, Stage.MAX_MILLI + 1);
            Stages profile = Stages.of(new Stage(1L << 52, milli, milli));
            long i = random.nextLong(profile.count());
            long expected = BigInteger.valueOf(i)
                    .multiply(BigInteger.TEN.pow(12))
                    .divide(BigInteger.valueOf(milli))
                    .longValueExact();
            assertThat(profile.uniformTime(i))
                    .as("rate %s req/s, i %d", Stage.rate(milli), i)
                    .isEqualTo(expected);
        }
    }

    @Test
    void doesNotDriftOverADayAt50kPerSecond() {
        Schedule s = Schedule.constant(50_000, Duration.ofDays(1).plusSeconds(1));
        long day = 50_000L * 3600 * 24;
        assertThat(s.at(day)).isEqualTo(86_400_000_000_000L);
        assertThat(s.at(day - 1)).isEqualTo(86_400_000_000_000L - 20_000);
        assertThat(s.at(day + 1) - s.at(day)).isEqualTo(20_000);
    }

    @Test
    void staysExactNearTheTrillionthRequest() {
        Schedule even = Schedule.constant(10_000_000, Duration.ofDays(2));
        assertThat(even.at(1_000_000_000_000L)).isEqualTo(100_000_000_000_000L);
        Schedule odd = Schedule.constant(9_999_999.123, Duration.ofDays(2));
        for (long i = 999_999_999_990L; i < 1_000_000_000_010L; i++) {
            long expected = BigInteger.valueOf(i)
                    .multiply(BigInteger.TEN.pow(12))
                    .divide(BigInteger.valueOf(9_999_999_123L))
                    .longValueExact();
            assertThat(odd.at(i)).isEqualTo(expected);
        }
    }

    static Stream<Arguments> counts() {
        return Stream.of(
                Arguments.of(1000.0, Duration.ofSeconds(30), 30_000L),
                Arguments.of(3.0, Duration.ofSeconds(2), 6L),
                Arguments.of(3.0, Duration.ofMillis(2_100), 7L),
                Arguments.of(3.0, Duration.ofMillis(2_001), 7L),
                Arguments.of(0.5, Duration.ofSeconds(3), 2L),
                Arguments.of(0.0, Duration.ofSeconds(3), 0L),
                Arguments.of(50_000.0, Duration.ofNanos(1), 1L));
    }

    @ParameterizedTest(name = "{0} req/s for {1}")
    @MethodSource("counts")
    void countsEveryRequestDueBeforeTheEnd(double rate, Duration duration, long count) {
        Schedule s = Schedule.constant(rate, duration);
        assertThat(s.count()).isEqualTo(count);
        if (count > 0) {
            assertThat(s.at(count - 1)).isLessThan(duration.toNanos());
        }
    }
}
