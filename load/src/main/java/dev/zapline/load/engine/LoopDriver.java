package dev.zapline.load.engine;

import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.PacingCounter;
import dev.zapline.load.schedule.ScheduleCursor;
import java.util.concurrent.CompletableFuture;

/**
 * One event loop's share of a run: it joins an {@link Admission} (which requests are due, and whether each is
 * sent, queued or dropped), the loop's {@link Slots} (connections) and its recorders. Everything here runs on the
 * loop ({@link DriverLoop}), so nothing is synchronised, and nothing is allocated per request.
 *
 * <p>Pacing. The loop's timer is armed for the earliest time something is due: the next request of the schedule
 * or a thinking user's, the expiry of the oldest waiting request, a check for timed-out requests while any is in
 * flight. When it fires, the driver writes every request due by then; between two such times the loop sleeps. A
 * request that finds no free slot waits, is written the moment a slot frees (from the response callback), its
 * latency still counted from its intended time; beyond the ceiling, or after waiting longer than the plan allows,
 * it is dropped and counted ({@code CONNECT_ERROR} instead when no connection of the loop is open). Invariant:
 * while requests wait, no open connection has a free slot. Writes are batched per loop turn ({@link DirtyLinks}):
 * what one read batch or one wake-up made sendable is flushed once per connection at its end, and that flush is
 * its send time.
 *
 * <p>Every request taken from the schedule (or started by a user) ends in exactly one outcome. A request belongs to
 * the phase (warm-up or measured) of its intended time, however late it ends.
 *
 * <p>With {@code --reconnect-every N} ({@link LoadPlan#reconnectEvery}) a connection takes no more requests once it
 * has written N, is closed when they have ended and replaced by a new one; requests due meanwhile wait for a slot
 * like any other (the queue, the ceiling and the maximum wait apply as usual).
 *
 * <p>When the client has several requests (a targets file), the loop's k-th write is request {@code k mod n}: each
 * loop cycles through them in order, so every request gets its share, to within one per loop.
 */
final class LoopDriver {

    /** Longest interval between two checks for timed-out requests (shorter for a short timeout). */
    private static final long TIMEOUT_CHECK = 10_000_000;

    private final Engine engine;
    private final DriverLoop loop;
    private final Client client;
    private final NanoClock clock;
    private final LoopRecorder rec;
    /** Records the requests intended before {@link #measuredStart}; null without a warm-up. */
    private final LoopRecorder warm;

    private final long warmupNanos;
    /** Actual sends of measured requests per 10 ms (open model), or null. */
    private final PacingCounter pacing;

    private final StatusSet expect;
    private final Admission model;
    /** {@link #model} when the plan is open, else null. */
    private final OpenModel open;
    /** {@link #model} when the plan is closed, else null. */
    private final ClosedModel closed;

    private final Slots slots;
    private final DirtyLinks dirty;
    private final long timeout;
    private final long timeoutCheck;
    private final long grace;
    /** Bytes of each of the client's requests; the loop sends them round robin. */
    private final int[] requestBytes;
    /** {@link LoadPlan#reconnectEvery}: 0 for keep-alive. */
    private final int reconnectEvery;

    private int nextRequest;
    private long measuredStart;
    private int inflight;
    private long nextTimeoutCheck;
    private boolean begun;
    private boolean stopping;
    private long stopDeadline;
    private boolean finished;
    private int pendingConnects;
    private final CompletableFuture<Void> connected = new CompletableFuture<>();
    volatile long outstanding;
    /** The ceiling as of the last wake-up (open model), 0 for a closed plan. */
    volatile int ceilingNow;
    /** Connections open, as of the last one opened or closed. */
    volatile int openNow;

