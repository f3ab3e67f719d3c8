package dev.zapline.load.metrics;

import org.HdrHistogram.Histogram;

/**
 * The reader side of the loops' recorders: once an interval it swaps every loop's interval histograms (recycled,
 * so nothing is allocated but the small result record and its few arrays), merges them into the interval's and the
 * run's totals, and diffs the counters. Each loop has a recorder for the measured phase and, with a warm-up, one
 * for the warm-up (phase membership is decided per request by the engine); the interval figures of the timeline
 * cover both, the run's totals only the measured ones.
 *
 * <p>Threading: called from one reporting thread; the loops keep recording meanwhile.
 */
public final class Aggregator {

    private final LoopRecorder[] measured;
    private final LoopRecorder[] all;
    private final Histogram[] lastCorrected;
    private final Histogram[] lastService;
    private final HistogramPair interval = new HistogramPair();
    private final HistogramPair measuredInterval = new HistogramPair();
    private final HistogramPair total = new HistogramPair();
    private final Histogram[] lastLag;
    private final Histogram[] lastQueuedLag;
    /** Send lag of the last interval, every phase, slot waits excluded; of the measured phase, with and without. */
    private final Histogram lagInterval = LoopRecorder.newHistogram();

    private final Histogram lagTotal = LoopRecorder.newHistogram();
    private final Histogram queuedLagTotal = LoopRecorder.newHistogram();
    private final Tally now = new Tally();
    private final Tally previous = new Tally();
    private final Tally measuredNow = new Tally();
    /** The timeline's percentiles of an interval, from one walk of its histogram. */
    private final Percentiles percentiles = new Percentiles(IntervalStats.Latencies.PERCENTILES);

    /** Without a warm-up: every recorder is the measured phase's. */
    public Aggregator(LoopRecorder[] loops) {
        this(loops, new LoopRecorder[0]);
    }

    public Aggregator(LoopRecorder[] measured, LoopRecorder[] warmup) {
        this.measured = measured.clone();
        this.all = new LoopRecorder[measured.length + warmup.length];
        System.arraycopy(measured, 0, all, 0, measured.length);
        System.arraycopy(warmup, 0, all, measured.length, warmup.length);
        this.lastCorrected = new Histogram[all.length];
        this.lastService = new Histogram[all.length];
        this.lastLag = new Histogram[all.length];
        this.lastQueuedLag = new Histogram[all.length];
    }

    /**
     * Closes an interval.
     *
     * @param t seconds since the measured phase started at the interval's end
     * @param seconds the interval's length
     * @param targetRate the schedule's rate over it (0 when there is none)
     * @param inflight requests in flight now
     * @param connections connections open now
     * @param ceiling the in-flight ceiling now (0 when there is none)
     * @param warmup whether the interval ends before the measured phase starts (a flag for the timeline)
     */
    public IntervalStats interval(
            double t,
            double seconds,
            double targetRate,
            long inflight,
            long connections,
            long ceiling,
            boolean warmup) {
        interval.reset();
        measuredInterval.reset();
        for (int i = 0; i < all.length; i++) {
            lastCorrected[i] = all[i].swapCorrected(lastCorrected[i]);
            lastService[i] = all[i].swapService(lastService[i]);
            interval.add(lastCorrected[i], lastService[i]);
            if (i < measured.length) {
                measuredInterval.add(lastCorrected[i], lastService[i]);
            }
        }
        swapLags();
        total.add(measuredInterval.corrected(), measuredInterval.service());
        now.read(all);
        measuredNow.read(measured);
        double perSecond = seconds > 0 ? 1 / seconds : 0;
        long[] outcomes = new long[Outcome.values().length];
        for (Outcome o : Outcome.values()) {
            outcomes[o.ordinal()] = now.count(o) - previous.count(o);
        }
        long[] classes = new long[6];
        for (int status = 100; status < LoopRecorder.STATUSES; status++) {
            classes[status / 100] += now.status(status) - previous.status(status);
        }
        IntervalStats s = new IntervalStats(
                t,
                seconds,
                targetRate,
                (now.sent() - previous.sent()) * perSecond,
                (now.responses() - previous.responses()) * perSecond,
                IntervalStats.Latencies.of(percentiles, interval.corrected()),
                IntervalStats.Latencies.of(percentiles, interval.service()),
                outcomes,
                classes,
                now.errors() - previous.errors(),
                now.count(Outcome.DROPPED) - previous.count(Outcome.DROPPED),
                inflight,
                connections,
                ceiling,
                warmup);
        previous.copy(now);
        return s;
    }

    private void swapLags() {
        lagInterval.reset();
        for (int i = 0; i < all.length; i++) {
            lastLag[i] = all[i].swapSendLag(lastLag[i]);
            lastQueuedLag[i] = all[i].swapQueuedLag(lastQueuedLag[i]);
            lagInterval.add(lastLag[i]);
            if (i < measured.length) {
                lagTotal.add(lastLag[i]);
                queuedLagTotal.add(lastQueuedLag[i]);
            }
        }
    }

    /** Send lag of the measured phase so far, of the requests that did not wait for a slot (do not modify). */
    public Histogram sendLag() {
        return lagTotal;
    }

    /** Send lag of the measured phase so far, of the requests that first waited for a slot (do not modify). */
    public Histogram queuedLag() {
        return queuedLagTotal;
    }

    /** Send lag of the interval just closed, every phase, slot waits excluded (reused by the next call). */
    public Histogram lastSendLag() {
        return lagInterval;
    }

    /** Corrected latency of the measured phase so far (do not modify). */
    public Histogram corrected() {
        return total.corrected();
    }

    /** Service time of the measured phase so far (do not modify). */
    public Histogram service() {
        return total.service();
    }

    /** Counters of the measured phase as of the last interval. Allocates a fresh tally. */
    public Tally measured() {
        return new Tally().copy(measuredNow);
    }

    /** The interval histograms just closed (all loops, both phases; reused by the next call). */
    public HistogramPair lastInterval() {
        return interval;
    }

    /** The measured phase's share of {@link #lastInterval()} (reused by the next call). */
    public HistogramPair lastMeasuredInterval() {
        return measuredInterval;
    }

    /** Counters of every phase (warm-up, measured, drain) as of the last interval. Allocates a fresh tally. */
    public Tally all() {
        return new Tally().copy(now);
    }
}
