package dev.zapline.load.engine;

import dev.zapline.load.metrics.JourneyLayout;
import dev.zapline.load.metrics.JourneyRecorder;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.PacingCounter;

/**
 * What each request of one loop counts for: which of the client's requests the loop writes next (round robin), the
 * requests in flight, and the recorders of the phase each request belongs to. A request belongs to the phase
 * (warm-up or measured) of its intended time (open model) or its start (closed model), never of when it ends: a
 * request due in the warm-up and answered after it stays in the warm-up, so the measured phase holds exactly the
 * schedule's slots of the measured window. Confined to the loop; allocates nothing per request.
 */
final class Ledger {

    private final LoopRecorder rec;
    /** Records the requests intended before {@link #measuredStart}; null without a warm-up. */
    private final LoopRecorder warm;
    /** Actual sends of measured requests per 10 ms (open model), or null. */
    private final PacingCounter pacing;

    private final StatusSet expect;
    /** Bytes of each of the client's requests; the loop sends them round robin. */
    private final int[] requestBytes;

    /** A journey run's recorders of the measured phase and of the warm-up (null without journeys / warm-up). */
    private final JourneyRecorder steps;

    private final JourneyRecorder warmSteps;

    private int nextRequest;
    private long measuredStart;
    private int inflight;

    Ledger(LoadPlan plan, Client client) {
        this(plan, client, null);
    }

    /** With {@code layout}, a journey run's ledger: it also records per step and per journey. */
    Ledger(LoadPlan plan, Client client, JourneyLayout layout) {
        this.steps = layout == null ? null : new JourneyRecorder(layout);
        this.warmSteps = layout == null || plan.warmupNanos() == 0 ? null : new JourneyRecorder(layout);
        this.rec = new LoopRecorder();
        this.warm = plan.warmupNanos() > 0 ? new LoopRecorder() : null;
        this.pacing = plan.isOpen() ? PacingCounter.forLength(plan.measuredNanos()) : null;
        this.expect = plan.expect();
        this.requestBytes = new int[client.requests()];
        for (int i = 0; i < requestBytes.length; i++) {
            requestBytes[i] = client.requestBytes(i);
        }
    }

    /** The measured phase's recorder. */
    LoopRecorder recorder() {
        return rec;
    }

    /**
     * The measured phase starts at {@code start} and lasts {@code nanos} (unless the run stops first). Called on the
     * loop, whose thread the recorder learns here.
     */
    void measure(long start, long nanos) {
        rec.ownedByCurrentThread();
        measuredStart = start;
        rec.endWindowAt(start + nanos);
        if (steps != null) {
            for (int s = 0; s < steps.stepCount(); s++) {
                steps.step(s).endWindowAt(start + nanos);
            }
        }
    }

    /** The run stopped at {@code now}: the measured window ends there. */
    void stopped(long now) {
        rec.endWindowAt(now);
        if (steps != null) {
            for (int s = 0; s < steps.stepCount(); s++) {
                steps.step(s).endWindowAt(now);
            }
        }
    }

    /** Requests written and not ended yet. */
    int inflight() {
        return inflight;
    }

    /** The client's request the loop writes next. */
    int nextRequest() {
        return nextRequest;
    }

    /** {@link #nextRequest}, intended at {@code intended}, was written at {@code now}. */
    void sent(long intended, long now) {
        int r = nextRequest;
        inflight++;
        nextRequest = r + 1 == requestBytes.length ? 0 : r + 1;
        recorderOf(intended).sent(requestBytes[r]);
        if (pacing != null && intended - measuredStart >= 0) {
            pacing.sent(now - measuredStart);
        }
    }

    /**
     * A request intended at {@code intended} left in a flush at {@code now}: its send lag, {@code now - intended}
     * (0 when it left early), goes to its phase's recorder; {@code waited}: it first waited for a free slot.
     */
    void flushed(long intended, long now, boolean waited) {
        recorderOf(intended).sendLag(now - intended, waited);
    }