    LoopDriver(
            Engine engine,
            DriverLoop loop,
            Client client,
            NanoClock clock,
            LoadPlan plan,
            int index,
            ScheduleCursor cursor) {
        this.engine = engine;
        this.loop = loop;
        this.client = client;
        this.clock = clock;
        this.rec = new LoopRecorder();
        this.warm = plan.warmupNanos() > 0 ? new LoopRecorder() : null;
        this.warmupNanos = plan.warmupNanos();
        this.pacing = plan.isOpen() ? PacingCounter.forLength(plan.measuredNanos()) : null;
        this.expect = plan.expect();
        int loops = plan.threads();
        int conns = share(plan.connections(), index, loops);
        int users = plan.isOpen() ? 0 : share(plan.users(), index, loops);
        int pipeline =
                plan.pipeline() > 0 ? plan.pipeline() : plan.isOpen() ? 1 : Math.max(1, (users + conns - 1) / conns);
        Link[] links = new Link[conns];
        for (int i = 0; i < conns; i++) {
            links[i] = new Link(this, i, pipeline, client.outOfOrder());
        }
        this.slots = new Slots(links, plan.seed() * 31 + index);
        this.dirty = new DirtyLinks(links, clock);
        if (plan.isOpen()) {
            int max = Math.max(1, (int) Math.min(1 << 20, ((long) plan.maxInflight() + loops - 1) / loops));
            int min = (int) Math.min(max, Ceiling.HEADROOM * Math.max(1L, (long) conns * pipeline));
            this.open = new OpenModel(cursor, max, min, plan.adaptive(), plan.maxWaitNanos());
            this.closed = null;
            this.model = open;
            this.ceilingNow = max;
        } else {
            this.open = null;
            this.closed = new ClosedModel(users, plan.thinkNanos(), plan.maxWaitNanos());
            this.model = closed;
        }
        this.timeout = plan.timeoutNanos();
        this.timeoutCheck = Math.max(1_000_000, Math.min(TIMEOUT_CHECK, timeout / 10));
        this.grace = plan.graceNanos();
        this.reconnectEvery = plan.reconnectEvery();
        this.requestBytes = new int[client.requests()];
        for (int i = 0; i < requestBytes.length; i++) {
            requestBytes[i] = client.requestBytes(i);
        }
    }

    private static int share(int total, int index, int parts) {
        return total / parts + (index < total % parts ? 1 : 0);
    }

    /** The measured phase's recorder. */
    LoopRecorder recorder() {
        return rec;
    }

    /** The warm-up's recorder, or null without a warm-up. */
    LoopRecorder warmupRecorder() {
        return warm;
    }

    /** Sends per 10 ms bucket of the measured phase (open model), or null; read it after the run. */
    PacingCounter pacing() {
        return pacing;
    }

    /**
     * The recorder of the phase a request belongs to, decided by its intended send time (open model) or its start
     * (closed model), never by when it ends: a request due in the warm-up and answered after it stays in the
     * warm-up, so the measured phase holds exactly the schedule's slots of the measured window.
     */
    private LoopRecorder rec(long intended) {
        return warm != null && intended - measuredStart < 0 ? warm : rec;
    }

    /**
     * Opens every connection, {@link Slots#CONNECT_WINDOW} at a time; completes when each has succeeded or failed
     * once.
     */
    CompletableFuture<Void> connectAll() {
        loop.execute(() -> {
            Link[] links = slots.links();
            pendingConnects = links.length;
            if (links.length == 0) {
                connected.complete(null);
            }
            for (Link l : links) {
                open(l);
            }
        });
        return connected;
    }

    /** Starts pacing at {@code startNanos}; a closed run's users stop starting requests at {@code endNanos}. */
    void begin(long startNanos, long endNanos) {
        loop.execute(() -> {
            measuredStart = startNanos + warmupNanos;
            rec.endWindowAt(measuredStart + engine.plan().measuredNanos());
            if (closed != null) {
                closed.endAt(endNanos);
            }
            model.begin(startNanos);
            begun = true;
            loop.timer(this::wake);
            rearm();
        });
    }

    /** Stops taking requests from the schedule; what is in flight has the grace period to finish. */
    void stop() {
        loop.execute(() -> {
            if (stopping || finished) {
                return;
            }
            long now = clock.nanos();
            stopping = true;
            stopDeadline = now + grace;
            rec.endWindowAt(now);
            model.stop();
            for (long w = model.pollWaiting(); w != Admission.NONE; w = model.pollWaiting()) {
                rec(w).notSent(Outcome.DROPPED);
                model.ended(now);
            }
            if (!begun) {
                finish();
            } else {
                settle(now);
            }
        });
    }

