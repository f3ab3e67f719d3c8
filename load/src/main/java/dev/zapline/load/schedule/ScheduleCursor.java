package dev.zapline.load.schedule;

/**
 * Walks one schedule's share of the requests in order, for the engine's event loop.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=cursor}
 *
 * <p>Allocation-free per step. Not thread-safe: one cursor per loop.
 */
public final class ScheduleCursor {

    private final Times times;
    private final long stride;
    private final long end;
    private long next;
    private long sent;
    /** Whether the last {@link #next()} returned a time (and so moved on). */
    private boolean moved;

    ScheduleCursor(Times times, long first, long stride, long end) {
        this.times = times;
        this.stride = stride;
        this.end = end;
        this.next = first;
    }

    /**
     * The next intended send time in ns after the run's start, or -1 once the share is exhausted (a steered schedule
     * may have more later: {@link #again}).
     */
    public long next() {
        long t = next >= end ? -1 : times.at(next);
        moved = t >= 0;
        if (moved) {
            next += stride;
            sent++;
        }
        return t;
    }

    /**
     * The last time {@link #next()} returned, read again (or the next one, when it returned -1): what a steered
     * schedule says of it now that it has changed.
     */
    public long again() {
        if (moved) {
            next -= stride;
            sent--;
        }
        return next();
    }

    /** How many times {@link #next()} has returned so far (the index of the next one within this share). */
    public long position() {
        return sent;
    }

    /** The global request index the next call to {@link #next()} returns, or -1 once exhausted. */
    public long nextIndex() {
        return next < end ? next : -1;
    }
}
