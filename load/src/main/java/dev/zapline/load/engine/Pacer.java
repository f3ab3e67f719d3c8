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
        return new OpenModel(cursor, max, min, plan.adaptive(), plan.maxWaitNanos());
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
            ledger.notSent(w, Outcome.DROPPED);
            model.ended(now);
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
        for (long t = model.due(now); t != Admission.NONE; t = model.due(now)) {
            offer(t, now);
        }
    }

    /** Drops every request that has waited too long at {@code now} (or waits past the closed run's end). */
    void expire(long now) {
        for (long w = model.expired(now); w != Admission.NONE; w = model.expired(now)) {
            if (model.over(now)) {
                ledger.notSent(w, Outcome.DROPPED); // as when the run is stopped: not a connect error
            } else {
                drop(w);
            }
            model.ended(now);
            dispatch(now);
        }
    }

    /** Requests in flight or waiting for a slot. */
    long outstanding() {
        return ledger.inflight() + model.waitingCount();
    }

    /** No request is in flight, none waits and none will be due any more: the loop is done. */
    boolean done() {
        return ledger.inflight() == 0 && model.exhausted();
    }

    /** When something is next due or expires, at the earliest; {@link Admission#NONE} for never. */
    long nextWake() {
        return model.nextWake();
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

    /** No request will be due any more and none waits. */
    boolean exhausted() {
        return model.exhausted();
    }

    /** Writes waiting requests on {@code l} while it has free slots. */
    void refill(Link l, long now) {
        while (model.hasWaiting() && l.hasFree()) {
            if (!send(l, model.peekWaiting(), now)) {
                return;
            }
            model.pollWaiting();
        }
    }

    private void offer(long intended, long now) {
        while (true) {
            Link l = model.hasWaiting() ? null : pool.free();
            switch (model.admit(intended, l != null, ledger.inflight())) {
                case SEND -> {
                    if (send(l, intended, now)) {
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
        ledger.notSent(intended, pool.active() > 0 ? Outcome.DROPPED : Outcome.CONNECT_ERROR);
    }

    private boolean send(Link l, long intended, long now) {
        if (!pool.write(l, ledger.nextRequest(), intended, now)) {
            return false;
        }
        ledger.sent(intended, now);
        return true;
    }
}
