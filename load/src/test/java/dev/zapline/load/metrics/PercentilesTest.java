package dev.zapline.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** One walk gives exactly what {@code getValueAtPercentile} and {@code getMean} give, one call each. */
class PercentilesTest {

    private static final double[] FIXED = {0, 1, 25, 50, 75, 90, 99, 99.9, 99.99, 99.999, 100};

    @Test
    void matchesHdrHistogramExactlyOnRandomHistograms() {
        SplittableRandom r = new SplittableRandom(13);
        for (int round = 0; round < 300; round++) {
            Histogram h = LoopRecorder.newHistogram();
            int shape = round % 4;
            int n = round % 7 == 0 ? 1 + r.nextInt(3) : 1 + r.nextInt(20_000);
            for (int i = 0; i < n; i++) {
                long v = switch (shape) {
                    case 0 -> r.nextLong(1, 10_000_000L); // up to 10 ms, uniform
                    case 1 -> (long) Math.exp(r.nextDouble(0, Math.log(LoopRecorder.HIGHEST))); // log-uniform
                    case 2 -> r.nextInt(3) == 0 ? 2_000_000_000L : 150_000 + r.nextInt(1000); // a stall
                    default -> r.nextLong(0, 2_000); // below the resolution floor
                };
                h.recordValueWithCount(Math.min(v, LoopRecorder.HIGHEST), 1 + r.nextInt(3));
            }
            double[] asked = round % 2 == 0 ? FIXED : randomAscending(r);
            Percentiles p = new Percentiles(asked).read(h);
            long[] expected = new long[asked.length];
            long[] got = new long[asked.length];
            for (int i = 0; i < asked.length; i++) {
                expected[i] = h.getValueAtPercentile(asked[i]);
                got[i] = p.value(i);
            }
            assertThat(got)
                    .as("round %d, shape %d, %d values, percentiles %s", round, shape, n, Arrays.toString(asked))
                    .containsExactly(expected);
            assertThat(p.mean()).as("round %d mean", round).isEqualTo(h.getMean());
            assertThat(p.count()).isEqualTo(h.getTotalCount());
        }
    }

    private static double[] randomAscending(SplittableRandom r) {
        double[] d = new double[1 + r.nextInt(12)];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextInt(10) == 0 ? 100 - r.nextDouble() / 1000 : r.nextDouble(0, 100);
        }
        Arrays.sort(d);
        return d;
    }

    @Test
    void anEmptyHistogramReadsAsZeros() {
        Percentiles p = new Percentiles(50, 99).read(LoopRecorder.newHistogram());
        assertThat(p.value(0)).isZero();
        assertThat(p.value(1)).isZero();
        assertThat(p.mean()).isZero();
        assertThat(p.count()).isZero();
    }

    @Test
    void refusesPercentilesOutOfOrderOrRange() {
        assertThatThrownBy(() -> new Percentiles(99, 50)).hasMessageContaining("ascending");
        assertThatThrownBy(() -> new Percentiles(50, 100.5)).hasMessageContaining("100.5");
        assertThatThrownBy(() -> new Percentiles(Double.NaN)).hasMessageContaining("NaN");
    }

    @Test
    void aReadAllocatesNothing() {
        Histogram h = LoopRecorder.newHistogram();
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 10_000; i++) {
            h.recordValue(r.nextLong(1_000, 50_000_000L));
        }
        Percentiles p = new Percentiles(50, 75, 90, 99, 99.9, 99.99);
        long sink = 0;
        for (int i = 0; i < 2_000; i++) {
            sink += p.read(h).value(3);
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 1_000; i++) {
            sink += p.read(h).value(3);
        }
        long bytes = mx.getCurrentThreadAllocatedBytes() - before;
        assertThat(sink).isPositive();
        assertThat(bytes).as("bytes allocated by 1,000 reads").isLessThan(1_000);
    }
}
