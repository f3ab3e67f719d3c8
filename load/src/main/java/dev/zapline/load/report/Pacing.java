package dev.zapline.load.report;

/**
 * How closely the sends followed the schedule, 10 ms bucket by bucket (open model): a bucket is within tolerance
 * when its actual count differs from the schedule's expected count by at most {@code 1 + 1%} of the expected.
 *
 * @param bucketMs bucket width, 10
 * @param buckets buckets compared (the measured phase, at most its first 10 minutes; up to a stop when stopped)
 * @param within buckets within tolerance
 * @param worstOver largest excess of actual over expected in one bucket, requests (0 when none)
 * @param worstUnder largest shortfall of actual against expected in one bucket, requests (0 when none)
 */
public record Pacing(long bucketMs, int buckets, int within, long worstOver, long worstUnder) {

    /** Compares the first {@code buckets} buckets of {@code actual} with {@code expected}. */
    public static Pacing compare(long bucketMs, int[] actual, int[] expected, int buckets) {
        if (buckets > actual.length || buckets > expected.length || buckets < 0) {
            throw new IllegalArgumentException("comparing " + buckets + " buckets of " + actual.length + " actual and "
                    + expected.length + " expected");
        }
        int within = 0;
        long over = 0;
        long under = 0;
        for (int b = 0; b < buckets; b++) {
            long d = (long) actual[b] - expected[b];
            if (Math.abs(d) <= 1 + 0.01 * expected[b]) {
                within++;
            }
            over = Math.max(over, d);
            under = Math.max(under, -d);
        }
        return new Pacing(bucketMs, buckets, within, over, under);
    }
}
