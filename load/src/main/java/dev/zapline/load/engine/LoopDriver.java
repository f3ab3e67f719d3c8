package dev.zapline.load.engine;

import dev.zapline.load.journey.StepRunner;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.schedule.ScheduleCursor;
import java.util.concurrent.CompletableFuture;

/**
 * One event loop's share of a run: it starts, paces, stops and finishes the loop's part, and hands each event of a
 * connection to the role it concerns: the {@link Pacer} (which requests are due, and whether each is sent, queued or
 * dropped, through the {@link Admission}), the {@link Pool} (the connections: opening, reopening, retiring, writes)
 * and the {@link Ledger} (what each request counts for). Everything here runs on the loop ({@link DriverLoop}), so
 * nothing is synchronised, and nothing is allocated per request.
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

    private final Engine engine;
    private final DriverLoop loop;
    private final NanoClock clock;
    private final long warmupNanos;
    private final long measuredNanos;
    private final Ledger ledger;
    private final Pool pool;
    private final Pacer pacer;
    private final Timeouts timeouts;
    /** A journey run's iterations on this loop, or null. */
    private final Journeys journeys;

    /** Inside one read from a socket ({@link #readStarted}), until its batch completes. */
    private boolean reading;
    /** The clock's reading for the responses of the current read, once its first response ended. */
    private long readNanos;
    /** Whether {@link #readNanos} was taken in the current read. */
    private boolean readStamped;

    private boolean begun;
    private boolean stopping;
    private boolean finished;
    /** Requests in flight or waiting for a connection, as of the last turn; read from any thread. */
    volatile long outstanding;
    /** The ceiling as of the last wake-up (open model), 0 for a closed plan; read from any thread. */
    volatile int ceilingNow;

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
        this.clock = clock;
        this.warmupNanos = plan.warmupNanos();
        this.measuredNanos = plan.measuredNanos();
        int loops = plan.threads();
        int conns = share(plan.connections(), index, loops);
        int users = plan.isOpen() ? 0 : share(plan.users(), index, loops);
        int pipeline =
                plan.pipeline() > 0 ? plan.pipeline() : plan.isOpen() ? 1 : Math.max(1, (users + conns - 1) / conns);
        Link[] links = new Link[conns];
        for (int i = 0; i < conns; i++) {
            links[i] = new Link(this, i, pipeline, client.outOfOrder());
        }
        Slots slots = new Slots(links, plan.seed() * 31 + index);
        this.ledger = new Ledger(plan, client, engine.journeyLayout());
        this.pool = new Pool(engine, loop, client, clock, slots, plan.reconnectEvery());
        this.pacer = new Pacer(plan, cursor, users, (long) conns * pipeline, pool, ledger);
        this.journeys = client.journeys() == null
                ? null
                : new Journeys(
                        client.journeys(),
                        new StepRunner(client.journeys()),
                        engine.dataRows(),
                        plan.seed() * 31 + index);
        if (journeys != null) {
            pacer.journeys(
                    journeys,
                    plan.maxWaitNanos(),
                    engine.journeyLayout().checks().size());
        }
        this.timeouts = new Timeouts(slots, clock, plan);
        this.ceilingNow = pacer.ceiling();
    }

    private static int share(int total, int index, int parts) {
        return total / parts + (index < total % parts ? 1 : 0);
    }

    /** What the loop's requests count for: its recorders and pacing counter. */
    Ledger ledger() {
        return ledger;
    }

    /** Unique data rows ran out on this loop (read from any thread once it finished). */
    volatile boolean rowsOut;

    boolean rowsOut() {
        return rowsOut;
    }

    /** The loop's journeys, or null for a run of fixed requests: its connections write their requests. */
    Journeys journeys() {
        return journeys;
    }

    /** Connections open, as of the last one opened or closed; any thread. */
    int openConnections() {
        return pool.openNow();
    }

    /**
     * Opens every connection, {@link Slots#CONNECT_WINDOW} at a time; completes when each has succeeded or failed
     * once.
     */
    CompletableFuture<Void> connectAll() {
        return pool.connectAll();
    }

    /** Starts pacing at {@code startNanos}; a closed run's users stop starting requests at {@code endNanos}. */
    void begin(long startNanos, long endNanos) {
        loop.execute(() -> {
            ledger.measure(startNanos + warmupNanos, measuredNanos);
            pacer.begin(startNanos, endNanos);
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
            timeouts.stopped(now);
            ledger.stopped(now);
            pacer.stop(now);
            if (!begun) {
                finish();
            } else {
                settle(now);
            }
        });
    }

    /** The steered schedule changed: the next due time is read again and the timer armed for it. */
    void rescheduled() {
        loop.execute(() -> {
            if (finished || !begun || stopping) {
                return;
            }
            pacer.rescheduled();
            wake();
        });
    }

    /** The timer: whatever is due now. */
    void wake() {
        if (finished) {
            return;
        }
        long now = clock.nanos();
        pacer.adapt(now);
        ceilingNow = pacer.ceiling();
        pacer.dispatch(now);
        pacer.expire(now);
        timeouts.check(now, ledger.inflight());
        settle(now);
    }

    /** Flushes what this turn wrote, publishes the counts, then finishes or arms the timer for the next due time. */
    private void settle(long now) {
        pool.flush();
        if (!begun) {
            return;
        }
        outstanding = pacer.outstanding();
        if (pacer.done()) {
            finish();
            return;
        }
        rearm();
    }

    private void rearm() {
        if (finished || !begun) {
            return;
        }
        long at = timeouts.earliest(pacer.nextWake(), ledger.inflight());
        if (at == Admission.NONE) {
            loop.disarm();
        } else {
            loop.wakeAt(at);
        }
    }

    /**
     * A connection delivered the last response of its read batch: the requests the batch made sendable, on any
     * connection of the loop, go out now, one flush per connection.
     */
    void readComplete() {
        reading = false;
        if (!finished) {
            settle(clock.nanos());
        }
    }

    /**
     * The request in {@code slot} of {@code l} got its response: its latency is its own, from its own intended and
     * send times (out of order: whatever the requests written before it are still doing). What it made sendable
     * goes out at the end of the read batch ({@link #readComplete}).
     */
    void answered(Link l, int slot, int status, long bytes) {
        long now = responseNanos();
        InFlightRing ring = l.ring;
        long intended = ring.intended(slot);
        long sent = ring.sent(slot);
        int tag = ring.tag(slot);
        ring.release(slot);
        pacer.served(sent, now);
        if (journeys == null) {
            ledger.answered(intended, sent, now, status, bytes);
            pacer.ended(now);
        } else {
            pacer.steps().answered(tag, l.connection(), intended, sent, now, status, bytes);
        }
        takeWaitingOrRetire(l, now);
    }

    /**
     * A connection is about to deliver what one read from its socket brought: the responses it completes all
     * arrived before now, and share one reading of the clock, taken when the first of them ends (at 16 pipelined
     * responses a read, one reading instead of 16).
     */
    void readStarted() {
        reading = true;
        readStamped = false;
    }

    /** When the response ending now arrived: the read's shared reading inside a read, the clock's outside one. */
    private long responseNanos() {
        if (!reading) {
            return clock.nanos();
        }
        if (!readStamped) {
            readNanos = clock.nanos();
            readStamped = true;
        }
        return readNanos;
    }

    /** The oldest request of FIFO link {@code l} ended without a response: its connection is going. */
    void oldestFailed(Link l, Outcome outcome) {
        pool.deactivate(l);
        failed(l, l.ring.oldest(), outcome, false);
    }

    /**
     * The request in {@code slot} of an out-of-order link ended without a response. Unlike a FIFO connection's
     * failure this leaves the connection in use: an HTTP/2 stream can be refused or reset alone; when the whole
     * connection goes, it closes and {@link #connectionClosed} follows.
     */
    void failed(Link l, int slot, Outcome outcome) {
        failed(l, slot, outcome, true);
    }

    /** The request in {@code slot} of {@code l} failed; {@code linkInUse}: the link goes on taking requests. */
    private void failed(Link l, int slot, Outcome outcome, boolean linkInUse) {
        long now = clock.nanos();
        long intended = l.ring.intended(slot);
        int tag = l.ring.tag(slot);
        l.ring.release(slot);
        if (journeys == null) {
            ledger.failed(intended, l.endedAs(outcome));
            pacer.ended(now);
        } else {
            pacer.steps().failed(tag, l.endedAs(outcome), now);
        }
        if (finished) {
            return;
        }
        if (linkInUse) {
            takeWaitingOrRetire(l, now);
        }
        settle(now);
    }

    /**
     * A request of {@code l} ended: the link takes waiting requests, or, retiring, is closed once its last has
     * ended and {@link #connectionClosed} opens a new one.
     */
    private void takeWaitingOrRetire(Link l, long now) {
        if (!l.retiring()) {
            pacer.refill(l, now);
        } else if (l.inFlight() == 0 && l.connection() != null) {
            pool.retire(l, pacer.exhausted());
        }
    }

    /** The server changed {@code l}'s stream limit: a higher one makes room for waiting requests. */
    void streamLimit(Link l, int streams) {
        if (l.connection() == null) {
            return;
        }
        l.limitStreams(streams);
        if (!l.retiring()) {
            pacer.refill(l, clock.nanos());
        }
    }

    /** {@code l}'s connection opened at {@code now}: it takes waiting requests. */
    void opened(Link l, long now) {
        pacer.refill(l, now);
        settle(now);
    }

    void connectionClosed(Link l) {
        pool.closed(l);
    }

    /** Opens {@code l} now, or when the connect window has room. */
    void open(Link l) {
        pool.open(l);
    }

    private void finish() {
        finished = true;
        rowsOut = journeys != null && pacer.steps().rowsOut();
        outstanding = 0;
        loop.cancel();
        pool.shut();
        engine.loopFinished(clock.nanos());
    }
}
