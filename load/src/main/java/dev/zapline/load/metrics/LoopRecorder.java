package dev.zapline.load.metrics;

import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * What one event loop records: latency from the intended send time (corrected for coordinated omission, the
 * figure to read), service time from the actual write beside it, outcomes, statuses and bytes.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=recorder}
 *
 * <p>Threading: one writer (the loop) that never waits and never allocates; readers on other threads take
 * interval histograms with {@link #swapCorrected} and {@link #swapService} and read counters at any time. Latencies
 * are in nanoseconds, clamped to {@link #HIGHEST}.
 */
public final class LoopRecorder {

    /** Highest latency tracked: one hour. Longer values are recorded as one hour. */
    public static final long HIGHEST = 3_600_000_000_000L;
    /** Resolution floor: latencies are kept to 3 significant digits above 1 µs. */
    public static final long LOWEST = 1_000;

    static final int STATUSES = 600;
    private static final int OUTCOMES = Outcome.values().length;
    private static final int BYTES_OUT = OUTCOMES;
    private static final int BYTES_IN = OUTCOMES + 1;
    private static final int SENT = OUTCOMES + 2;
    private static final int NOT_SENT = OUTCOMES + 3;
    private static final int DRAINED = OUTCOMES + 4;

    /**
     * Guards both histograms being recorded into: a response enters it once for its two values (what two
     * {@code SingleWriterRecorder}s did with two entries, twice the atomic operations per response).
     */
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();

    private volatile Histogram corrected = newHistogram();
    private volatile Histogram service = newHistogram();
    /** Send lag of the requests that left without waiting for a slot: the loader's own delay. */
    private volatile Histogram lag = newHistogram();
    /** Send lag of the requests that first waited for a free slot: mostly the target's backpressure. */
    private volatile Histogram queuedLag = newHistogram();

    private final AtomicLongArray counters = new AtomicLongArray(DRAINED + 1);
    private final AtomicLongArray statuses = new AtomicLongArray(STATUSES);
    /** Where the measured window ends (clock nanos), valid once {@link #windowBounded}; the writer's own. */
    private long windowEnd;

    private boolean windowBounded;
    /** The loop's thread, once it said so ({@link #ownedBy}); the reporter reads its CPU time. */
    private volatile Thread owner;
    /** The owner's CPU time and the wall time ({@link System#nanoTime}) when it said so; CPU -1 when unknown. */
    private long ownerCpuStart;

    private long ownerWallStart;

    /**
     * The loop recording here runs on the calling thread, from now on: its CPU time is the loop's busy share. Called
     * once, on the loop, before its first request.
     */
    public void ownedByCurrentThread() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        ownerCpuStart = mx.isCurrentThreadCpuTimeSupported() ? mx.getCurrentThreadCpuTime() : -1;
        ownerWallStart = System.nanoTime();
        owner = Thread.currentThread(); // published after the two above
    }

    /** The owner's CPU time (ns) when it said so, -1 when not known; valid once {@link #owner} is not null. */
    public long ownerCpuStart() {
        return ownerCpuStart;
    }

    /** When ({@link System#nanoTime}) the owner said so; valid once {@link #owner} is not null. */
    public long ownerWallStart() {
        return ownerWallStart;
    }

    /** The loop's thread, or null before the loop said so. */
    public Thread owner() {
        return owner;
    }

    /** A request was written: {@code bytes} of it. */
    public void sent(long bytes) {
        add(SENT, 1);
        add(BYTES_OUT, bytes);
    }

    /**
     * A response arrived at {@code nowNanos} for a request intended for {@code intendedNanos} and written at
     * {@code sentNanos}; {@code expected} says whether its status counts as success.
     */
    public void response(int status, boolean expected, long intendedNanos, long sentNanos, long nowNanos, long bytes) {
        response(
                status, expected ? Outcome.SUCCESS : Outcome.FAILURE_STATUS, intendedNanos, sentNanos, nowNanos, bytes);
    }

    /**
     * A response arrived at {@code nowNanos} for a request intended for {@code intendedNanos} and written at
     * {@code sentNanos}. Its corrected latency runs from the earlier of the two: from the intended time when it
     * went out late (what the wait cost is the point), from its write when it went out early (a send slack), so
     * an early send never makes a latency shorter than its service time. It counts as {@code outcome}
     * ({@link Outcome#SUCCESS}, or a failure with a response: a status, a journey's check or extraction).
     */
    public void response(int status, Outcome outcome, long intendedNanos, long sentNanos, long nowNanos, long bytes) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            corrected.recordValue(clamp(nowNanos - Math.min(intendedNanos, sentNanos)));
            service.recordValue(clamp(nowNanos - sentNanos));
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
        if (status >= 0 && status < STATUSES) {
            statuses.lazySet(status, statuses.get(status) + 1);
        }
        add(BYTES_IN, bytes);
        if (windowBounded && nowNanos - windowEnd >= 0) {
            add(DRAINED, 1);
        }
        outcome(outcome);
    }

    /**
     * A request left {@code lagNanos} after it was due (0 or less: on time or early, recorded as 0), in the flush
     * that sent it; {@code waited}: it first waited for a free connection slot.
     */
    public void sendLag(long lagNanos, boolean waited) {
        long v = lagNanos <= 0 ? 0 : Math.min(lagNanos, HIGHEST);
        long phase = phaser.writerCriticalSectionEnter();
        try {
            (waited ? queuedLag : lag).recordValue(v);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    /** A request that was sent ended without a response. */
    public void outcome(Outcome o) {
        add(o.ordinal(), 1);
    }

    /** A request was taken from the schedule (or started by a user) but never written: it ended as {@code o}. */
    public void notSent(Outcome o) {
        add(NOT_SENT, 1);
        add(o.ordinal(), 1);
    }

    /**
     * The measured window ends at {@code nanos} (or earlier, if an earlier end was given): responses arriving from
     * then on are counted as the drain's. Called by the writer.
     */
    public void endWindowAt(long nanos) {
        if (!windowBounded || nanos - windowEnd < 0) {
            windowEnd = nanos;
            windowBounded = true;
        }
    }

    private void add(int i, long n) {
        counters.lazySet(i, counters.get(i) + n);
    }

    private static long clamp(long v) {
        return v < LOWEST ? LOWEST : Math.min(v, HIGHEST);
    }

    /**
     * The corrected-latency histogram of the interval since the last call. Pass back the histogram the previous
     * call returned (null the first time) so the recorder reuses it: no allocation in steady state.
     */
    public Histogram swapCorrected(Histogram previous) {
        return swap(0, previous);
    }

    /** Like {@link #swapCorrected}, for the service-time histogram. */
    public Histogram swapService(Histogram previous) {
        return swap(1, previous);
    }

    /** Like {@link #swapCorrected}, for the send lag of the requests that waited for no slot ({@link #sendLag}). */
    public Histogram swapSendLag(Histogram previous) {
        return swap(2, previous);
    }

    /** Like {@link #swapCorrected}, for the send lag of the requests that first waited for a slot. */
    public Histogram swapQueuedLag(Histogram previous) {
        return swap(3, previous);
    }

    /**
     * Puts {@code previous}, reset, in place of histogram {@code which} (0 corrected, 1 service, 2 send lag, 3 queued
     * send lag) and returns it once no recording into it is left.
     */
    private Histogram swap(int which, Histogram previous) {
        Histogram fresh = recycled(previous);
        phaser.readerLock();
        try {
            Histogram done;
            switch (which) {
                case 0 -> {
                    done = corrected;
                    corrected = fresh;
                }
                case 1 -> {
                    done = service;
                    service = fresh;
                }
                case 2 -> {
                    done = lag;
                    lag = fresh;
                }
                default -> {
                    done = queuedLag;
                    queuedLag = fresh;
                }
            }
            phaser.flipPhase(); // every recording into done has ended
            return done;
        } finally {
            phaser.readerUnlock();
        }
    }

    private static Histogram recycled(Histogram h) {
        if (h == null) {
            return newHistogram();
        }
        h.reset();
        return h;
    }

    public long count(Outcome o) {
        return counters.get(o.ordinal());
    }

    public long sentCount() {
        return counters.get(SENT);
    }

    /** Requests that ended without being written (dropped, or no connection open): see {@link #notSent}. */
    public long notSentCount() {
        return counters.get(NOT_SENT);
    }

    /** Responses that arrived after the measured window's end ({@link #endWindowAt}), counted among the others. */
    public long drainedCount() {
        return counters.get(DRAINED);
    }

    public long bytesOut() {
        return counters.get(BYTES_OUT);
    }

    public long bytesIn() {
        return counters.get(BYTES_IN);
    }

    public long status(int code) {
        return statuses.get(code);
    }

    /** A fresh histogram with this recorder's range, for readers to recycle. */
    public static Histogram newHistogram() {
        return new Histogram(LOWEST, HIGHEST, 3);
    }
}
