package dev.zapline.load.report;

/**
 * The measured window of a run, {@code [start, end)} in clock nanos, and the drain after it: the window starts when
 * the warm-up ends and ends where the schedule (open model) or the users' starting (closed model) ends, or at a
 * stop if that comes first; the drain is the time the requests still in flight then take to end.
 *
 * @param start where the measured phase starts
 * @param length the plan's measured length (ns)
 * @param stopped when the run was stopped, or {@link Long#MAX_VALUE}
 */
record Window(long start, long length, long stopped) {

    /** The window's end: {@code start + length}, or the stop when earlier (never before {@code start}). */
    long end() {
        long end = start + length;
        if (stopped != Long.MAX_VALUE && stopped - end < 0) {
            end = stopped - start < 0 ? start : stopped;
        }
        return end;
    }

    /** Seconds of the window elapsed at {@code now}; the whole window once the run is complete. */
    double seconds(long now, boolean complete) {
        long end = end();
        long upTo = complete || now - end >= 0 ? end : now;
        return Math.max(0, upTo - start) / 1e9;
    }

    /** Seconds of drain at {@code now} (the run's end once complete): 0 until the window has ended. */
    double drainSeconds(long now) {
        return Math.max(0, now - end()) / 1e9;
    }

    /** Whether an interval starting at {@code from} lies in the drain (and so stays out of the timeline). */
    boolean inDrain(long from) {
        return from - end() >= 0;
    }
}
