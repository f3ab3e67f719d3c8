package dev.zapline.load.engine;

import java.util.concurrent.CompletableFuture;

/**
 * One loop's connections as a pool: opening them ({@link Slots#CONNECT_WINDOW} at a time), reopening one that
 * closed (at once, or after a backoff when its opening failed), retiring one that wrote its
 * {@code --reconnect-every} share, and writing requests on them, flushed once per loop turn ({@link DirtyLinks}).
 * {@link Slots} decides which link; the pool opens, writes and closes. Confined to the loop; allocates nothing per
 * request (an opening may).
 */
final class Pool {

    private final Engine engine;
    private final DriverLoop loop;
    private final Client client;
    private final NanoClock clock;
    private final Slots slots;
    private final DirtyLinks dirty;
    /** {@link LoadPlan#reconnectEvery}: 0 for keep-alive. */
    private final int reconnectEvery;

    private int pendingConnects;
    private final CompletableFuture<Void> connected = new CompletableFuture<>();
    /** The loop has finished: nothing opens any more. */
    private boolean finished;
    /** Connections open, as of the last one opened or closed. */
    private volatile int openNow;

    Pool(Engine engine, DriverLoop loop, Client client, NanoClock clock, Slots slots, int reconnectEvery) {
        this.engine = engine;
        this.loop = loop;
        this.dirty = new DirtyLinks(slots.links(), clock);
        this.client = client;
        this.clock = clock;
        this.slots = slots;
        this.reconnectEvery = reconnectEvery;
    }

    /** The next open connection with a free slot, round robin, or null. */
    Link free() {
        return slots.free();
    }

    /**
     * Writes the client's request {@code request}, intended at {@code intended}, on {@code l} at {@code now}; false
     * (and {@code l} takes no more requests) when its connection is closed. The link stops taking requests after
     * its last write before retiring.
     */
    boolean write(Link l, int request, long intended, long now) {
        return write(l, request, intended, now, false);
    }

    /** Like {@link #write(Link, int, long, long)}; {@code waited}: the request first waited for a free slot. */
    boolean write(Link l, int request, long intended, long now, boolean waited) {
        if (!l.connection().write(request)) {
            slots.deactivate(l);
            return false;
        }
        l.ring.push(intended, now, request, waited);
        if (l.countWrite()) {
            slots.deactivate(l);
        }
        dirty.mark(l);
        return true;
    }

    /** Sends what this turn wrote, one flush per connection. */
    void flush() {
        dirty.flush();
    }

    /** {@code l}'s connection is going: it takes no more requests. */
    void deactivate(Link l) {
        slots.deactivate(l);
    }

    /** Open connections (on the loop). */
    int active() {
        return slots.active();
    }

    /**
     * {@code l}'s connection has written its {@code --reconnect-every} share and each of those requests has ended:
     * it is closed, and {@link #closed} opens a new one at once, unless nothing more will be due ({@code last}: a
     * handshake nobody uses would only inflate the counts).
     */
    void retire(Link l, boolean last) {
        l.retire(last);
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

    /** Opens {@code l} now, or when the connect window has room. */
    void open(Link l) {
        if (!finished && slots.open(l)) {
            connect(l);
        }
    }

    /** {@code l}'s connection is gone: it is opened again unless the loop finished or the link is spent. */
    void closed(Link l) {
        slots.deactivate(l);
        openNow = slots.active();
        dirty.flush();
        l.closed();
        if (finished || l.spent()) {
            return;
        }
        long delay = slots.reopenDelay(l);
        if (delay == 0) {
            open(l);
        } else {
            loop.schedule(l, delay);
        }
    }

    /** The loop finished: every connection closes and none opens any more. */
    void shut() {
        finished = true;
        slots.closeAll();
        openNow = 0;
    }

    /** Connections open, as of the last one opened or closed; any thread. */
    int openNow() {
        return openNow;
    }

    private void connect(Link l) {
        l.connecting(clock.nanos());
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
            l.connectFailed();
            engine.connects.failed(e);
            if (!finished) {
                loop.schedule(l, slots.reopenDelay(l));
            }
            return;
        }
        if (finished) {
            c.close();
            return;
        }
        engine.connects.connected(now - l.connectStarted(), c.handshake());
        slots.activate(l, c);
        int most = c.maxWrites();
        l.retireAfter(reconnectEvery == 0 ? most : most == 0 ? reconnectEvery : Math.min(most, reconnectEvery));
        openNow = slots.active();
        l.driver.opened(l, now);
    }
}
