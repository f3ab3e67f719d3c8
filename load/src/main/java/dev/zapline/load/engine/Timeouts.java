package dev.zapline.load.engine;

/**
 * When a loop looks for requests past the timeout: every {@link #CHECK} at most (shorter for a short timeout) while
 * any is in flight, never while none is. After a stop, once the grace period is over, every connection still holding
 * a request is closed at the next check. The sweep itself is {@link Slots#closeTimedOut}. Confined to the loop.
 */
final class Timeouts {

    /** Longest interval between two checks for timed-out requests. */
    private static final long CHECK = 10_000_000;

    private final Slots slots;
    private final NanoClock clock;
    private final long timeout;
    private final long checkEvery;
    private final long grace;

    /** The next check, or 0 while nothing is in flight. */
    private long nextCheck;

    private boolean stopping;
    private long graceEnd;

    Timeouts(Slots slots, NanoClock clock, LoadPlan plan) {
        this.timeout = plan.timeoutNanos();
        this.checkEvery = Math.max(1_000_000, Math.min(CHECK, timeout / 10));
        this.grace = plan.graceNanos();
        this.slots = slots;
        this.clock = clock;
    }

    /** The run stopped at {@code now}: what is in flight has the grace period to end. */
    void stopped(long now) {
        stopping = true;
        graceEnd = now + grace;
    }

    /** Closes the connections holding a request past the timeout if a check is due at {@code now}. */
    void check(long now, int inflight) {
        if (inflight > 0 && now - nextCheck >= 0) {
            nextCheck = now + checkEvery;
            slots.closeTimedOut(now, timeout, stopping && now - graceEnd > 0);
        }
    }

    /** The earlier of {@code at} and the next check, which is armed while requests are in flight. */
    long earliest(long at, int inflight) {
        if (inflight == 0) {
            nextCheck = 0;
            return at;
        }
        if (nextCheck == 0) {
            nextCheck = clock.nanos() + checkEvery;
        }
        return Admission.earliest(at, nextCheck);
    }
}
