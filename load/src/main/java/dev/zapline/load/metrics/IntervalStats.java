package dev.zapline.load.metrics;

import org.HdrHistogram.Histogram;

/**
 * One second (or one reporting interval) of a run: when it ended, what was asked and what happened.
 *
 * @param t seconds since the measured phase started (negative during warm-up)
 * @param seconds length of the interval in seconds
 * @param targetRate the schedule's rate over the interval (requests/s), or 0 for closed and max-throughput runs
 * @param sendRate requests written per second
 * @param rate responses per second (any status)
 * @param corrected percentiles of the interval's corrected latency (from the intended send time)
 * @param service percentiles of the interval's service time (from the actual write)
 * @param outcomes requests ended in the interval per {@link Outcome}, indexed by {@link Outcome#ordinal()}
 * @param statusClasses responses of the interval per status class: index 1 for 1xx up to 5 for 5xx (0 unused)
 * @param errors errors ended in the interval
 * @param dropped requests dropped in the interval
 * @param inflight requests in flight at the end of the interval
 * @param connections connections open at the end of the interval
 * @param ceiling the in-flight ceiling at the end of the interval (open model; moves with {@code --adaptive}), or 0
 * @param warmup whether the interval was part of the warm-up (excluded from the summary)
 */
public record IntervalStats(
        double t,
        double seconds,
        double targetRate,
        double sendRate,
        double rate,
        Latencies corrected,
        Latencies service,
        long[] outcomes,
        long[] statusClasses,
        long errors,
        long dropped,
        long inflight,
        long connections,
        long ceiling,
        boolean warmup) {

    /** Median corrected latency of the interval's responses, microseconds. */
    public double p50Us() {
        return corrected.p50Us();
    }

    /** 99th percentile of the corrected latency, microseconds. */
    public double p99Us() {
        return corrected.p99Us();
    }

    /** 99.9th percentile of the corrected latency, microseconds. */
    public double p999Us() {
        return corrected.p999Us();
    }

    /** Maximum corrected latency, microseconds. */
    public double maxUs() {
        return corrected.maxUs();
    }

    /** Requests of the interval that ended as {@code o}. */
    public long outcome(Outcome o) {
        return outcomes[o.ordinal()];
    }

    /**
     * The percentiles the timeline keeps of one interval histogram, in microseconds (all 0 when it is empty).
     *
     * @param p50Us median
     * @param p90Us 90th percentile
     * @param p99Us 99th percentile
     * @param p999Us 99.9th percentile
     * @param maxUs maximum
     */
    public record Latencies(double p50Us, double p90Us, double p99Us, double p999Us, double maxUs) {

        /** The percentiles requested of the walk {@link #of} reads. */
        static final double[] PERCENTILES = {50, 90, 99, 99.9};

        /** The figures of {@code h} (a walk of its own: for readers off the hot path). */
        public static Latencies of(Histogram h) {
            return of(new Percentiles(PERCENTILES), h);
        }

        /** The figures of {@code h}, walked once by {@code walk} (made with {@link #PERCENTILES}). */
        static Latencies of(Percentiles walk, Histogram h) {
            Percentiles p = walk.read(h);
            return new Latencies(
                    p.value(0) / 1e3,
                    p.value(1) / 1e3,
                    p.value(2) / 1e3,
                    p.value(3) / 1e3,
                    h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1e3);
        }
    }
}
