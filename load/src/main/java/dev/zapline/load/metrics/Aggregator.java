package dev.zapline.load.metrics;

import org.HdrHistogram.Histogram;

/**
 * The reader side of the loops' recorders: once an interval it swaps every loop's interval histograms (recycled,
 * so nothing is allocated but the small result record), merges them into the interval's and the run's totals, and
 * diffs the counters. Warm-up intervals are reported but kept out of the totals.
 *
 * <p>Threading: called from one reporting thread; the loops keep recording meanwhile.
 */
public final class Aggregator {

    private final LoopRecorder[] loops;
    private final Histogram[] lastCorrected;
    private final Histogram[] lastService;
    private final Histogram intervalCorrected = LoopRecorder.newHistogram();
    private final Histogram intervalService = LoopRecorder.newHistogram();
    private final Histogram totalCorrected = LoopRecorder.newHistogram();
    private final Histogram totalService = LoopRecorder.newHistogram();
    private final Tally now = new Tally();
    private final Tally previous = new Tally();
    private final Tally baseline = new Tally();

    public Aggregator(LoopRecorder[] loops) {
        this.loops = loops.clone();
        this.lastCorrected = new Histogram[loops.length];
        this.lastService = new Histogram[loops.length];
    }

    /**
     * Closes an interval.
     *
     * @param t seconds since the measured phase started at the interval's end
     * @param seconds the interval's length
     * @param targetRate the schedule's rate over it (0 when there is none)
     * @param inflight requests in flight now
     * @param warmup whether the interval belongs to the warm-up
     */
    public IntervalStats interval(double t, double seconds, double targetRate, long inflight, boolean warmup) {
        intervalCorrected.reset();
        intervalService.reset();
        for (int i = 0; i < loops.length; i++) {
            lastCorrected[i] = loops[i].swapCorrected(lastCorrected[i]);
            lastService[i] = loops[i].swapService(lastService[i]);
            intervalCorrected.add(lastCorrected[i]);
            intervalService.add(lastService[i]);
            if (!warmup) {
                totalCorrected.add(lastCorrected[i]);
                totalService.add(lastService[i]);
            }
        }
        now.read(loops);
        double perSecond = seconds > 0 ? 1 / seconds : 0;
        IntervalStats s = new IntervalStats(t, seconds, targetRate,
                (now.sent() - previous.sent()) * perSecond,
                (now.responses() - previous.responses()) * perSecond,
                micros(intervalCorrected, 50), micros(intervalCorrected, 99), micros(intervalCorrected, 99.9),
                intervalCorrected.getTotalCount() == 0 ? 0 : intervalCorrected.getMaxValue() / 1e3,
                now.errors() - previous.errors(), now.count(Outcome.DROPPED) - previous.count(Outcome.DROPPED),
                inflight, warmup);
        previous.copy(now);
        if (warmup) {
            baseline.copy(now);
        }
        return s;
    }

    private static double micros(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1e3;
    }

    /** Corrected latency of the measured phase so far (do not modify). */
    public Histogram corrected() {
        return totalCorrected;
    }

    /** Service time of the measured phase so far (do not modify). */
    public Histogram service() {
        return totalService;
    }

    /** The interval histogram just closed (corrected latency, all loops; reused by the next call). */
    public Histogram lastInterval() {
        return intervalCorrected;
    }

    /** The interval histogram of service time just closed (all loops; reused by the next call). */
    public Histogram lastServiceInterval() {
        return intervalService;
    }

    /** Counters of the measured phase: now minus the end of warm-up. Allocates a fresh tally. */
    public Tally measured() {
        Tally t = new Tally().copy(previous);
        for (int i = 0; i < t.outcomes.length; i++) {
            t.outcomes[i] -= baseline.outcomes[i];
        }
        for (int i = 0; i < t.statuses.length; i++) {
            t.statuses[i] -= baseline.statuses[i];
        }
        t.sent -= baseline.sent;
        t.bytesIn -= baseline.bytesIn;
        t.bytesOut -= baseline.bytesOut;
        return t;
    }
}
