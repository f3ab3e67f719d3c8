package dev.zapline.server.internal;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The idle policy every server transport uses (HTTP/1.1, ZAP, HTTP/2, RPC): one periodic task per connection,
 * started when the connection's handler is added and cancelled when it closes, and no clock read per read. A read
 * only sets a flag; each check notes whether anything was read since the last one and counts the quiet checks in a
 * row. A connection is idle once that count reaches the checks its timeout spans, so the close comes between one
 * timeout and one timeout and a period after the last read. One task for the connection's life: rescheduling a
 * one-shot task per check allocated a task on the event loop every period (issue 18). Event-loop confined.
 */
public final class IdleTimer {

    /** The owner's check, run every period; it asks {@link #idle()}. */
    private final Runnable check;

    private final long periodNanos;
    /** Quiet checks in a row that make the connection idle. */
    private final int quietChecks;
    /** The periodic task while it runs; null before the start and after the stop. */
    private ScheduledFuture<?> task;
    /** Whether something was read since the last check. */
    private boolean read;
    /** Quiet checks in a row so far (up to {@link #quietChecks}). */
    private int quiet;

    private IdleTimer(Runnable check, long periodNanos, int quietChecks) {
        this.check = check;
        this.periodNanos = Math.max(1, periodNanos);
        this.quietChecks = quietChecks;
    }

    /**
     * Checks every half of {@code timeoutNanos}; idle after two quiet checks in a row (1 to 1.5 timeouts after the
     * last read). {@code check} runs each period and asks {@link #idle()}.
     */
    public static IdleTimer halves(long timeoutNanos, Runnable check) {
        return new IdleTimer(check, timeoutNanos / 2, 2);
    }

    /**
     * Checks every {@code periodNanos}; idle once the quiet checks in a row add up to at least {@code timeoutNanos}
     * (a connection that checks more often for other reasons, such as HTTP/2's stall timeout).
     */
    public static IdleTimer every(long periodNanos, long timeoutNanos, Runnable check) {
        long period = Math.max(1, periodNanos);
        long checks = Math.max(1, Math.ceilDiv(timeoutNanos, period));
        return new IdleTimer(check, period, (int) Math.min(Integer.MAX_VALUE, checks));
    }

    /** Schedules the periodic check on {@code loop}, the connection's event loop. */
    public void start(EventExecutor loop) {
        task = loop.scheduleAtFixedRate(check, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    /** Notes that something was read (a flag; the next check sees it). */
    public void read() {
        read = true;
    }

    /** The time between two checks. */
    public long periodNanos() {
        return periodNanos;
    }

    /**
     * Called once per check: whether nothing was read for the idle timeout. A read since the last check starts the
     * count again; the count goes on past the timeout until {@link #restart()} or a read.
     */
    public boolean idle() {
        if (read) {
            read = false;
            quiet = 0;
            return false;
        }
        if (quiet < quietChecks) {
            quiet++;
        }
        return quiet >= quietChecks;
    }

    /** Starts counting quiet checks from zero, as after a read. */
    public void restart() {
        quiet = 0;
    }

    /** Cancels the periodic check; the connection is closed or closing. Safe to call twice. */
    public void stop() {
        ScheduledFuture<?> t = task;
        task = null;
        if (t != null) {
            t.cancel(false);
        }
    }
}
