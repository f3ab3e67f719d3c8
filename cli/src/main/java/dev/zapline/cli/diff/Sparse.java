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
 * <p>Not thread-safe (it keeps the group counts of the last block length asked for).
 */
final class Sparse {

    /** The distinct values, ascending. */
    final long[] values;
    /** Per second, the indexes into {@link #values} of the values it recorded. */
    final int[][] index;
    /** Per second, the count of each value in {@link #index}. */
    final long[][] counts;

    /** The value indexes are cut into groups of this many consecutive ones, about the square root of their count. */
    private final int group;
    /** Per second, its count in each group. */
    private final long[][] groupCounts;
    /** Per second, where each group's entries start in {@link #index} (one more: the end). */
    private final int[][] groupStarts;
    /** The block length {@link #cachedCounts} is for (0: none yet). */
    private int cachedBlock;
    /** The group counts of each block of {@link #cachedBlock} seconds, by its first second. */
    private long[][] cachedCounts;

    private Sparse(long[] values, int[][] index, long[][] counts) {
        this.values = values;
        this.index = index;
        this.counts = counts;
        this.group = Math.max(1, (int) Math.ceil(Math.sqrt(values.length)));
        int groups = (values.length + group - 1) / group;
        this.groupCounts = new long[index.length][groups];
        this.groupStarts = new int[index.length][groups + 1];
        for (int s = 0; s < index.length; s++) {
            int e = 0;
            for (int g = 0; g < groups; g++) {
                groupStarts[s][g] = e;
                while (e < index[s].length && index[s][e] < (g + 1) * group) {
                    groupCounts[s][g] += counts[s][e++];
                }
            }
            groupStarts[s][groups] = e;
        }
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

    /**
     * The percentiles {@code ps} (ascending) of the seconds {@code picks} (with repeats) added, into {@code out}, as
     * {@link Quantiles#read} would read them from the added counts (NaN when there are none), without adding every
     * value: the group counts of the picks' blocks are added to find the group each rank falls in, and only those
     * groups' values are added. {@code picks} is made of circular blocks of {@code block} consecutive seconds, the
     * last one possibly cut. {@code scratch} holds at least {@link #scratchSize()} values.
     */
    void percentiles(int[] picks, int block, double[] ps, double[] out, long[] scratch) {
        int groups = groupStarts.length == 0 ? 0 : groupStarts[0].length - 1;
        long[][] blocks = blockCounts(block);
        long[] sums = new long[groups];
        for (int j = 0; j < picks.length; j += block) {
            boolean whole = j + block <= picks.length;
            for (int p = j; p < (whole ? j + 1 : picks.length); p++) {
                long[] gc = whole ? blocks[picks[j]] : groupCounts[picks[p]];
                for (int g = 0; g < groups; g++) {
                    sums[g] += gc[g];
                }
            }
        }
        long total = 0;
        for (long x : sums) {
            total += x;
        }
        if (total == 0) {
            java.util.Arrays.fill(out, Double.NaN);
            return;
        }
        int g = 0;
        long before = 0;
        int filled = -1;
        for (int k = 0; k < ps.length; k++) {
            long rank = Quantiles.rank(ps[k], total);
            while (g < groups - 1 && before + sums[g] < rank) {
                before += sums[g++];
            }
            if (filled != g) {
                java.util.Arrays.fill(scratch, 0, group, 0);
                for (int p : picks) {
                    int[] ix = index[p];
                    long[] c = counts[p];
                    for (int e = groupStarts[p][g]; e < groupStarts[p][g + 1]; e++) {
                        scratch[ix[e] - g * group] += c[e];
                    }
                }
                filled = g;
            }
            long cumulative = before;
            int i = 0;
            int last = Math.min(group, values.length - g * group) - 1;
            while (i < last && cumulative + scratch[i] < rank) {
                cumulative += scratch[i++];
            }
            out[k] = values[g * group + i];
        }
    }

    /**
     * Per block start, the group counts of the {@code block} seconds from it (past the last second the block goes on
     * from the first: the blocks are circular); made on first use of that length.
     */
    private long[][] blockCounts(int block) {
        if (block != cachedBlock) {
            int groups = groupStarts.length == 0 ? 0 : groupStarts[0].length - 1;
            cachedCounts = new long[index.length][groups];
            for (int b = 0; b < cachedCounts.length; b++) {
                for (int s = b; s < b + block; s++) {
                    for (int g = 0; g < groups; g++) {
                        cachedCounts[b][g] += groupCounts[s % index.length][g];
                    }
                }
            }
            cachedBlock = block;
        }
        return cachedCounts;
    }

    /** The size of {@link #percentiles}'s scratch array. */
    int scratchSize() {
        return group;
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
