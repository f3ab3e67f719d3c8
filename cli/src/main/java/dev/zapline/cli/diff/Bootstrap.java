package dev.zapline.cli.diff;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The circular block bootstrap over one run's seconds: a resample is the run's length in seconds made of blocks of
 * {@link #blockLength} consecutive seconds, each block starting at a second drawn uniformly with replacement and
 * going on from the first second past the last (so that every second is drawn equally often, the edges too), the
 * last block cut to fit; the resample's histograms and counts are its seconds' added, and its figures are read from
 * them as the whole run's are. Blocks keep the seconds' dependence on their neighbours (a slow spell lasts several
 * seconds), which resampling single seconds would hide, making the intervals too narrow.
 *
 * <p>Stateless.
 */
final class Bootstrap {

    private Bootstrap() {}

    /** The block length for a run of {@code n} seconds: the cube root of n, rounded, at least 1. */
    static int blockLength(int n) {
        return Math.max(1, (int) Math.round(Math.cbrt(n)));
    }

    /** The whole run's figures (every second once), in {@link Figure}'s order; latency in microseconds. */
    static double[] point(Seconds s) {
        int[] all = new int[s.size()];
        Arrays.setAll(all, i -> i);
        return figures(s, all, 0, new long[s.corrected.values.length], new long[s.service.values.length]);
    }

    /**
     * {@code resamples} resamples of {@code s}: {@code out[f][b]} is figure f of resample b; NaN where a resample
     * has no response.
     */
    static double[][] resample(Seconds s, int resamples, SplittableRandom random) {
        int n = s.size();
        int block = Math.min(blockLength(n), n);
        double[][] out = new double[Figure.values().length][resamples];
        long[] c = new long[s.corrected.scratchSize()];
        long[] v = new long[s.service.scratchSize()];
        int[] picks = new int[n];
        for (int b = 0; b < resamples; b++) {
            int at = 0;
            while (at < n) {
                int start = random.nextInt(n);
                for (int j = 0; j < block && at < n; j++) {
                    picks[at++] = (start + j) % n;
                }
            }
            double[] f = figures(s, picks, block, c, v);
            for (int k = 0; k < f.length; k++) {
                out[k][b] = f[k];
            }
        }
        return out;
    }

    /**
     * The figures of the seconds {@code picks} (with repeats) of {@code s}: with {@code block} 0, added into the
     * scratch arrays (one slot per distinct value) and read; else read by {@link Sparse#percentiles} (the same
     * values) from {@code picks} made of blocks of that length.
     */
    static double[] figures(Seconds s, int[] picks, int block, long[] c, long[] v) {
        double length = 0;
        long count = 0;
        long failed = 0;
        long errors = 0;
        long dropped = 0;
        for (int p : picks) {
            length += s.length[p];
            count += s.count[p];
            failed += s.failed[p];
            errors += s.errors[p];
            dropped += s.dropped[p];
        }
        double[] out = new double[Figure.values().length];
        double[] q = new double[4];
        read(s.corrected, picks, block, c, q);
        for (int k = 0; k < 4; k++) {
            out[k] = q[k] / 1e3;
        }
        read(s.service, picks, block, v, q);
        for (int k = 0; k < 4; k++) {
            out[4 + k] = q[k] / 1e3;
        }
        out[Figure.RATE.ordinal()] = length > 0 ? count / length : Double.NaN;
        long ended = count + errors;
        out[Figure.ERRORS.ordinal()] = ended > 0 ? (double) (failed + errors) / ended : 0;
        out[Figure.DROPPED.ordinal()] = ended + dropped > 0 ? (double) dropped / (ended + dropped) : 0;
        return out;
    }

    private static void read(Sparse h, int[] picks, int block, long[] scratch, double[] q) {
        if (block > 0) {
            h.percentiles(picks, block, Figure.PERCENTILES, q, scratch);
            return;
        }
        Arrays.fill(scratch, 0);
        for (int p : picks) {
            h.addTo(p, scratch);
        }
        Quantiles.read(scratch, h.values, Figure.PERCENTILES, q);
    }

    /**
     * The interval at {@code confidence} of the values {@code x} (NaN ones left out): the values at the lower and
     * upper {@code (1 - confidence) / 2} tails of their sorted order; {NaN, NaN} when none is a number.
     */
    static double[] interval(double[] x, double confidence) {
        double[] s = Arrays.stream(x).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (s.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double tail = (1 - confidence) / 2;
        // the tiny allowance keeps 0.05 * 100 from reading as 4.999…
        int lo = (int) Math.floor(tail * (s.length - 1) + 1e-9);
        int hi = (int) Math.ceil((1 - tail) * (s.length - 1) - 1e-9);
        return new double[] {s[lo], s[hi]};
    }
}
