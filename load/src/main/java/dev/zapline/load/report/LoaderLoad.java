package dev.zapline.load.report;

import java.util.List;
import java.util.Locale;

/**
 * How loaded the loader itself was over the measured phase, and who set the pace: the loader, the target or
 * neither. A load tool that runs out of CPU reports the target as slow; this says when that happened.
 *
 * <p>Busy share is CPU share: a loop's thread CPU time over the wall time. A loop starved of CPU by other processes
 * (or stopped by the garbage collector) reads lower, not higher; its sends are then late while it looks idle, which
 * is why late sends alone also make the verdict {@link Verdict#LOADER}.
 *
 * <p>The rules ({@link #judge}), in order:
 * <ol>
 *   <li>{@code LOADER} when a loop was saturated (its busy share over the measured phase, or the median over the
 *       measured seconds of the busiest loop's share, at least {@link #SATURATED}) and the sends' lag p99 (waits
 *       for a slot included) exceeded {@link #LATE_NANOS}: a loop that has no time left and sends late limits the
 *       run whatever the target does (it also delays reading responses, so service times read high too); or,
 *       saturated or not, when the sends that waited for nothing were late by more than {@link #LATE_NANOS} at
 *       the median (the loop was behind its schedule, not merely jittery) and by more than the target's
 *       service-time p99 at p99 (a loop starved of CPU, which reads idle).
 *   <li>{@code TARGET} when the model is closed (each user waits for its response, so service time sets the rate),
 *       or when more than {@link #WAITED_SHARE} of the requests waited for a free connection slot or any was
 *       dropped: the target's answers did not free the connections fast enough.
 *   <li>{@code NEITHER} otherwise: the schedule was held.
 * </ol>
 *
 * @param busy each loop's busy share over the measured phase, its window and drain (0 to 1), in loop order; NaN
 *     where it is not known
 * @param busyMax the busiest loop's share over the measured phase
 * @param busySecondMedian the median, over the measured seconds, of the busiest loop's share in each second
 * @param sendLag send lag of the requests that waited for no slot: the loader's own delay
 * @param waitedLag send lag of the requests that first waited for a free connection slot
 * @param cpuSeconds the process's CPU time (user and system) over the run, warm-up and drain included
 * @param cpuMicrosPerResponse {@code cpuSeconds} per response of the run (every phase), in µs; 0 without any
 * @param verdict who set the pace
 * @param reason the verdict's reason, one line
 * @param notes further notes on the path (from {@link Reporter#loaderNotes}), one line each
 */
