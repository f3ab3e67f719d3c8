package dev.zapline.load.engine;

import dev.zapline.load.metrics.Outcome;

/**
 * How one loop moves its journeys from step to step ({@link Journeys}), beside the {@link Pacer} that starts them:
 * a journey starts when the {@link Admission} makes a request due (the schedule's time, or a closed-model user's
 * turn) and its first step is written; each later step is due when the previous response arrived plus that step's
 * think time, and is written at once on a free connection slot, or waits in a FIFO served before any new journey,
 * up to the plan's maximum wait. Each step's corrected latency counts from when it was due, its service time from its
 * write; the journey's own from its first step's due time to its last response. A journey ends at its last step or
 * at its first failed one (status, check, extraction, or no response), and only then does the admission hear that
 * its request ended: a closed-model user runs one journey at a time. Confined to the loop; allocates nothing per
 * step.
 */
final class JourneySteps {

    /** {@link #write}: the request was written. */
    static final int SENT = 0;
    /** {@link #write}: the connection was closed; nothing happened to the journey. */
    static final int WRITE_FAILED = 1;
    /** {@link #write}: the journey ended instead (its request could not be made). */
    static final int ENDED = 2;

    private final Journeys journeys;
    private final IdQueues queues;
    private final Pool pool;
    private final Ledger ledger;
    private final Pacer pacer;
    private final long maxWait;
    private final long[] passed;
    private final long[] failed;
    private final StepResponse view = new StepResponse();
    /** Unique data rows ran out: no journey starts any more. */
    private boolean rowsOut;
    /** The run stopped: a journey whose step is answered now ends there, unfinished. */
    private boolean stopped;

    JourneySteps(Journeys journeys, Pool pool, Ledger ledger, Pacer pacer, long maxWaitNanos, int checks) {
        this.journeys = journeys;
        this.queues = journeys.queues();
        this.pool = pool;
        this.ledger = ledger;
        this.pacer = pacer;
        this.maxWait = maxWaitNanos;
        this.passed = new long[checks];
        this.failed = new long[checks];
    }

    /** Unique data rows ran out on this loop. */
    boolean rowsOut() {
        return rowsOut;
    }

    /**
     * A journey starts on {@code l}, its first step due at {@code intended}: {@link #SENT}, {@link #WRITE_FAILED}
     * (nothing started), or {@link #ENDED} (its request could not be made, or no data row is left: then
     * {@link #rowsOut}).
     */
    int start(Link l, long intended, long now) {
        int id = journeys.open(intended);
        if (id < 0) {
            rowsOut = true;
            return ENDED;
        }
        int r = write(l, id, intended, now);
        if (r == WRITE_FAILED) {
            journeys.release(id);
        }
        return r;
    }

    /**
     * Writes iteration {@code id}'s current step, due at {@code due}, on {@code l}: {@link #SENT},
     * {@link #WRITE_FAILED} or {@link #ENDED} (a value it needs holds a line break: the step fails unsent).
     */
    private int write(Link l, int id, long due, long now) {
        int step = journeys.step(id);
        boolean first = journeys.isFirst(step);
        long start = journeys.firstDue(id);
        if (!journeys.render(id, System.currentTimeMillis())) {
            if (first) {
                ledger.journeyStarted(start, journeys.journey(id));
            }
            ledger.stepNotSent(start, step, Outcome.EXTRACT_FAILED);
            ledger.journeyFailed(start, step);
            journeys.release(id);
            pacer.journeyEnded(now, false);
            return ENDED;
        }
        if (!pool.write(l, id, due, now)) {
            return WRITE_FAILED;
        }
        if (first) {
            journeys.firstWritten(id, now);
            ledger.journeyStarted(start, journeys.journey(id));
        }
        ledger.stepSent(start, step, first, now, journeys.rendered().readableBytes());
        return SENT;
    }

    /** Iteration {@code id}'s next step is due at {@code due}: written now on a free slot, or it waits for one. */
    private void due(int id, long due, long now) {
        while (!queues.hasReady()) {
            Link l = pool.free();
            if (l == null) {
                break;
            }
            if (write(l, id, due, now) != WRITE_FAILED) {
                return;
            }
        }
        queues.ready(id, due);
    }

    /** The steps whose think time is over at {@code now} fall due. */
    void wake(long now) {
        for (int id = queues.dueAt(now); id >= 0; id = queues.dueAt(now)) {
            due(id, queues.due(id), now);
        }
    }

