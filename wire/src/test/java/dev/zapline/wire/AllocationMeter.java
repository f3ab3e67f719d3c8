package dev.zapline.wire;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Bytes the current thread allocates over a warmed-up loop (STYLE.md rule 3). Every result of the operation is
 * folded into a sink the caller can check, so the JIT cannot drop the work; the counter's own cost is measured and
 * subtracted. Shared with other modules' allocation tests through the wire test jar.
 */
public final class AllocationMeter {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final int warmUp;
    private final int iterations;
    private long sink;

    public AllocationMeter(int warmUp, int iterations) {
        this.warmUp = warmUp;
        this.iterations = iterations;
    }

    /** Bytes allocated by {@code iterations} runs of {@code op} after {@code warmUp} runs, less the counter's cost. */
    public long allocatedBy(String what, LongSupplier op) {
        for (int i = 0; i < warmUp; i++) {
            sink += op.getAsLong();
        }
        long id = Thread.currentThread().threadId();
        long calibrate = THREADS.getThreadAllocatedBytes(id);
        long overhead = THREADS.getThreadAllocatedBytes(id) - calibrate;
        long before = THREADS.getThreadAllocatedBytes(id);
        for (int i = 0; i < iterations; i++) {
            sink += op.getAsLong();
        }
        long allocated = THREADS.getThreadAllocatedBytes(id) - before - overhead;
        System.out.printf(
                "%s: %d bytes over %d operations (counter overhead %d)%n", what, allocated, iterations, overhead);
        return allocated;
    }

    /** Everything the measured operations returned, summed: non-zero shows the work was done. */
    public long sink() {
        return sink;
    }
}