    /** The timer: whatever is due now. */
    void wake() {
        if (finished) {
            return;
        }
        long now = clock.nanos();
        if (open != null) {
            open.adapt(now);
            ceilingNow = open.ceiling;
        }
        dispatch(now);
        for (long w = model.expired(now); w != Admission.NONE; w = model.expired(now)) {
            if (model.over(now)) {
                rec(w).notSent(Outcome.DROPPED); // as when the run is stopped: not a connect error
            } else {
                drop(w);
            }
            model.ended(now);
            dispatch(now);
        }
        if (inflight > 0 && now - nextTimeoutCheck >= 0) {
            nextTimeoutCheck = now + timeoutCheck;
            slots.closeTimedOut(now, timeout, stopping && now - stopDeadline > 0);
        }
        settle(now);
    }

    /** Flushes what this turn wrote, publishes the counts, then finishes or arms the timer for the next due time. */
    private void settle(long now) {
        dirty.flush();
        if (!begun) {
            return;
        }
        outstanding = inflight + model.waitingCount();
        if (inflight == 0 && model.exhausted()) {
            finish();
            return;
        }
        rearm();
    }

    private void rearm() {
        if (finished || !begun) {
            return;
        }
        long at = model.nextWake();
        if (inflight > 0) {
            if (nextTimeoutCheck == 0) {
                nextTimeoutCheck = clock.nanos() + timeoutCheck;
            }
            at = Admission.earliest(at, nextTimeoutCheck);
        } else {
            nextTimeoutCheck = 0;
        }
        if (at == Admission.NONE) {
            loop.disarm();
        } else {
            loop.wakeAt(at);
        }
    }

    /** Takes every request due at {@code now} from the model and writes, queues or drops it. */
    private void dispatch(long now) {
        for (long t = model.due(now); t != Admission.NONE; t = model.due(now)) {
            offer(t, now);
        }
    }

