package dev.zapline.load.engine;

import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.schedule.ScheduleCursor;

/**
 * When one loop's requests are due and what becomes of each: it takes the due ones from the {@link Admission} (open
 * schedule or closed users, the same way for both) and writes each on a free slot of the {@link Pool}, queues it or
 * drops it; a slot that frees takes the oldest waiting request; a request that waited too long is dropped. A dropped
 * request counts {@code CONNECT_ERROR} instead when no connection of the loop is open. Invariant: while requests
 * wait, no open connection has a free slot. Confined to the loop; allocates nothing.
 */
final class Pacer {

    private final Admission model;
    private final Pool pool;
    private final Ledger ledger;
    /** A journey run's steps between journey starts, or null for a run of fixed requests. */
    private JourneySteps steps;

    /**
     * A loop's pacing of {@code plan} with its {@code cursor} on the schedule (open plan) or its {@code users}
     * (closed plan), on a pool of {@code slots} connection slots.
     */
    Pacer(LoadPlan plan, ScheduleCursor cursor, int users, long slots, Pool pool, Ledger ledger) {
        this.model = admission(plan, cursor, users, slots);
        this.pool = pool;
        this.ledger = ledger;
    }

    /**
     * The open model, its ceiling the loop's share of {@code --max-inflight} with a floor of twice its {@code slots}
     * (adaptive), or the closed model with the loop's {@code users}.
     */
    private static Admission admission(LoadPlan plan, ScheduleCursor cursor, int users, long slots) {
        if (!plan.isOpen()) {
            return new ClosedModel(users, plan.thinkNanos(), plan.maxWaitNanos());
        }
        int loops = plan.threads();
        int max = Math.max(1, (int) Math.min(1 << 20, ((long) plan.maxInflight() + loops - 1) / loops));
        int min = (int) Math.min(max, Ceiling.HEADROOM * Math.max(1L, slots));
        long hold = plan.steerable() ? plan.warmupNanos() + plan.measuredNanos() : 0;
        return new OpenModel(cursor, max, min, plan.adaptive(), plan.maxWaitNanos(), hold, plan.slackNanos());
    }

    /** Makes this a journey run: each request the admission makes due starts a journey of {@code journeys}. */
    void journeys(Journeys journeys, long maxWaitNanos, int checks) {
        steps = new JourneySteps(journeys, pool, ledger, this, maxWaitNanos, checks);
    }

    /** The journey steps, or null for a run of fixed requests. */
    JourneySteps steps() {
        return steps;
    }

    /** Starts the run at {@code start}; requests stop starting at {@code end} (the closed model's users). */
    void begin(long start, long end) {
        model.endAt(end);
        model.begin(start);
    }

    /** Stops taking requests at {@code now}: the waiting ones are dropped. */
    void stop(long now) {
        model.stop();
        for (long w = model.pollWaiting(); w != Admission.NONE; w = model.pollWaiting()) {
            notSent(w, Outcome.DROPPED, true);
            model.ended(now);
        }
        if (steps != null) {
            steps.stop(now);
        }
    }

    /** A request (a journey start) due at {@code intended} was never written; {@code stopped}: the run stopped. */
    private void notSent(long intended, Outcome o, boolean stopped) {
        if (steps == null) {
            ledger.notSent(intended, o);
        } else {
            steps.unsent(intended, o, stopped);
        }
    }

    /** A steered schedule changed: the next request's time is read again (open model; the closed has none). */
    void rescheduled() {
        if (model instanceof OpenModel open) {
            open.rescheduled();
        }
    }

    /** Moves the ceiling if its rule says so at {@code now} (the adaptive open model's). */
    void adapt(long now) {
        model.adapt(now);
    }

    /** The ceiling on requests in flight plus waiting (open model), 0 for the closed model. */
    int ceiling() {
        return model.reportedCeiling();
    }

    /** Takes every request due at {@code now} and writes, queues or drops it. */
    void dispatch(long now) {
        if (steps != null) {
            steps.wake(now);
        }
        for (long t = model.due(now); t != Admission.NONE; t = model.due(now)) {
            offer(t, now);
        }
    }

