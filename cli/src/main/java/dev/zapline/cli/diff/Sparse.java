package dev.zapline.cli.diff;

import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The seconds of one run's latency (corrected or service) held compactly: the distinct values any second recorded
 * (each HdrHistogram bucket's highest equivalent value, ns), sorted, and for each second the indexes of its values
 * among them and their counts. A one-hour run's 3,600 seconds fit in a few megabytes, where as many decoded
 * HdrHistograms would take gigabytes; adding a resample's seconds into one count array over the distinct values and
 * walking it once reads its percentiles.
 *
 * <p>Immutable once made.
 */
final class Sparse {

    /** The distinct values, ascending. */
    final long[] values;
    /** Per second, the indexes into {@link #values} of the values it recorded. */
    final int[][] index;
    /** Per second, the count of each value in {@link #index}. */
    final long[][] counts;

    private Sparse(long[] values, int[][] index, long[][] counts) {
        this.values = values;
        this.index = index;
        this.counts = counts;
    }

    /** {@code h}'s recorded values (each bucket's highest equivalent value) and their counts: {values, counts}. */
    static long[][] recorded(Histogram h) {
        int n = 0;
        long[] v = new long[16];
        long[] c = new long[16];
        for (HistogramIterationValue x : h.recordedValues()) {
            if (n == v.length) {
                v = Arrays.copyOf(v, n * 2);
                c = Arrays.copyOf(c, n * 2);
            }
            v[n] = x.getValueIteratedTo();
            c[n++] = x.getCountAtValueIteratedTo();
        }
        return new long[][] {Arrays.copyOf(v, n), Arrays.copyOf(c, n)};
    }

    /** The seconds whose {@link #recorded} values and counts are {@code seconds}, in order. */
    static Sparse of(List<long[][]> seconds) {
        int all = 0;
        for (long[][] s : seconds) {
            all += s[0].length;
        }
        long[] union = new long[all];
        int at = 0;
        for (long[][] s : seconds) {
            System.arraycopy(s[0], 0, union, at, s[0].length);
            at += s[0].length;
        }
        Arrays.sort(union);
        int distinct = 0;
        for (int i = 0; i < union.length; i++) {
            if (i == 0 || union[i] != union[i - 1]) {
                union[distinct++] = union[i];
            }
        }
        long[] values = Arrays.copyOf(union, distinct);
        int[][] index = new int[seconds.size()][];
        long[][] counts = new long[seconds.size()][];
        for (int s = 0; s < seconds.size(); s++) {
            long[] v = seconds.get(s)[0];
            index[s] = new int[v.length];
            for (int i = 0; i < v.length; i++) {
                index[s][i] = Arrays.binarySearch(values, v[i]);
            }
            counts[s] = seconds.get(s)[1];
        }
        return new Sparse(values, index, counts);
    }

    /** How many seconds it holds. */
    int seconds() {
        return index.length;
    }

    /** Adds second {@code s}'s counts into {@code into} (one slot per distinct value). */
    void addTo(int s, long[] into) {
        int[] ix = index[s];
        long[] c = counts[s];
        for (int i = 0; i < ix.length; i++) {
            into[ix[i]] += c[i];
        }
    }

    /** The counts of all its seconds together. */
    long[] total() {
        long[] into = new long[values.length];
        for (int s = 0; s < seconds(); s++) {
            addTo(s, into);
        }
        return into;
    }
}
