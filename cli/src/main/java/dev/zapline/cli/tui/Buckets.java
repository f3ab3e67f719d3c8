package dev.zapline.cli.tui;

import org.HdrHistogram.Histogram;

/**
 * The live histogram's buckets: latency on a log scale, 1-2-5 steps from 100 µs to 10 s, and one beyond. Bucket
 * {@code i} holds the values above edge {@code i - 1} up to edge {@code i}.
 */
final class Buckets {

    /** Upper edges, µs. */
    static final long[] EDGES_US = {
        100,
        200,
        500,
        1_000,
        2_000,
        5_000,
        10_000,
        20_000,
        50_000,
        100_000,
        200_000,
        500_000,
        1_000_000,
        2_000_000,
        5_000_000,
        10_000_000
    };

    /** Each bucket's label, its upper edge (the last: beyond 10 s). */
    static final String[] LABELS = {
        "100µs", "200µs", "500µs", "1ms", "2ms", "5ms", "10ms", "20ms", "50ms", "100ms", "200ms", "500ms", "1s", "2s",
        "5s", "10s", ">10s"
    };

    /** How many buckets there are. */
    static final int COUNT = LABELS.length;

    private Buckets() {}

    /** {@code h}'s counts per bucket ({@code h} records nanoseconds) into {@code into}, of length {@link #COUNT}. */
    static void count(Histogram h, long[] into) {
        long total = h.getTotalCount();
        long below = 0;
        for (int i = 0; i < EDGES_US.length; i++) {
            long upTo = total == 0 ? 0 : h.getCountBetweenValues(0, EDGES_US[i] * 1_000);
            into[i] = upTo - below;
            below = upTo;
        }
        into[COUNT - 1] = total - below;
    }
}
