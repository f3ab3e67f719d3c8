package dev.zapline.cli.diff;

/**
 * Percentiles of a histogram held as counts over a sorted array of distinct values, read as HdrHistogram reads them:
 * the value at percentile p is the smallest value whose cumulative count reaches {@code max(1, round(p / 100 * N))}
 * ({@code round} adding one half and truncating), so a whole run's figures here equal those of its summed
 * HdrHistograms.
 */
final class Quantiles {

    private Quantiles() {}

    /** The rank (from 1) percentile {@code p} reads among {@code total} values. */
    static long rank(double p, long total) {
        return Math.max(1, (long) (p / 100 * total + 0.5));
    }

    /**
     * Writes into {@code out[k]} the value at percentile {@code ps[k]} (ascending) of {@code counts} over
     * {@code values}, or NaN for every k when the total is 0.
     */
    static void read(long[] counts, long[] values, double[] ps, double[] out) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            java.util.Arrays.fill(out, Double.NaN);
            return;
        }
        int k = 0;
        long want = rank(ps[0], total);
        long cumulative = 0;
        for (int i = 0; i < counts.length && k < ps.length; i++) {
            cumulative += counts[i];
            while (k < ps.length && cumulative >= want) {
                out[k++] = values[i];
                if (k < ps.length) {
                    want = rank(ps[k], total);
                }
            }
        }
        while (k < ps.length) {
            out[k++] = values[values.length - 1];
        }
    }

    /** The value of rank {@code r} (from 1, clamped to the counts' total) of {@code counts} over {@code values}. */
    static long atRank(long[] counts, long[] values, long r) {
        long cumulative = 0;
        for (int i = 0; i < counts.length; i++) {
            cumulative += counts[i];
            if (cumulative >= r) {
                return values[i];
            }
        }
        return values.length == 0 ? 0 : values[values.length - 1];
    }
}