    private void offer(long intended, long now) {
        while (true) {
            Link l = model.hasWaiting() ? null : slots.free();
            switch (model.admit(intended, l != null, inflight)) {
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
        rec(intended).notSent(slots.active() > 0 ? Outcome.DROPPED : Outcome.CONNECT_ERROR);
    }

    private boolean send(Link l, long intended, long now) {
        int r = nextRequest;
        if (!l.conn.write(r)) {
            slots.deactivate(l);
            return false;
        }
        l.push(intended, now);
        if (l.retireAt > 0 && ++l.writes >= l.retireAt) {
            l.retiring = true;
            slots.deactivate(l);
        }
        inflight++;
        nextRequest = r + 1 == requestBytes.length ? 0 : r + 1;
        rec(intended).sent(requestBytes[r]);
        if (pacing != null && intended - measuredStart >= 0) {
            pacing.sent(now - measuredStart);
        }
        dirty.mark(l);
        return true;
    }

    private void refill(Link l, long now) {
        while (model.hasWaiting() && l.hasFree()) {
            if (!send(l, model.peekWaiting(), now)) {
                return;
            }
            model.pollWaiting();
        }
    }

    /**
     * A connection delivered the last response of its read batch: the requests the batch made sendable, on any
     * connection of the loop, go out now, one flush per connection.
     */
    void readComplete() {
        if (!finished) {
            settle(clock.nanos());
        }
    }

    void response(Link l, int status, long bytes) {
        long now = clock.nanos();
        long intended = l.oldestIntended();
        long sent = l.oldestSent();
        l.pop();
        responded(l, status, bytes, intended, sent, now);
    }

    /**
     * The request in {@code slot} of an out-of-order link got its response: its latency is its own, from its own
     * intended and send times, whatever the requests written before it are still doing.
     */
    void response(Link l, int slot, int status, long bytes) {
        long now = clock.nanos();
        long intended = l.intended(slot);
        long sent = l.sent(slot);
        l.end(slot);
        responded(l, status, bytes, intended, sent, now);
    }

    private void responded(Link l, int status, long bytes, long intended, long sent, long now) {
        inflight--;
        if (open != null) {
            open.served(now - sent);
        }
        rec(intended).response(status, expect.contains(status), intended, sent, now, bytes);
        model.ended(now);
        if (closed != null) {
            dispatch(now);
        }
        if (!l.retiring) {
            refill(l, now);
        } else if (l.size == 0) {
            retire(l);
        }
    }

    /**
     * {@code l}'s connection has written its {@code --reconnect-every} share and each of those requests has ended:
     * it is closed, and {@link #closed} opens a new one at once, unless nothing more will be due (a handshake nobody
     * uses would only inflate the counts).
     */
    private void retire(Link l) {
        l.retiring = false;
        l.spent = model.exhausted();
        l.conn.close();
    }

    void failure(Link l, Outcome outcome) {
        long now = clock.nanos();
        slots.deactivate(l);
        LoopRecorder r = rec(l.oldestIntended());
        l.pop();
        failed(r, l, outcome, now);
    }

    /**
     * The request in {@code slot} of an out-of-order link ended without a response. Unlike a FIFO connection's
     * failure this leaves the connection in use: an HTTP/2 stream can be refused or reset alone; when the whole
     * connection goes, it closes and {@link #closed} follows.
     */
    void failure(Link l, int slot, Outcome outcome) {
        long now = clock.nanos();
        LoopRecorder r = rec(l.intended(slot));
        l.end(slot);
        inflight--;
        r.outcome(l.timedOut ? Outcome.TIMEOUT : outcome);
        model.ended(now);
        if (closed != null) {
            dispatch(now);
        }
        if (finished) {
            return;
        }
        if (l.retiring && l.size == 0 && l.conn != null) {
            retire(l);
        } else if (!l.retiring) {
            refill(l, now);
        }
        settle(now);
    }

    private void failed(LoopRecorder r, Link l, Outcome outcome, long now) {
        inflight--;
        r.outcome(l.timedOut ? Outcome.TIMEOUT : outcome);
        model.ended(now);
        if (closed != null) {
            dispatch(now);
        }
        if (!finished) {
            settle(now);
        }
    }

    /** The server changed {@code l}'s stream limit: a higher one makes room for waiting requests. */
    void streamLimit(Link l, int streams) {
        Connection c = l.conn;
        if (c == null) {
            return;
        }
        l.limit = Math.max(1, Math.min(l.capacity, Math.min(streams, c.streamLimit())));
        if (!l.retiring) {
            refill(l, clock.nanos());
        }
    }

    void closed(Link l) {
        slots.deactivate(l);
        openNow = slots.active();
        dirty.flush();
        l.conn = null;
        if (finished || l.spent) {
            return;
        }
        long delay = slots.reopenDelay(l);
        if (delay == 0) {
            open(l);
        } else {
            loop.schedule(l, delay);
        }
    }

    /** Opens {@code l} now, or when the connect window has room. */
    void open(Link l) {
        if (!finished && slots.open(l)) {
            connect(l);
        }
    }

    private void connect(Link l) {
        l.connectStarted = clock.nanos();
        client.connect(loop.eventLoop(), l).whenComplete((c, e) -> {
            if (loop.inLoop()) {
                connectDone(l, c, e);
            } else {
                loop.execute(() -> connectDone(l, c, e));
            }
        });
    }

    private void connectDone(Link l, Connection c, Throwable e) {
        try {
            connectOutcome(l, c, e);
        } finally {
            if (!connected.isDone() && --pendingConnects == 0) {
                connected.complete(null);
            }
            Link next = slots.opened();
            if (next != null && !finished) {
                connect(next);
            }
        }
    }

    private void connectOutcome(Link l, Connection c, Throwable e) {
        long now = clock.nanos();
        if (e != null) {
            l.failures++;
            engine.connectFailed(e);
            if (!finished) {
                loop.schedule(l, slots.reopenDelay(l));
            }
            return;
        }
        if (finished) {
            c.close();
            return;
        }
        engine.connected(now - l.connectStarted, c.handshake());
        slots.activate(l, c);
        int most = c.maxWrites();
        l.retireAt = reconnectEvery == 0 ? most : most == 0 ? reconnectEvery : Math.min(most, reconnectEvery);
        openNow = slots.active();
        refill(l, now);
        settle(now);
    }

    private void finish() {
        finished = true;
        outstanding = 0;
        loop.cancel();
        slots.closeAll();
        openNow = 0;
        engine.loopFinished(clock.nanos());
    }

    /** Whether every request this loop took on has ended (for tests). */
    boolean isFinished() {
        return finished;
    }
}