public record LoaderLoad(
        List<Double> busy,
        double busyMax,
        double busySecondMedian,
        Lag sendLag,
        Lag waitedLag,
        double cpuSeconds,
        double cpuMicrosPerResponse,
        Verdict verdict,
        String reason,
        List<String> notes) {

    /** A loop this busy (share of wall time on CPU) is saturated. */
    public static final double SATURATED = 0.90;
    /** A loop at least this busy in a second gets the live line's {@code loader N%!} mark. */
    public static final double WARN = 0.80;
    /** Sends later than this at p99 are late (above the timer's and the scheduler's usual jitter). */
    public static final long LATE_NANOS = 1_000_000;
    /** More than this share of requests waiting for a connection slot means the target held them back. */
    public static final double WAITED_SHARE = 0.01;

    /** Who set the pace of the run. */
    public enum Verdict {
        /** The loader: its loops were saturated or late while the target answered faster. */
        LOADER,
        /** The target: requests waited for its answers (or the model is closed). */
        TARGET,
        /** Neither: the schedule was held. */
        NEITHER;

        /** The JSON value: {@code loader}, {@code target} or {@code neither}. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Send-lag percentiles, in nanoseconds.
     *
     * @param count requests whose lag was recorded
     */
    public record Lag(long count, long p50, long p90, long p99, long p999, long max) {

        public static final Lag NONE = new Lag(0, 0, 0, 0, 0, 0);

        /** The lag of {@code h} (ns). */
        public static Lag of(org.HdrHistogram.Histogram h) {
            if (h.getTotalCount() == 0) {
                return NONE;
            }
            return new Lag(
                    h.getTotalCount(),
                    at(h, 50),
                    at(h, 90),
                    at(h, 99),
                    at(h, 99.9),
                    h.getMaxValue() == 0 ? 0 : h.highestEquivalentValue(h.getMaxValue()));
        }

        /** Values below the histogram's 1 µs resolution read as 0: on time. */
        private static long at(org.HdrHistogram.Histogram h, double p) {
            long v = h.getValueAtPercentile(p);
            return h.lowestEquivalentValue(v) == 0 ? 0 : v;
        }
    }

    public LoaderLoad {
        busy = List.copyOf(busy);
        notes = List.copyOf(notes);
    }

    /** This with {@code more} notes appended. */
    public LoaderLoad withNotes(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(more);
        return new LoaderLoad(
                busy,
                busyMax,
                busySecondMedian,
                sendLag,
                waitedLag,
                cpuSeconds,
                cpuMicrosPerResponse,
                verdict,
                reason,
                all);
    }

    /**
     * The verdict on a run's figures, with its reason ({@link LoaderLoad}'s rules).
     *
     * @param busy each loop's busy share over the measured phase (NaN where unknown)
     * @param busySecondMedian the median over the measured seconds of the busiest loop's share (NaN if unknown)
     * @param sendLag lag of the sends that did not wait for a slot
     * @param waitedLag lag of the sends that first waited for a slot
     * @param servicePercentile99Nanos the target's service-time p99
     * @param requests requests written in the measured phase
     * @param dropped requests dropped (ceiling or wait limit)
     * @param closed whether the model is closed (users wait for their responses)
     */
    public static LoaderLoad judge(
            List<Double> busy,
            double busySecondMedian,
            Lag sendLag,
            Lag waitedLag,
            long servicePercentile99Nanos,
            long requests,
            long dropped,
            boolean closed,
            double cpuSeconds,
            double cpuMicrosPerResponse) {
        double max = Double.NaN;
        int busiest = -1;
        for (int i = 0; i < busy.size(); i++) {
            if (!Double.isNaN(busy.get(i)) && (busiest < 0 || busy.get(i) > max)) {
                max = busy.get(i);
                busiest = i;
            }
        }
        boolean saturated = max >= SATURATED || busySecondMedian >= SATURATED;
        long allP99 = Math.max(sendLag.p99(), waitedLag.p99());
        String loops = busiest < 0 ? "loop CPU time unknown" : loops(busy.size(), busiest, max);
        String service = "the target answered in p99 " + Text.micros(servicePercentile99Nanos / 1e3);
        Verdict v;
        String reason;
        boolean behind = sendLag.p50() > LATE_NANOS && sendLag.p99() > servicePercentile99Nanos;
        if (saturated && allP99 > LATE_NANOS || behind) {
            v = Verdict.LOADER;
            reason = "the loader set the pace: " + loops + ", sends late p99 "
                    + Text.micros(allP99 / 1e3) + " while " + service
                    + (saturated ? "" : " (a loop short of CPU reads idle: other processes or GC took it)");
        } else if (waitedLag.count() > WAITED_SHARE * requests
                && stalled(sendLag, waitedLag, servicePercentile99Nanos)) {
            v = Verdict.LOADER;
            reason = "the loader fell behind: its own sends were up to " + Text.micros(sendLag.max() / 1e3)
                    + " late (a stall of the loader: start-up compiling, GC or other processes; --warmup leaves the"
                    + " start out) and " + waitedLag.count() + " requests waited for a connection behind them, while "
                    + service;
        } else if (closed) {
            v = Verdict.TARGET;
            reason = "the target set the pace: each user waits for its response (closed model), service p99 "
                    + Text.micros(servicePercentile99Nanos / 1e3) + ", " + loops;
        } else if (waitedLag.count() > WAITED_SHARE * requests || dropped > 0) {
            v = Verdict.TARGET;
            reason = "the target set the pace: " + waitedLag.count() + " requests waited for a connection"
                    + (dropped > 0 ? ", " + dropped + " dropped" : "") + ", service p99 "
                    + Text.micros(servicePercentile99Nanos / 1e3) + ", " + loops;
        } else {
            v = Verdict.NEITHER;
            reason = "neither: the schedule was held, " + loops + ", sends late p99 " + Text.micros(allP99 / 1e3)
                    + (saturated ? " (near saturation)" : "");
        }
        return new LoaderLoad(
                busy,
                max,
                busySecondMedian,
                sendLag,
                waitedLag,
                cpuSeconds,
                cpuMicrosPerResponse,
                v,
                reason,
                List.of());
    }

    /**
     * Requests waited for a connection behind a stall of the loader's own, not the target's: sends that found a
     * free connection were late by more than {@link #LATE_NANOS} and by more than the target's service p99, and by
     * at least half of what the waiting ones waited (p99). A stalled target makes requests wait while the sends
     * that find a connection stay on time; a stalled loader makes both late alike.
     */
    static boolean stalled(Lag sendLag, Lag waitedLag, long servicePercentile99Nanos) {
        long worst = sendLag.max();
        return worst > LATE_NANOS && worst > servicePercentile99Nanos && 2 * worst >= waitedLag.p99();
    }

    private static String loops(int n, int busiest, double max) {
        String pct = String.format(Locale.ROOT, "%.0f%%", 100 * max);
        return n == 1 ? "loop busy " + pct : "loop " + (busiest + 1) + " of " + n + " busy " + pct;
    }
}
