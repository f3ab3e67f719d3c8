package dev.zapline.load.engine;

import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.PacingCounter;
import dev.zapline.load.schedule.ScheduleCursor;
import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One event loop's share of a run: its connections, its share of the schedule (open model) or of the users
 * (closed model), and the pacing tick. Everything here runs on the loop, so nothing is synchronised and nothing
 * is allocated per request.
 *
 * <p>Pacing. A single task, scheduled once at a fixed rate ({@link LoadPlan#tickNanos}), sends every request whose
 * intended time has come. A request that finds no free connection slot waits in a FIFO of intended times and is
 * written the moment a slot frees (from the response callback), its latency still counted from its intended
 * time; beyond the in-flight ceiling, or after waiting longer than the plan allows, it is dropped and counted
 * ({@code CONNECT_ERROR} instead when no connection of the loop is open). Invariant: while the FIFO is not empty,
 * no open connection has a free slot. Writes are batched per event-loop turn ({@link DirtyLinks}): what one read
 * batch or tick made sendable is flushed once per connection at its end, and that flush is its send time.
 *
 * <p>Every request taken from the schedule (or started by a user) ends in exactly one outcome.
 *
 * <p>When the client has several requests (a targets file), the loop's k-th write is request {@code k mod n}: each
 * loop cycles through them in order, so every request gets its share, to within one per loop.
 */
final class LoopDriver implements Runnable {

    private static final long TIMEOUT_CHECK = 1_000_000;
    private static final long BACKOFF_MIN = 10_000_000;
    private static final long BACKOFF_MAX = 1_000_000_000;

    private final Engine engine;
    private final EventLoop loop;
    private final Client client;
    private final NanoClock clock;
    private final LoopRecorder rec;
    /** Records the requests intended before {@link #measuredStart}; null without a warm-up. */
    private final LoopRecorder warm;

    private final long warmupNanos;
    /** Actual sends of measured requests per 10 ms (open model), or null. */
    private final PacingCounter pacing;

    private final StatusSet expect;
    private final Link[] links;
    private final DirtyLinks dirty;
    private final LongRing waiting;
    private final LongRing thinking;
    private final ScheduleCursor cursor;
    private final int maxOutstanding;
    /** Requests in flight plus waiting beyond which a due one is dropped: fixed, or moved by {@link Ceiling}. */
    private int ceiling;

    private final int minCeiling;
    private final boolean adaptive;
    private long windowStart;
    private long windowService;
    private long windowDue;
    private final long timeout;
    private final long maxWait;
    private final long think;
    private final long grace;
    /** Bytes of each of the client's requests; the loop sends them round robin. */
    private final int[] requestBytes;

    private int nextRequest;
    private long nextDue = -1;
    private long start;
    private long measuredStart;
    private long end = Long.MAX_VALUE;
    private int users;
    private int inflight;
    private int activeLinks;
    private int rr;
    private long nextTimeoutCheck;
    private boolean begun;
    private boolean stopping;
    private long stopDeadline;
    private boolean finished;
    private ScheduledFuture<?> tick;
    private int pendingConnects;
    private final CompletableFuture<Void> connected = new CompletableFuture<>();
    volatile long outstanding;
    /** The ceiling as of the last tick (open model), 0 for a closed plan. */
    volatile int ceilingNow;

    LoopDriver(
            Engine engine,
            EventLoop loop,
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
        this.cursor = cursor;
        int loops = plan.threads();
        int conns = share(plan.connections(), index, loops);
        this.users = plan.isOpen() ? 0 : share(plan.users(), index, loops);
        int pipeline =
                plan.pipeline() > 0 ? plan.pipeline() : plan.isOpen() ? 1 : Math.max(1, (users + conns - 1) / conns);
        this.links = new Link[conns];
        for (int i = 0; i < conns; i++) {
            links[i] = new Link(this, i, pipeline);
        }
        this.dirty = new DirtyLinks(links, clock);
        if (plan.isOpen()) {
            this.maxOutstanding = Math.max(1, (int) Math.min(1 << 20, ((long) plan.maxInflight() + loops - 1) / loops));
            this.waiting = new LongRing(maxOutstanding);
            this.thinking = null;
            this.minCeiling = (int) Math.min(maxOutstanding, Ceiling.HEADROOM * Math.max(1L, (long) conns * pipeline));
        } else {
            this.maxOutstanding = Integer.MAX_VALUE;
            this.waiting = new LongRing(Math.max(1, users));
            this.thinking = new LongRing(Math.max(1, users));
            this.minCeiling = 1;
        }
        this.ceiling = maxOutstanding;
        this.ceilingNow = plan.isOpen() ? ceiling : 0;
        this.adaptive = plan.adaptive();
        this.timeout = plan.timeoutNanos();
        this.maxWait = plan.maxWaitNanos();
        this.think = plan.thinkNanos();
        this.grace = plan.graceNanos();
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

    EventLoop loop() {
        return loop;
    }

    /** Opens every connection; completes when each has succeeded or failed once. */
    CompletableFuture<Void> connectAll() {
        loop.execute(() -> {
            pendingConnects = links.length;
            if (links.length == 0) {
                connected.complete(null);
            }
            for (Link l : links) {
                connect(l);
            }
        });
        return connected;
    }

    /** Starts pacing at {@code startNanos}; a closed run's users stop starting requests at {@code endNanos}. */
    void begin(long startNanos, long endNanos) {
        loop.execute(() -> {
            start = startNanos;
            measuredStart = startNanos + warmupNanos;
            windowStart = startNanos;
            rec.endWindowAt(measuredStart + engine.plan().measuredNanos());
            end = endNanos;
            begun = true;
            if (cursor != null) {
                nextDue = cursor.next();
            } else {
                for (int i = 0; i < users; i++) {
                    thinking.add(startNanos);
                }
            }
            long delay = Math.max(0, startNanos - clock.nanos());
            tick = loop.scheduleAtFixedRate(this, delay, engine.plan().tickNanos(), TimeUnit.NANOSECONDS);
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
            nextDue = -1;
            while (!waiting.isEmpty()) {
                rec(waiting.poll()).notSent(Outcome.DROPPED);
                retireIfClosed();
            }
            if (thinking != null) {
                users -= thinking.size();
                while (!thinking.isEmpty()) {
                    thinking.poll();
                }
            }
            if (!begun) {
                finish();
            }
        });
    }

    @Override
    public void run() {
        if (finished) {
            return;
        }
        long now = clock.nanos();
        if (cursor != null) {
            long rel = now - start;
            while (nextDue >= 0 && nextDue <= rel) {
                offer(start + nextDue, now);
                nextDue = cursor.next();
                windowDue++;
            }
            // the ceiling stops moving with the schedule's end: the summary reports it as it was then
            if (adaptive && nextDue >= 0 && now - windowStart >= Ceiling.PERIOD) {
                ceiling = Ceiling.next(windowService, now - windowStart, windowDue, minCeiling, maxOutstanding);
                ceilingNow = ceiling;
                windowService = 0;
                windowDue = 0;
                windowStart = now;
            }
        } else {
            while (!thinking.isEmpty() && thinking.peek() <= now) {
                long due = thinking.poll();
                if (now >= end) {
                    users--;
                } else {
                    offer(due, now);
                }
            }
            if (now >= end) {
                while (!waiting.isEmpty()) {
                    drop(waiting.poll());
                    users--;
                }
            }
        }
        while (!waiting.isEmpty() && now - waiting.peek() > maxWait) {
            drop(waiting.poll());
            userDone(now);
        }
        if (now >= nextTimeoutCheck) {
            nextTimeoutCheck = now + TIMEOUT_CHECK;
            checkTimeouts(now);
        }
        dirty.flush();
        outstanding = inflight + waiting.size();
        if (inflight == 0
                && waiting.isEmpty()
                && (thinking == null || thinking.isEmpty())
                && (cursor != null ? nextDue < 0 : users == 0)) {
            finish();
        }
    }

    private void checkTimeouts(long now) {
        boolean abandon = stopping && now - stopDeadline > 0;
        for (Link l : links) {
            if (l.size > 0 && !l.timedOut && (abandon || now - l.oldestSent() > timeout)) {
                l.timedOut = true;
                deactivate(l);
                l.conn.close();
            }
        }
    }

    /** A request is due (or a user is ready) at {@code intended}: write it, queue it, or drop it. */
    private void offer(long intended, long now) {
        if (waiting.isEmpty()) {
            for (Link l = free(); l != null; l = free()) {
                if (send(l, intended, now)) {
                    return;
                }
            }
        }
        if (inflight + waiting.size() >= ceiling || waiting.size() == waiting.capacity()) {
            drop(intended);
            return;
        }
        waiting.add(intended);
    }

    private void drop(long intended) {
        rec(intended).notSent(activeLinks > 0 ? Outcome.DROPPED : Outcome.CONNECT_ERROR);
    }

    private Link free() {
        for (int k = 0; k < links.length; k++) {
            Link l = links[rr];
            rr = rr + 1 == links.length ? 0 : rr + 1;
            if (l.hasFree()) {
                return l;
            }
        }
        return null;
    }

    private boolean send(Link l, long intended, long now) {
        int r = nextRequest;
        if (!l.conn.write(r)) {
            deactivate(l);
            return false;
        }
        l.push(intended, now);
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
        while (!waiting.isEmpty() && l.hasFree()) {
            if (!send(l, waiting.peek(), now)) {
                return;
            }
            waiting.poll();
        }
    }

    /**
     * A connection delivered the last response of its read batch: the requests the batch made sendable, on any
     * connection of the loop, go out now, one flush per connection.
     */
    void readComplete() {
        dirty.flush();
    }

    private void deactivate(Link l) {
        if (l.active) {
            l.active = false;
            activeLinks--;
        }
    }

    void response(Link l, int status, long bytes) {
        long now = clock.nanos();
        long intended = l.oldestIntended();
        long sent = l.oldestSent();
        l.pop();
        inflight--;
        if (adaptive) {
            windowService += now - sent;
        }
        rec(intended).response(status, expect.contains(status), intended, sent, now, bytes);
        userDone(now);
        refill(l, now);
    }

    void failure(Link l, Outcome outcome) {
        long now = clock.nanos();
        deactivate(l);
        LoopRecorder r = rec(l.oldestIntended());
        l.pop();
        inflight--;
        r.outcome(l.timedOut ? Outcome.TIMEOUT : outcome);
        userDone(now);
        dirty.flush();
    }

    /** A closed-model user's request ended: it thinks, starts its next request, or retires. */
    private void userDone(long now) {
        if (cursor != null) {
            return;
        }
        if (stopping || now >= end) {
            users--;
        } else if (think > 0) {
            thinking.add(now + think);
        } else {
            offer(now, now);
        }
    }

    private void retireIfClosed() {
        if (cursor == null) {
            users--;
        }
    }

    void closed(Link l) {
        deactivate(l);
        dirty.flush();
        l.conn = null;
        if (finished) {
            return;
        }
        long delay = l.failures == 0 ? 0 : Math.min(BACKOFF_MAX, BACKOFF_MIN << Math.min(20, l.failures - 1));
        loop.schedule(l, delay, TimeUnit.NANOSECONDS);
    }

    void connect(Link l) {
        if (finished) {
            return;
        }
        l.connectStarted = clock.nanos();
        client.connect(loop, l).whenComplete((c, e) -> {
            if (loop.inEventLoop()) {
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
        }
    }

    private void connectOutcome(Link l, Connection c, Throwable e) {
        long now = clock.nanos();
        if (e != null) {
            l.failures++;
            engine.connectFailed(e);
            if (!finished) {
                long delay = Math.min(BACKOFF_MAX, BACKOFF_MIN << Math.min(20, l.failures - 1));
                loop.schedule(l, delay, TimeUnit.NANOSECONDS);
            }
            return;
        }
        if (finished) {
            c.close();
            return;
        }
        engine.connected(now - l.connectStarted);
        l.conn = c;
        l.active = true;
        activeLinks++;
        l.timedOut = false;
        l.failures = 0;
        refill(l, now);
        dirty.flush();
    }

    private void finish() {
        finished = true;
        outstanding = 0;
        if (tick != null) {
            tick.cancel(false);
        }
        for (Link l : links) {
            if (l.conn != null) {
                deactivate(l);
                l.conn.close();
            }
        }
        engine.loopFinished(clock.nanos());
    }

    /** Whether every request this loop took on has ended (for tests). */
    boolean isFinished() {
        return finished;
    }
}
