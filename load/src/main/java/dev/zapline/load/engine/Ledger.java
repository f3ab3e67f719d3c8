package dev.zapline.load.engine;

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

    private int nextRequest;
    private long measuredStart;
    private int inflight;

    Ledger(LoadPlan plan, Client client) {
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

    /** The measured phase starts at {@code start} and lasts {@code nanos} (unless the run stops first). */
    void measure(long start, long nanos) {
        measuredStart = start;
        rec.endWindowAt(start + nanos);
    }

    /** The run stopped at {@code now}: the measured window ends there. */
    void stopped(long now) {
        rec.endWindowAt(now);
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

    private LoopRecorder recorderOf(long intended) {
        return warm != null && intended - measuredStart < 0 ? warm : rec;
    }
}
