package dev.zapline.wire;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Bytes the current thread allocates over a warmed-up loop (STYLE.md rule 3). Every result of the operation is
 * folded into a sink the caller can check, so the JIT cannot drop the work; the counter's own cost is measured and
 * subtracted. Shared with other modules' allocation tests through the wire test jar.
 */
public final class AllocationMeter {

    /** Measured windows at most, after the warm-up. */
    static final int WINDOWS = 5;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final int warmUp;
    private final int iterations;
    private long sink;

    public AllocationMeter(int warmUp, int iterations) {
        this.warmUp = warmUp;
        this.iterations = iterations;
    }

    /**
     * Bytes allocated by {@code iterations} runs of {@code op} after {@code warmUp} runs, less the counter's cost: the
     * least of up to {@value #WINDOWS} such windows, stopping at the first that allocated nothing. A loaded machine can
     * put off the JIT's compilation of {@code op} past the warm-up, and the interpreter or C1 then allocates what C2's
     * escape analysis removes; a path that really allocates per operation does so in every window.
     */
    public long allocatedBy(String what, LongSupplier op) {
        for (int i = 0; i < warmUp; i++) {
            sink += op.getAsLong();
        }
        long id = Thread.currentThread().threadId();
        long calibrate = THREADS.getThreadAllocatedBytes(id);
        long overhead = THREADS.getThreadAllocatedBytes(id) - calibrate;
        long least = Long.MAX_VALUE;
        int windows = 0;
        while (windows < WINDOWS && least != 0) {
            long before = THREADS.getThreadAllocatedBytes(id);
            for (int i = 0; i < iterations; i++) {
                sink += op.getAsLong();
            }
            least = Math.min(least, THREADS.getThreadAllocatedBytes(id) - before - overhead);
            windows++;
        }
        System.out.printf(
                "%s: %d bytes over %d operations (least of %d windows; counter overhead %d)%n",
                what, least, iterations, windows, overhead);
        return least;
    }

    /** Everything the measured operations returned, summed: non-zero shows the work was done. */
    public long sink() {
        return sink;
    }
}