    /** Drops every request that has waited too long at {@code now} (or waits past the closed run's end). */
    void expire(long now) {
        for (long w = model.expired(now); w != Admission.NONE; w = model.expired(now)) {
            if (model.over(now)) {
                notSent(w, Outcome.DROPPED, true); // as when the run is stopped: not a connect error
            } else {
                drop(w);
            }
            model.ended(now);
            dispatch(now);
        }
        if (steps != null) {
            steps.expire(now);
        }
    }

    /** Requests in flight or waiting for a slot. */
    long outstanding() {
        return ledger.inflight() + model.waitingCount() + (steps == null ? 0 : steps.waiting());
    }

    /** No request is in flight, none waits and none will be due any more: the loop is done. */
    boolean done() {
        return ledger.inflight() == 0 && exhausted();
    }

    /** When something is next due or expires, at the earliest; {@link Admission#NONE} for never. */
    long nextWake() {
        return steps == null ? model.nextWake() : Admission.earliest(model.nextWake(), steps.nextWake());
    }

    /** A request sent at {@code sent} got its response at {@code now}. */
    void served(long sent, long now) {
        model.served(now - sent);
    }

    /** A request ended at {@code now} (answered or failed): what that makes due goes out. */
    void ended(long now) {
        model.ended(now);
        if (model.endingStartsRequests()) {
            dispatch(now);
        }
    }

    /** No request will be due any more and none waits (nor any journey in progress). */
    boolean exhausted() {
        return model.exhausted() && (steps == null || steps.live() == 0);
    }

    /**
     * A journey ended at {@code now}: for the admission, its request has ended; {@code dispatch}: what that makes
     * due goes out now (false inside a write, where it would recurse: the next wake-up takes it).
     */
    void journeyEnded(long now, boolean dispatch) {
        if (dispatch) {
            ended(now);
        } else {
            model.ended(now);
        }
    }

    /** Writes waiting requests on {@code l} while it has free slots. */
    void refill(Link l, long now) {
        if (steps != null && !steps.refill(l, now)) {
            return;
        }
        while (model.hasWaiting() && l.hasFree()) {
            if (!send(l, model.peekWaiting(), now, true)) {
                return;
            }
            model.pollWaiting();
        }
    }

    /**
     * Unique data rows ran out at {@code now}: the request that found none ends uncounted (no journey started) and
     * so do the ones waiting; the schedule stops on this loop.
     */
    private void rowsOut(long now, boolean fromWaiting) {
        model.stop();
        if (!fromWaiting) {
            model.ended(now);
        }
        for (long w = model.pollWaiting(); w != Admission.NONE; w = model.pollWaiting()) {
            model.ended(now);
        }
    }

    private void offer(long intended, long now) {
        while (true) {
            Link l = model.hasWaiting() ? null : pool.free();
            switch (model.admit(intended, l != null, ledger.inflight())) {
                case SEND -> {
                    if (send(l, intended, now, false)) {
                        return;
                    }
                }
                case QUEUE -> {
                    return;
                }
                case DROP -> {
                    drop(intended);
                    model.ended(now);
                    return;
                }
            }
        }
    }

    private void drop(long intended) {
        notSent(intended, pool.active() > 0 ? Outcome.DROPPED : Outcome.CONNECT_ERROR, false);
    }

    private boolean send(Link l, long intended, long now, boolean fromWaiting) {
        if (steps != null) {
            return switch (steps.start(l, intended, now)) {
                case JourneySteps.SENT -> true;
                case JourneySteps.WRITE_FAILED -> false;
                default -> {
                    if (steps.rowsOut()) {
                        rowsOut(now, fromWaiting);
                    }
                    yield true;
                }
            };
        }
        if (!pool.write(l, ledger.nextRequest(), intended, now, fromWaiting)) {
            return false;
        }
        ledger.sent(intended, now);
        return true;
    }
}
