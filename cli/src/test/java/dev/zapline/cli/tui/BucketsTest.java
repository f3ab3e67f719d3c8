package dev.zapline.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.LoopRecorder;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class BucketsTest {

    @Test
    void valuesFallInTheBucketOfTheirUpperEdge() {
        Histogram h = LoopRecorder.newHistogram();
        h.recordValue(50_000); // 50 µs
        h.recordValue(150_000); // 150 µs
        h.recordValueWithCount(900_000, 3); // 900 µs
        h.recordValue(3_000_000); // 3 ms
        h.recordValue(60_000_000_000L); // 60 s
        long[] b = new long[Buckets.COUNT];
        Buckets.count(h, b);
        assertThat(b).containsExactly(1, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
        h.reset();
        Buckets.count(h, b);
        assertThat(b).containsOnly(0L);
    }
}
