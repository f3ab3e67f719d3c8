package dev.zapline.load.metrics;

/**
 * One second (or one reporting interval) of a run: when it ended, what was asked and what happened.
 *
 * @param t seconds since the measured phase started (negative during warm-up)
 * @param seconds length of the interval in seconds
 * @param targetRate the schedule's rate over the interval (requests/s), or 0 for closed and max-throughput runs
 * @param sendRate requests written per second
 * @param rate responses per second (any status)
 * @param p50Us median corrected latency of the interval's responses, microseconds
 * @param p99Us 99th percentile, microseconds
 * @param p999Us 99.9th percentile, microseconds
 * @param maxUs maximum, microseconds
 * @param errors errors ended in the interval
 * @param dropped requests dropped in the interval
 * @param inflight requests in flight at the end of the interval
 * @param ceiling the in-flight ceiling at the end of the interval (open model; moves with {@code --adaptive}), or 0
 * @param warmup whether the interval was part of the warm-up (excluded from the summary)
 */
public record IntervalStats(
        double t,
        double seconds,
        double targetRate,
        double sendRate,
        double rate,
        double p50Us,
        double p99Us,
        double p999Us,
        double maxUs,
        long errors,
        long dropped,
        long inflight,
        long ceiling,
        boolean warmup) {}
