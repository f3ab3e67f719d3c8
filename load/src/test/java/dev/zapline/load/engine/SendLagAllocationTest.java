package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The send-lag recording path (a flush stamping each request and recording how late it left, waits for a slot
 * apart) records exactly and allocates nothing per request.
 */
@Tag("allocation")
class SendLagAllocationTest {

    private static final long US = 1_000;

    @Test
    void flushRecordsEachRequestsLagWithoutAllocating() {
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1);
        Ledger ledger = new Ledger(plan, new Sim());
        ledger.measure(0, Long.MAX_VALUE / 4);
        InFlightRing ring = new InFlightRing(0, 8, false);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        round(ring, ledger, 0, 20_000); // warm: the interpreter, then compiled code
        long b0 = mx.getThreadAllocatedBytes(thread);
        round(ring, ledger, 20_000, 200_000);
        long b1 = mx.getThreadAllocatedBytes(thread);
        assertThat((b1 - b0) / 180_000.0).as("bytes per request").isLessThan(0.01);

        LoopRecorder r = ledger.recorder();
        Histogram sent = r.swapSendLag(null);
        Histogram waited = r.swapQueuedLag(null);
        // every 4th request waited for a slot; lags cycle 0 (early), 10, 20 and 30 µs (the waited one)
        assertThat(sent.getTotalCount()).isEqualTo(150_000);
        assertThat(waited.getTotalCount()).isEqualTo(50_000);
        assertThat(waited.getMinValue()).isEqualTo(sent.lowestEquivalentValue(30 * US));
        assertThat(sent.getMaxValue()).isEqualTo(sent.highestEquivalentValue(20 * US));
        assertThat(sent.getCountAtValue(0)).isEqualTo(50_000);
    }

    /** Requests {@code from} to {@code to}: pushed four at a time, flushed together, then answered. */
    private static void round(InFlightRing ring, Ledger ledger, int from, int to) {
        for (int i = from; i < to; i += 4) {
            long flush = 1_000_000L * i + 30 * US;
            for (int k = 0; k < 4; k++) {
                // due 1 µs after the flush (sent early), 10 and 20 µs before it, and 30 µs before it after a wait
                long due = k == 0 ? flush + US : flush - k * 10 * US;
                ring.push(due, flush, 0, k == 3);
            }
            ring.flushed(flush, ledger);
            for (int k = 0; k < 4; k++) {
                ring.release(ring.oldest());
            }
        }
    }
}
