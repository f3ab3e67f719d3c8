package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The accuracy the engine is held to, made exact by the schedule: over 30 s every 10 ms bucket holds its expected
 * count within ±(1 + 1%), the expected count being the integral of the rate over the bucket, and the total is
 * the profile's.
 */
class BucketAccuracyTest {

    private static final long BUCKET = 10_000_000;

    @ParameterizedTest(name = "{0} req/s")
    @ValueSource(ints = {1_000, 10_000, 50_000})
    void constantRateFillsEveryBucketExactly(int rate) {
        Schedule s = Schedule.constant(rate, Duration.ofSeconds(30));
        long[] buckets = buckets(s);
        assertThat(s.count()).isEqualTo(30L * rate);
        assertThat(buckets).containsOnly(rate / 100);
    }

    static Stream<Arguments> profiles() {
        return Stream.of(
                Arguments.of("30s:0->50000"),
                Arguments.of("30s:50000->0"),
                Arguments.of("30s:1000->10000"),
                Arguments.of("10s:0->20000,15s:20000,5s:20000->0"),
                Arguments.of("7.777s:333.333,7.5s:333.333->49999.999,14.723s:12345.678"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void rampsFillEveryBucketWithTheIntegralOfTheRate(String stages) {
        Stages profile = Stages.parse(stages);
        ExactProfile exact = new ExactProfile(profile);
        long[] buckets = buckets(Schedule.uniform(profile));
        long total = 0;
        for (int b = 0; b < buckets.length; b++) {
            double expected = exact.countAt(Math.min((b + 1) * BUCKET, profile.durationNanos()))
                            .doubleValue()
                    - exact.countAt(b * BUCKET).doubleValue();
            assertThat((double) buckets[b])
                    .as("bucket %d", b)
                    .isCloseTo(expected, org.assertj.core.data.Offset.offset(1 + 0.01 * expected));
            total += buckets[b];
        }
        assertThat(total).isEqualTo(exact.count());
        assertThat(Math.abs(total - profile.expectedCount())).isLessThan(1.0);
    }

    private static long[] buckets(Schedule s) {
        long[] buckets = new long[(int) Math.ceilDiv(s.durationNanos(), BUCKET)];
        ScheduleCursor cursor = s.cursor();
        for (long t = cursor.next(); t >= 0; t = cursor.next()) {
            buckets[(int) (t / BUCKET)]++;
        }
        int[] counted = s.countPerBucket(0, BUCKET, buckets.length);
        for (int b = 0; b < buckets.length; b++) {
            assertThat((long) counted[b]).as("countPerBucket, bucket %d", b).isEqualTo(buckets[b]);
        }
        return buckets;
    }

    @ParameterizedTest(name = "from {0} ns")
    @ValueSource(longs = {0, 1, 2_500_000, 300_000_000, 299_999_999})
    void countPerBucketCountsTheIntendedTimesOfEachWindowAfterAnOffset(long from) {
        Schedule s = Schedule.of(Stages.parse("300ms:1000,200ms:1000->3000"), Arrival.POISSON, 5);
        int n = 17;
        int[] counts = s.countPerBucket(from, BUCKET, n);
        long[] manual = new long[n];
        ScheduleCursor c = s.cursor();
        for (long t = c.next(); t >= 0; t = c.next()) {
            if (t >= from && t < from + n * BUCKET) {
                manual[(int) ((t - from) / BUCKET)]++;
            }
        }
        for (int b = 0; b < n; b++) {
            assertThat((long) counts[b]).as("bucket %d", b).isEqualTo(manual[b]);
        }
        assertThat(java.util.Arrays.stream(counts).sum()).isPositive();
    }
}
