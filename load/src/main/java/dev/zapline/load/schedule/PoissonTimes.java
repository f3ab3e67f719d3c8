package dev.zapline.load.schedule;

/**
 * Poisson arrivals by time rescaling: arrival {@code i} of a unit-rate Poisson process, {@code u_i}, is mapped
 * through the inverse of the profile's cumulative count, {@code t_i = N⁻¹(u_i)}. That is exact for constant,
 * ramped and staged rates alike (a non-homogeneous Poisson process with intensity the profile's rate).
 *
 * <p>{@code u_0 = 0} and the gaps {@code u_{i+1} − u_i} are independent Exp(1). To reach any {@code i} without
 * summing every gap before it, the gaps are grouped into leaves of {@value #LEAF} and blocks of {@value #FAN} leaves
 * and drawn top-down, each from its own substream of the seed: a block's total is Gamma(2²⁰); its split among its
 * leaves is a Dirichlet draw (independent Gamma(1024) totals, normalized); a leaf's gaps are Exp(1) draws scaled to
 * the leaf's total. For independent exponentials the sum is independent of the normalized partial sums, so this is
 * the same joint law as drawing every gap in turn. Reaching block {@code b} sums {@code b} block totals (one Gamma
 * draw each); a cursor moving forward keeps the current block and leaf, so a step costs amortized O(1) and allocates
 * nothing. Deterministic for a seed on every JVM ({@link Stream}). Not thread-safe: one instance per cursor.
 */
final class PoissonTimes implements Times {

    static final int LEAF_BITS = 10;
    static final int LEAF = 1 << LEAF_BITS;
    static final int FAN_BITS = 10;
    static final int FAN = 1 << FAN_BITS;
    private static final double BLOCK = (double) LEAF * FAN;
    private static final long KIND_BLOCK = 1;
    private static final long KIND_SPLIT = 2;
    private static final long KIND_LEAF = 3;

    private final Stages stages;
    private final long seed;
    private final Stream stream = new Stream();
    private long prefixBlock;
    private double prefixStart;
    private long block = -1;
    private double blockEnd;
    private final double[] leafStart = new double[FAN];
    private final double[] leafTotal = new double[FAN];
    private long leaf = -1;
    private final double[] arrival = new double[LEAF];

    PoissonTimes(Stages stages, long seed) {
        this.stages = stages;
        this.seed = seed;
    }

    @Override
    public long at(long i) {
        return stages.timeAtCount(unitArrival(i));
    }

    /** {@code u_i}: non-decreasing in {@code i}. */
    double unitArrival(long i) {
        long l = i >>> LEAF_BITS;
        if (l != leaf) {
            loadLeaf(l);
        }
        return arrival[(int) (i & LEAF - 1)];
    }

    /** The number of arrivals with {@code u_i < limit}. */
    long countBelow(double limit) {
        if (!(limit > 0)) {
            return 0;
        }
        long hi = LEAF;
        while (unitArrival(hi) < limit) {
            if (hi >= 1L << 52) {
                throw new IllegalArgumentException("a Poisson schedule holds at most 2^53 requests");
            }
            hi *= 2;
        }
        long lo = 0;
        while (hi - lo > 1) {
            long mid = (lo + hi) >>> 1;
            if (unitArrival(mid) < limit) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    private void loadLeaf(long l) {
        long b = l >>> FAN_BITS;
        if (b != block) {
            loadBlock(b);
        }
        int c = (int) (l & FAN - 1);
        double start = leafStart[c];
        double end = c + 1 < FAN ? leafStart[c + 1] : blockEnd;
        stream.reset(seed, KIND_LEAF, l);
        double sum = 0;
        for (int j = 0; j < LEAF; j++) {
            arrival[j] = sum;
            sum += stream.nextExponential();
        }
        double scale = leafTotal[c] / sum;
        for (int j = 0; j < LEAF; j++) {
            // The min keeps u monotone across the leaf edge whatever the rounding.
            arrival[j] = Math.min(start + arrival[j] * scale, end);
        }
        leaf = l;
    }

    private void loadBlock(long b) {
        if (b < prefixBlock) {
            prefixBlock = 0;
            prefixStart = 0;
        }
        while (prefixBlock < b) {
            prefixStart += blockTotal(prefixBlock++);
        }
        double total = blockTotal(b);
        stream.reset(seed, KIND_SPLIT, b);
        double sum = 0;
        for (int c = 0; c < FAN; c++) {
            leafTotal[c] = stream.nextGamma(LEAF);
            sum += leafTotal[c];
        }
        double scale = total / sum;
        double at = prefixStart;
        for (int c = 0; c < FAN; c++) {
            leafStart[c] = at;
            leafTotal[c] *= scale;
            at += leafTotal[c];
        }
        blockEnd = prefixStart + total;
        block = b;
    }

    private double blockTotal(long b) {
        return stream.reset(seed, KIND_BLOCK, b).nextGamma(BLOCK);
    }
}
