package dev.zapline.cli.tui;

import java.util.List;

/**
 * Everything one frame of the dashboard shows, copied out of the run: {@link Screen} renders it without reading
 * anything else, so a frame is a pure function of this and the terminal's size.
 *
 * @param target what the run loads (URL, targets file or journeys)
 * @param phase {@code starting} (before the first second), {@code warmup}, {@code measured}, {@code drain} or
 *     {@code done}
 * @param unit {@code req/s}, or {@code journeys/s} for a journey run
 * @param open whether the run has a target rate (open model)
 * @param targetRate the target rate now
 * @param rate responses per second over the last interval; for a journey run, journeys completed per second
 * @param requestRate responses per second over the last interval (a journey run shows both)
 * @param inflight requests in flight
 * @param connections connections open
 * @param elapsed seconds since the run started (warm-up included)
 * @param total the run's planned length in seconds (warm-up included)
 * @param paused whether the schedule is paused now
 * @param pausedSeconds seconds paused in all
 * @param stopping whether a stop was asked for
 * @param p50 corrected p50 per second, µs, oldest first (at most a minute)
 * @param p99 corrected p99 per second
 * @param serviceP50 service-time p50 per second
 * @param serviceP99 service-time p99 per second
 * @param buckets the last interval's corrected latencies per {@link Buckets} bucket
 * @param outcomes requests ended so far per outcome, indexed by {@code Outcome.ordinal()}
 * @param steps a journey run's steps, else empty
 * @param events the run's events as lines, oldest first
 * @param failuresOnly whether to show only outcomes and steps with failures
 * @param help the help line
 */
record DashModel(
        String target,
        String phase,
        String unit,
        boolean open,
        double targetRate,
        double rate,
        double requestRate,
        long inflight,
        long connections,
        double elapsed,
        double total,
        boolean paused,
        double pausedSeconds,
        boolean stopping,
        double[] p50,
        double[] p99,
        double[] serviceP50,
        double[] serviceP99,
        long[] buckets,
        long[] outcomes,
        List<StepRow> steps,
        List<String> events,
        boolean failuresOnly,
        String help) {

    /**
     * One journey step's line.
     *
     * @param name the step's key
     * @param rate its responses per second over the last interval
     * @param p50Us its corrected p50 over the last interval
     * @param p99Us its corrected p99 over the last interval
     * @param failures its requests that did not succeed, measured phase so far
     */
    record StepRow(String name, double rate, double p50Us, double p99Us, long failures) {}
}
