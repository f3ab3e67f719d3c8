package dev.zapline.client;

import io.netty.util.concurrent.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A ZAP client: a pool of pipelined connections over one or several addresses (TCP {@code host:port}, unix
 * {@code /path} or {@code unix:path}), requests balanced round-robin over the connections that are up.
 *
 * {@snippet class=dev.zapline.client.snippets.ClientSnippets region=client}
 *
 * <p>Each request has a timeout (its future then fails with {@link ZapTimeoutException}; a response arriving
 * later is dropped and counted in {@link #stats()}). Other failures complete the future with a
 * {@link ZapException} whose {@link ZapException#outcome() outcome} says why. A connection that goes is reopened
 * with exponential backoff and jitter; while it is down the pool sends on the others, and fails requests at once
 * when none is up. Streamed responses (head, data, end frames) are aggregated by {@link #send} or delivered as
 * they arrive by {@link #stream}.
 *
 * <p>Thread-safe: send from any thread. Futures and stream listeners complete on the connections' event loops,
 * so do not block in them. This layer allocates per request; the load generator uses {@link ZapChannel}.
 */
public final class ZapClient implements AutoCloseable {

    private final ZapClientConfig config;
    private final ZapLoops loops;
    private final PooledConnection[] pool;
    private final Counters counters = new Counters();
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    private ZapClient(ZapClientConfig config, List<ZapAddress> addresses) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no address to connect to");
        }
        if (config.connections() < addresses.size()) {
            throw new IllegalArgumentException(config.connections() + " connection(s) cannot cover " + addresses.size()
                    + " addresses " + addresses);
        }
        this.config = config;
        this.loops = ZapLoops.create(config.eventLoops(), config.nativeTransport());
        this.pool = new PooledConnection[config.connections()];
        try {
            for (ZapAddress a : addresses) {
                loops.channelClass(a);
            }
        } catch (IllegalArgumentException e) {
            loops.close();
            throw e;
        }
        for (int i = 0; i < pool.length; i++) {
            pool[i] = new PooledConnection(loops, loops.next(), addresses.get(i % addresses.size()), config, counters);
        }
        for (PooledConnection c : pool) {
            c.start();
        }
    }

    /** A client with default settings; connections open in the background (requests wait for them). */
    public static ZapClient connect(String... addresses) {
        return connect(ZapClientConfig.defaults().with(c -> c.connections = Math.max(1, addresses.length)), addresses);
    }

    public static ZapClient connect(ZapClientConfig config, String... addresses) {
        List<ZapAddress> list = new ArrayList<>(addresses.length);
        for (String a : addresses) {
            list.add(ZapAddress.parse(a));
        }
        return new ZapClient(config, list);
    }

    public static ZapClient connect(ZapClientConfig config, List<ZapAddress> addresses) {
        return new ZapClient(config, List.copyOf(addresses));
    }

    /** Sends with the configured request timeout. */
    public CompletableFuture<ZapResponse> send(ZapRequest request) {
        return send(request, config.requestTimeout());
    }

    /** Sends; the future gets the whole response (a streamed one aggregated) or a {@link ZapException}. */
    public CompletableFuture<ZapResponse> send(ZapRequest request, Duration timeout) {
        Aggregator a = new Aggregator();
        stream(request, timeout, a);
        return a.future;
    }

    /**
     * Sends and waits for the response.
     *
     * @throws ZapException (a {@link ZapTimeoutException} after {@code timeout}) when no response arrives
     * @throws InterruptedException when interrupted while waiting
     */
    public ZapResponse sendSync(ZapRequest request, Duration timeout) throws InterruptedException {
        CompletableFuture<ZapResponse> f = send(request, timeout);
        try {
            // The tick fails the future at its deadline; the margin only guards against a stopped clock.
            return f.get(
                    timeout.toNanos() + config.tick().toNanos() + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ZapException z) {
                throw z;
            }
            throw new IllegalStateException("unexpected failure of " + request, e.getCause());
        } catch (TimeoutException e) {
            throw new ZapTimeoutException("no response to " + request + " within " + timeout.toMillis() + " ms");
        }
    }

    /** Sends, delivering the response to {@code listener} as it arrives (see {@link StreamListener}). */
    public void stream(ZapRequest request, Duration timeout, StreamListener listener) {
        long now = config.nanoClock().getAsLong();
        Exchange x = new Exchange(request, listener, now + timeout.toNanos(), timeout.toNanos());
        if (closed.get()) {
            counters.failures.increment();
            x.error(new ZapException(ZapOutcome.CLIENT_CLOSED, "the client is closed"));
            return;
        }
        counters.pending.incrementAndGet();
        PooledConnection c = pick();
        c.loop.execute(() -> c.submit(x));
    }

    /** The next connection that is up, round-robin; else one that is connecting; else the next one. */
    private PooledConnection pick() {
        int start = Math.floorMod(next.getAndIncrement(), pool.length);
        PooledConnection connecting = null;
        for (int i = 0; i < pool.length; i++) {
            PooledConnection c = pool[(start + i) % pool.length];
            int s = c.state;
            if (s == PooledConnection.UP) {
                return c;
            }
            if (s == PooledConnection.CONNECTING && connecting == null) {
                connecting = c;
            }
        }
        return connecting != null ? connecting : pool[start];
    }

    /** How many connections of the pool are up now. */
    public int connectionsUp() {
        int n = 0;
        for (PooledConnection c : pool) {
            if (c.state == PooledConnection.UP) {
                n++;
            }
        }
        return n;
    }

    public ZapClientStats stats() {
        return counters.snapshot();
    }

    /** Closes after up to five seconds for requests in flight. */
    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }

    /**
     * Stops taking requests, waits up to {@code grace} for those in flight, then fails what is left with
     * {@link ZapOutcome#CLIENT_CLOSED}, closes the connections and stops the event loops. Safe to call twice.
     */
    public void close(Duration grace) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        long deadline = System.nanoTime() + grace.toNanos();
        while (counters.pending.get() > 0 && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<Future<?>> closing = new ArrayList<>(pool.length);
        for (PooledConnection c : pool) {
            closing.add(c.loop.submit(c::shutdown));
        }
        for (Future<?> f : closing) {
            if (f.awaitUninterruptibly(5, TimeUnit.SECONDS) && f.getNow() instanceof Future<?> channelClosed) {
                channelClosed.awaitUninterruptibly(5, TimeUnit.SECONDS);
            }
        }
        loops.close();
    }
}
