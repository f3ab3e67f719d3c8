package dev.zapline.load.engine;

import dev.zapline.load.schedule.ScheduleCursor;

/**
 * The open model's admission: requests are due at the schedule's intended times, whatever the target does. A due
 * request with no free slot waits, up to the loop's share of {@code --max-inflight} in flight plus waiting (the
 * ceiling), beyond which it is dropped; with {@code --adaptive} the ceiling follows {@link Ceiling} every
 * {@link Ceiling#PERIOD}, moved at the first wake-up after each period, and stops moving when the schedule ends.
 */
final class OpenModel extends Admission {

    private final ScheduleCursor cursor;
    private final int minCeiling;
    private final int maxCeiling;
    private final boolean adaptive;
    /** A steered run's length: the loop waits for it even with nothing due (a pause, a rate of 0); else 0. */
    private final long holdNanos;
    /** Requests due within this much after {@code now} are due at {@code now} ({@link LoadPlan#slackNanos}). */
    private final long slackNanos;
    /** The run's end passed, or the run stopped: nothing will be due any more. */
    private boolean over;

    private long start;
    private boolean begun;
    /** The next intended time after the start, or -1 once the schedule is exhausted (or stopped). */
    private long nextDue = -1;

    private long windowStart;
    private long windowService;
    private long windowDue;

    /**
     * @param maxCeiling the loop's share of {@code --max-inflight}: also the capacity of the waiting FIFO
     * @param minCeiling the adaptive ceiling's floor
     */
    OpenModel(
            ScheduleCursor cursor,
            int maxCeiling,
            int minCeiling,
            boolean adaptive,
            long maxWaitNanos,
            long holdNanos,
            long slackNanos) {
        super(maxCeiling, maxWaitNanos, maxCeiling);
        this.holdNanos = holdNanos;
        this.slackNanos = slackNanos;
        this.over = holdNanos == 0;
        this.cursor = cursor;
        this.maxCeiling = maxCeiling;
        this.minCeiling = Math.min(minCeiling, maxCeiling);
        this.adaptive = adaptive;
    }

    @Override
    void begin(long startNanos) {
        start = startNanos;
        begun = true;
        windowStart = startNanos;
        nextDue = cursor.next();
    }

    @Override
    long due(long now) {
        if (!over && now - start >= holdNanos) {
            over = true;
        }
        if (nextDue < 0 || nextDue - slackNanos > now - start) {
            return NONE;
        }
        long intended = start + nextDue;
        nextDue = cursor.next();
        windowDue++;
        return intended;
    }

    /** A response arrived {@code serviceNanos} after its write (the adaptive ceiling's input). */
    @Override
    void served(long serviceNanos) {
        windowService += serviceNanos;
    }

    /** Moves the adaptive ceiling when a period has passed at {@code now} (and the schedule still runs). */
    @Override
    void adapt(long now) {
        if (adaptive && nextDue >= 0 && now - windowStart >= Ceiling.PERIOD) {
            ceiling = Ceiling.next(windowService, now - windowStart, windowDue, minCeiling, maxCeiling);
            windowService = 0;
            windowDue = 0;
            windowStart = now;
        }
    }

    @Override
    void ended(long now) {}

    @Override
    void stop() {
        nextDue = -1;
        over = true;
    }

    /** A steered schedule changed: the next request's time is read again. */
    void rescheduled() {
        if (begun && !over) {
            nextDue = cursor.again();
        }
    }

    @Override
    long nextWake() {
        long due = nextDue >= 0 ? start + nextDue : over ? NONE : start + holdNanos;
        return earliest(due, nextExpiry());
    }

    @Override
    boolean exhausted() {
        return nextDue < 0 && over && !hasWaiting();
    }

    @Override
    boolean endingStartsRequests() {
        return false;
    }
}
