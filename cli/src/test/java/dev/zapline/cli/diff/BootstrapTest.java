package dev.zapline.cli.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The resampling's parts: block lengths, the grouped percentile walk against the dense one, intervals. */
class BootstrapTest {

    @ParameterizedTest
    @CsvSource({"1, 1", "3, 1", "4, 2", "5, 2", "60, 4", "600, 8", "3600, 15"})
    void blocksAreTheCubeRootOfTheSecondsRounded(int seconds, int block) {
        assertThat(Bootstrap.blockLength(seconds)).isEqualTo(block);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void theGroupedWalkReadsTheSameValuesAsTheDenseOne(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 5 + r.nextInt(40);
        Seconds s = new Synthetic(n, 1 + r.nextInt(300), 1 + r.nextDouble(), 0, seed).seconds();
        int block = 1 + r.nextInt(Math.min(n, 6));
        int[] picks = new int[n];
        for (int at = 0; at < n; ) {
            int start = r.nextInt(n);
            for (int j = 0; j < block && at < n; j++) {
                picks[at++] = (start + j) % n;
            }
        }
        double[] grouped = Bootstrap.figures(
                s, picks, block, new long[s.corrected.scratchSize()], new long[s.service.scratchSize()]);
        double[] dense =
                Bootstrap.figures(s, picks, 0, new long[s.corrected.values.length], new long[s.service.values.length]);
        assertThat(grouped).containsExactly(dense);
    }

    @Test
    void theIntervalIsReadFromTheSortedValuesLeavingNaNOut() {
        double[] x = new double[101];
        for (int i = 0; i <= 100; i++) {
            x[i] = 100 - i;
        }
        assertThat(Bootstrap.interval(x, 0.9)).containsExactly(5.0, 95.0);
        assertThat(Bootstrap.interval(new double[] {Double.NaN, 2, 1}, 0.5)).containsExactly(1.0, 2.0);
        assertThat(Bootstrap.interval(new double[] {Double.NaN}, 0.95)).containsExactly(Double.NaN, Double.NaN);
    }

    @Test
    void theNormalQuantileAndTheOrderStatisticWidth() {
        assertThat(OrderStats.z(0.95)).isCloseTo(1.95996, org.assertj.core.data.Offset.offset(1e-4));
        assertThat(OrderStats.z(0.99)).isCloseTo(2.57583, org.assertj.core.data.Offset.offset(1e-4));
        // 10,000 values 1..10,000: the median's 95 % ranks are 5000 -+ 98 (rounded outwards)
        long[] values = new long[10_000];
        long[] counts = new long[10_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i + 1;
            counts[i] = 1;
        }
        double w = OrderStats.halfWidth(counts, values, 50, OrderStats.z(0.95));
        assertThat(w).isEqualTo((Math.log(5098) - Math.log(4902)) / 2);
    }
}
