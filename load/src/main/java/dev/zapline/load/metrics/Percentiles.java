package dev.zapline.load.metrics;

import org.HdrHistogram.Histogram;

/**
 * Several percentiles and the mean of a histogram from one walk over its buckets, instead of one walk per
 * {@link Histogram#getValueAtPercentile} call and another for {@link Histogram#getMean}. The values are exactly
 * HdrHistogram's own (same count thresholds, same equivalent values, same summation order for the mean).
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=percentiles}
 *
 * <p>The walk steps from one bucket to the next with {@link Histogram#nextNonEquivalentValue} and reads each
 * count with {@link Histogram#getCountAtValue}, so it allocates nothing (HdrHistogram's iterators are objects) and
 * stops at the last recorded value. Threading: one instance per reader; the histogram must not change meanwhile.
 */
public final class Percentiles {

    private final double[] percentiles;
    private final long[] values;
    private double mean;
    private long count;

    /** @param percentiles ascending, each in [0, 100] */
    public Percentiles(double... percentiles) {
        for (int i = 0; i < percentiles.length; i++) {
            double p = percentiles[i];
            if (!(p >= 0 && p <= 100) || i > 0 && p < percentiles[i - 1]) {
                throw new IllegalArgumentException("percentile " + p + " at " + i
                        + ": percentiles must be ascending, in [0, 100]: " + java.util.Arrays.toString(percentiles));
            }
        }
        this.percentiles = percentiles.clone();
        this.values = new long[percentiles.length];
    }

    /** Walks {@code h} once; afterwards {@link #value}, {@link #mean} and {@link #count} describe it. */
    public Percentiles read(Histogram h) {
        long total = h.getTotalCount();
        count = total;
        mean = 0;
        java.util.Arrays.fill(values, 0);
        if (total == 0) {
            return this;
        }
        int k = 0;
        long need = threshold(percentiles[0], total);
        long seen = 0;
        double sum = 0;
        long max = h.getMaxValue();
        for (long v = 0; seen < total && v <= max; v = h.nextNonEquivalentValue(v)) {
            long c = h.getCountAtValue(v);
            if (c == 0) {
                continue;
            }
            seen += c;
            sum += h.medianEquivalentValue(v) * (double) c;
            while (k < values.length && seen >= need) {
                values[k] = percentiles[k] == 0.0 ? h.lowestEquivalentValue(v) : h.highestEquivalentValue(v);
                if (++k < values.length) {
                    need = threshold(percentiles[k], total);
                }
            }
        }
        mean = sum / total;
        return this;
    }

    /** The count a percentile must reach, as {@link Histogram#getValueAtPercentile} computes it. */
    private static long threshold(double percentile, long total) {
        double p = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
        return Math.max(1, (long) Math.ceil(p * total / 100.0));
    }

    /** The value at the {@code i}-th requested percentile (0 for an empty histogram). */
    public long value(int i) {
        return values[i];
    }

    /** The mean as {@link Histogram#getMean} gives it (0 for an empty histogram). */
    public double mean() {
        return mean;
    }

    /** The histogram's total count at the last {@link #read}. */
    public long count() {
        return count;
    }

    /** How many percentiles are read. */
    public int size() {
        return values.length;
    }
}
