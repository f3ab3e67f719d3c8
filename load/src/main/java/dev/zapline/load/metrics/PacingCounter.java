package dev.zapline.load.metrics;

/**
 * Actual sends of one event loop per 10 ms bucket of the measured phase, in a fixed array: what the pacing report
 * compares with the schedule's expected count per bucket. No per-request storage, no allocation per send.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=pacing}
 *
 * <p>Only the first {@link #MAX_BUCKETS} buckets (10 minutes) are kept, 240 KB per loop; later sends are counted
 * in {@link #beyond()} and not compared. Threading: one writer (the loop); read the counts after the run ended
 * (the engine's end gives the happens-before).
 */
public final class PacingCounter {

    /** Width of a bucket: 10 ms. */
    public static final long BUCKET_NANOS = 10_000_000L;
    /** Buckets kept: 10 minutes of them. */
    public static final int MAX_BUCKETS = 60_000;

    private final int[] counts;
    private long beyond;

    public PacingCounter(int buckets) {
        if (buckets < 0 || buckets > MAX_BUCKETS) {
            throw new IllegalArgumentException("pacing buckets " + buckets + " outside [0, " + MAX_BUCKETS + "]");
        }
        this.counts = new int[buckets];
    }

    /** Enough buckets for a measured phase of {@code nanos}, at most {@link #MAX_BUCKETS}. */
    public static PacingCounter forLength(long nanos) {
        return new PacingCounter(buckets(nanos));
    }

    /** Buckets covering {@code nanos} (the last one partial), capped at {@link #MAX_BUCKETS}. */
    public static int buckets(long nanos) {
        return (int) Math.min(MAX_BUCKETS, Math.max(0, Math.ceilDiv(nanos, BUCKET_NANOS)));
    }

    /** A request was written {@code relNanos} after the measured phase began. */
    public void sent(long relNanos) {
        long b = relNanos / BUCKET_NANOS;
        if (relNanos >= 0 && b < counts.length) {
            counts[(int) b]++;
        } else {
            beyond++;
        }
    }

    public int buckets() {
        return counts.length;
    }

    public int count(int bucket) {
        return counts[bucket];
    }

    /** Sends outside the kept buckets (past the cap or after the measured phase's length). */
    public long beyond() {
        return beyond;
    }

    /** The per-bucket sum over every loop's counter (all of one length). */
    public static int[] merge(PacingCounter[] loops) {
        int[] sum = new int[loops.length == 0 ? 0 : loops[0].counts.length];
        for (PacingCounter p : loops) {
            for (int b = 0; b < sum.length; b++) {
                sum[b] += p.counts[b];
            }
        }
        return sum;
    }
}
