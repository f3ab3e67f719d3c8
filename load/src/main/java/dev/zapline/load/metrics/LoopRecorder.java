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
    private final AtomicLongArray counters = new AtomicLongArray(DRAINED + 1);
    private final AtomicLongArray statuses = new AtomicLongArray(STATUSES);
    /** Where the measured window ends (clock nanos), valid once {@link #windowBounded}; the writer's own. */
    private long windowEnd;

    private boolean windowBounded;

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
     * an early send never makes a latency shorter than its service time. It counts as {@code outcome} ({@link Outcome#SUCCESS}, or a failure with a response: a
     * status, a journey's check or extraction).
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
        return swap(false, previous);
    }

    /** Like {@link #swapCorrected}, for the service-time histogram. */
    public Histogram swapService(Histogram previous) {
        return swap(true, previous);
    }

    /** Puts {@code previous}, reset, in place of one histogram and returns it once no recording into it is left. */
    private Histogram swap(boolean serviceTime, Histogram previous) {
        Histogram fresh = recycled(previous);
        phaser.readerLock();
        try {
            Histogram done;
            if (serviceTime) {
                done = service;
                service = fresh;
            } else {
                done = corrected;
                corrected = fresh;
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