    /** Sends per 10 ms bucket of the measured phase (open model), or null; read it after the run. */
    PacingCounter pacing() {
        return pacing;
    }

    /** A request intended at {@code intended} and sent at {@code sent} got a response at {@code now}. */
    void answered(long intended, long sent, long now, int status, long bytes) {
        inflight--;
        recorderOf(intended).response(status, expect.contains(status), intended, sent, now, bytes);
    }

    /** A request intended at {@code intended} was written and ended without a response. */
    void failed(long intended, Outcome outcome) {
        inflight--;
        recorderOf(intended).outcome(outcome);
    }

    /** A request intended at {@code intended} was never written. */
    void notSent(long intended, Outcome outcome) {
        recorderOf(intended).notSent(outcome);
    }

    /** The warm-up's recorder, or null without a warm-up. */
    LoopRecorder warmupRecorder() {
        return warm;
    }

    /** The journey recorder of the measured phase, or null without journeys. */
    JourneyRecorder journeyRecorder() {
        return steps;
    }

    /** The journey recorder of the warm-up, or null. */
    JourneyRecorder journeyWarmupRecorder() {
        return warmSteps;
    }

    /**
     * Run-wide step {@code step} of a journey whose first step was due at {@code first} was written at {@code now}:
     * {@code bytes} of it; a first step ({@code start}) also counts for the pacing.
     */
    void stepSent(long first, int step, boolean start, long now, int bytes) {
        inflight++;
        recorderOf(first).sent(bytes);
        stepsOf(first).step(step).sent(bytes);
        if (start && pacing != null && first - measuredStart >= 0) {
            pacing.sent(now - measuredStart);
        }
    }

    /** A step due at {@code intended}, sent at {@code sent}, got a response at {@code now} counting as {@code o}. */
    void stepAnswered(long first, int step, long intended, long sent, long now, int status, Outcome o, long bytes) {
        inflight--;
        recorderOf(first).response(status, o, intended, sent, now, bytes);
        stepsOf(first).step(step).response(status, o, intended, sent, now, bytes);
    }

    /** A step that was written ended without a response. */
    void stepFailed(long first, int step, Outcome o) {
        inflight--;
        recorderOf(first).outcome(o);
        stepsOf(first).step(step).outcome(o);
    }

    /** A step that was due was never written. */
    void stepNotSent(long first, int step, Outcome o) {
        recorderOf(first).notSent(o);
        stepsOf(first).step(step).notSent(o);
    }

    /**
     * Counts checks {@code from} to {@code to} (exclusive) of one evaluation from {@code passed} and {@code failed},
     * and zeroes them for the next.
     */
    void checks(long first, long[] passed, long[] failed, int from, int to) {
        JourneyRecorder r = stepsOf(first);
        for (int c = from; c < to; c++) {
            if (passed[c] != 0) {
                r.check(c, true);
                passed[c] = 0;
            }
            if (failed[c] != 0) {
                r.check(c, false);
                failed[c] = 0;
            }
        }
    }

    void journeyStarted(long first, int journey) {
        stepsOf(first).started(journey);
    }

    void journeyCompleted(long first, int journey, long firstSent, long now, long bytes) {
        stepsOf(first).completed(journey, first, firstSent, now, bytes);
    }

    /** A journey failed at run-wide step {@code step}. */
    void journeyFailed(long first, int step) {
        stepsOf(first).failed(step);
    }

    void journeyUnfinished(long first, int journey) {
        stepsOf(first).unfinished(journey);
    }

    private JourneyRecorder stepsOf(long first) {
        return warmSteps != null && first - measuredStart < 0 ? warmSteps : steps;
    }

    private LoopRecorder recorderOf(long intended) {
        return warm != null && intended - measuredStart < 0 ? warm : rec;
    }
}
