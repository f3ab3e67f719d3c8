package dev.zapline.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.report.Pacing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Sends per 10 ms bucket, and their comparison with the schedule, on fixed times. */
class PacingCounterTest {

    private static final long MS = 1_000_000;

    @Test
    void countsEachSendInTheBucketOfItsTimeAndTheRestBeyond() {
        PacingCounter p = PacingCounter.forLength(35 * MS);
        assertThat(p.buckets()).isEqualTo(4);
        for (long t : new long[] {0, 9_999_999, 10 * MS, 19 * MS, 20 * MS, 34 * MS, 39_999_999, 40 * MS, -1}) {
            p.sent(t);
        }
        assertThat(new int[] {p.count(0), p.count(1), p.count(2), p.count(3)}).containsExactly(2, 2, 1, 2);
        assertThat(p.beyond()).isEqualTo(2);
    }

    @Test
    void bucketsAreCappedAtTenMinutes() {
        assertThat(PacingCounter.buckets(10_000_000_000L)).isEqualTo(1000);
        assertThat(PacingCounter.buckets(600_000_000_000L)).isEqualTo(60_000);
        assertThat(PacingCounter.buckets(3_600_000_000_000L)).isEqualTo(PacingCounter.MAX_BUCKETS);
        PacingCounter p = PacingCounter.forLength(3_600_000_000_000L);
        p.sent(599_999_999_999L);
        p.sent(600_000_000_000L);
        assertThat(p.count(59_999)).isEqualTo(1);
        assertThat(p.beyond()).isEqualTo(1);
        assertThatThrownBy(() -> new PacingCounter(60_001)).hasMessageContaining("60001");
    }

    @Test
    void mergeSumsTheLoopsBucketByBucket() {
        PacingCounter a = new PacingCounter(3);
        PacingCounter b = new PacingCounter(3);
        a.sent(0);
        a.sent(25 * MS);
        b.sent(1 * MS);
        b.sent(11 * MS);
        b.sent(12 * MS);
        assertThat(PacingCounter.merge(new PacingCounter[] {a, b})).containsExactly(2, 2, 1);
        assertThat(PacingCounter.merge(new PacingCounter[0])).isEmpty();
    }

    @ParameterizedTest(name = "expected {0}, actual {1}: within {2}")
    @CsvSource({
        "0,0,true",
        "0,1,true",
        "0,2,false",
        "20,21,true",
        "20,19,true",
        "20,22,false",
        "20,18,false",
        "100,102,true",
        "100,98,true",
        "100,103,false",
        "100,97,false",
        "250,253,true",
        "250,254,false"
    })
    void toleranceIsOnePlusOnePercentOfTheExpected(int expected, int actual, boolean within) {
        Pacing p = Pacing.compare(10, new int[] {actual}, new int[] {expected}, 1);
        assertThat(p.within()).isEqualTo(within ? 1 : 0);
        assertThat(p.worstOver()).isEqualTo(Math.max(0, actual - expected));
        assertThat(p.worstUnder()).isEqualTo(Math.max(0, expected - actual));
    }

    @Test
    void compareReportsWorstDeviationsOverTheComparedBucketsOnly() {
        int[] expected = {20, 20, 20, 20, 20};
        int[] actual = {20, 23, 16, 21, 0};
        Pacing p = Pacing.compare(10, actual, expected, 4);
        assertThat(p).isEqualTo(new Pacing(10, 4, 2, 3, 4));
        assertThatThrownBy(() -> Pacing.compare(10, actual, new int[2], 3)).hasMessageContaining("3 buckets");
    }
}