    /** Writes waiting steps on {@code l} while it has free slots; false when its connection turned out closed. */
    boolean refill(Link l, long now) {
        while (queues.hasReady() && l.hasFree()) {
            int id = queues.peekReady();
            if (write(l, id, queues.due(id), now) == WRITE_FAILED) {
                return false;
            }
            queues.pollReady();
        }
        return true;
    }

    /** Steps waiting for a slot longer than the maximum at {@code now} are dropped: their journeys fail there. */
    void expire(long now) {
        while (queues.hasReady() && now - queues.due(queues.peekReady()) > maxWait) {
            int id = queues.pollReady();
            long start = journeys.firstDue(id);
            int step = journeys.step(id);
            ledger.stepNotSent(start, step, pool.active() > 0 ? Outcome.DROPPED : Outcome.CONNECT_ERROR);
            ledger.journeyFailed(start, step);
            end(id, now);
        }
    }

    /** When a thinking step falls due or a waiting one expires, at the earliest; {@link Admission#NONE}: never. */
    long nextWake() {
        long expiry = queues.hasReady() ? queues.due(queues.peekReady()) + maxWait + 1 : Admission.NONE;
        return Admission.earliest(queues.nextThinkingDue(), expiry);
    }

    /** Steps due and waiting for a slot. */
    int waiting() {
        return queues.readyCount();
    }

    /** Journeys in progress. */
    int live() {
        return journeys.live();
    }

    /**
     * Iteration {@code id}'s step, intended at {@code intended} and sent at {@code sent}, got its response on
     * {@code c} at {@code now}: it is counted, and the journey goes on to its next step or ends.
     */
    void answered(int id, Connection c, long intended, long sent, long now, int status, long bytes) {
        int step = journeys.step(id);
        long start = journeys.firstDue(id);
        view.of(c.response(), status, now - sent);
        Outcome o = journeys.evaluate(id, view, bytes, passed, failed);
        ledger.stepAnswered(start, step, intended, sent, now, status, o, bytes);
        int firstCheck = journeys.firstCheck(id);
        ledger.checks(start, passed, failed, firstCheck, firstCheck + journeys.checks(id));
        if (o != Outcome.SUCCESS) {
            ledger.journeyFailed(start, step);
            end(id, now);
        } else if (!journeys.hasNext(id)) {
            ledger.journeyCompleted(start, journeys.journey(id), journeys.firstSent(id), now, journeys.bytes(id));
            end(id, now);
        } else if (stopped) {
            ledger.journeyUnfinished(start, journeys.journey(id));
            end(id, now);
        } else {
            long think = journeys.think(id);
            journeys.advance(id);
            if (think == 0) {
                due(id, now, now);
            } else {
                queues.think(id, now + think);
            }
        }
    }

    /** Iteration {@code id}'s step ended without a response ({@code o}): the journey fails there. */
    void failed(int id, Outcome o, long now) {
        long start = journeys.firstDue(id);
        int step = journeys.step(id);
        ledger.stepFailed(start, step, o);
        ledger.journeyFailed(start, step);
        end(id, now);
    }

    /**
     * A journey start due at {@code intended} was never written ({@code o}): it counts as started and, at its first
     * step, as failed, or as unfinished when the run stopped ({@code stopped}).
     */
    void unsent(long intended, Outcome o, boolean stopped) {
        int step = journeys.unsentStart();
        int journey = journeys.journeyOfStep(step);
        ledger.journeyStarted(intended, journey);
        ledger.stepNotSent(intended, step, o);
        if (stopped) {
            ledger.journeyUnfinished(intended, journey);
        } else {
            ledger.journeyFailed(intended, step);
        }
    }

    /**
     * The run stopped at {@code now}: a step waiting for a slot is counted dropped, and its journey, like a thinking
     * one, unfinished.
     */
    void stop(long now) {
        stopped = true;
        for (int id = queues.pollReady(); id >= 0; id = queues.pollReady()) {
            long start = journeys.firstDue(id);
            ledger.stepNotSent(start, journeys.step(id), Outcome.DROPPED);
            ledger.journeyUnfinished(start, journeys.journey(id));
            end(id, now);
        }
        for (int id = queues.pollThinking(); id >= 0; id = queues.pollThinking()) {
            ledger.journeyUnfinished(journeys.firstDue(id), journeys.journey(id));
            end(id, now);
        }
    }

    private void end(int id, long now) {
        journeys.release(id);
        pacer.journeyEnded(now, true);
    }
}
