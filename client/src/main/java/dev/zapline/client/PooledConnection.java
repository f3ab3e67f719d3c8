package dev.zapline.client;

import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapSlice;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.SucceededFuture;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One slot of a {@link ZapClient}'s pool: a {@link ZapChannel} to one address, reopened with backoff when it goes.
 * Requests sent while it connects wait for it; while it is down they fail at once (the pool prefers other slots).
 * A tick on its event loop times requests out and starts reconnect attempts, both by the configured clock. All
 * state but {@link #state} belongs to the event loop.
 */
final class PooledConnection implements ZapListener {

    static final int CONNECTING = 0;
    static final int UP = 1;
    static final int DOWN = 2;
    static final int CLOSED = 3;

    final EventLoop loop;
    final ZapAddress address;
    volatile int state = CONNECTING;
    private final ZapLoops loops;
    private final ZapClientConfig config;
    private final Counters counters;
    private final ArrayDeque<Exchange> inFlight = new ArrayDeque<>();
    private final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
    private final ZapSlice slice = new ZapSlice();
    private ZapChannel channel;
    private ScheduledFuture<?> ticker;
    private long nextTag;
    private int failures;
    private long retryAt;
    private ZapOutcome lastOutcome = ZapOutcome.CONNECT_FAILED;
    private String lastDetail = "";

    PooledConnection(ZapLoops loops, EventLoop loop, ZapAddress address, ZapClientConfig config, Counters counters) {
        this.loops = loops;
        this.loop = loop;
        this.address = address;
        this.config = config;
        this.counters = counters;
    }

    void start() {
        loop.execute(() -> {
            long t = config.tick().toNanos();
            ticker = loop.scheduleAtFixedRate(this::tick, t, t, TimeUnit.NANOSECONDS);
            connect();
        });
    }

    private void connect() {
        state = CONNECTING;
        ZapChannel.connect(loops, loop, address, config, this).whenComplete(this::connected);
    }

    private void connected(ZapChannel ch, Throwable error) {
        if (state == CLOSED) {
            if (ch != null) {
                ch.close();
            }
            return;
        }
        if (error != null) {
            counters.connectFailures.increment();
            down(ZapOutcome.CONNECT_FAILED, error instanceof ZapException z ? z.detail() : String.valueOf(error));
            return;
        }
        counters.connects.increment();
        channel = ch;
        state = UP;
        failures = 0;
        for (Exchange x = waiting.poll(); x != null; x = waiting.poll()) {
            write(x);
        }
        channel.flush();
    }

    private void down(ZapOutcome outcome, String detail) {
        channel = null;
        state = DOWN;
        failures++;
        lastOutcome = outcome;
        lastDetail = detail;
        retryAt = config.nanoClock().getAsLong()
                + Backoff.delayNanos(
                        failures,
                        config.backoffMin().toNanos(),
                        config.backoffMax().toNanos(),
                        config.jitter(),
                        config.random().getAsDouble());
        for (Exchange x = waiting.poll(); x != null; x = waiting.poll()) {
            fail(x, outcome, detail);
        }
    }

    /** Sends {@code x}, queues it behind a connect in progress, or fails it. On the event loop. */
    void submit(Exchange x) {
        switch (state) {
            case UP -> {
                write(x);
                channel.flush();
            }
            case CONNECTING -> waiting.add(x);
            case DOWN -> fail(x, lastOutcome, "connection to " + address + " is down (" + lastDetail + ")");
            default -> fail(x, ZapOutcome.CLIENT_CLOSED, "the client is closed");
        }
    }

    private void write(Exchange x) {
        x.tag = nextTag++;
        if (channel.write(x.request.encode(), x.tag)) {
            inFlight.add(x);
            counters.sent.increment();
        } else {
            fail(x, ZapOutcome.CLOSED, "connection to " + address + " closed");
        }
    }

    private void fail(Exchange x, ZapOutcome outcome, String detail) {
        if (!x.done) {
            counters.failures.increment();
            counters.pending.decrementAndGet();
            x.error(new ZapException(outcome, detail));
        }
    }

    private void finish(Exchange x, List<ZapHeader> trailers) {
        counters.responses.increment();
        counters.pending.decrementAndGet();
        x.end(trailers);
    }

    private Exchange take(long tag) {
        Exchange x = inFlight.poll();
        check(x, tag);
        return x;
    }

    private Exchange peek(long tag) {
        Exchange x = inFlight.peek();
        check(x, tag);
        return x;
    }

    private void check(Exchange x, long tag) {
        if (x == null || x.tag != tag) {
            throw new IllegalStateException("response for tag " + tag + " but the oldest request in flight is "
                    + (x == null ? "none" : "tag " + x.tag));
        }
    }

    /** A response for a request already ended: counted as late when it had timed out. */
    private boolean dropped(Exchange x) {
        if (x.done && x.timedOut) {
            counters.late.increment();
        }
        return x.done;
    }

    @Override
    public void onResponse(long tag, ZapHttpResponse response) {
        Exchange x = take(tag);
        if (dropped(x)) {
            return;
        }
        ZapResponse r = copy(x, response);
        if (r != null) {
            x.head(r);
            finish(x, r.trailers());
        }
    }

    @Override
    public void onStreamHead(long tag, ZapHttpResponse head) {
        Exchange x = peek(tag);
        if (!x.done) {
            ZapResponse r = copy(x, head);
            if (r != null) {
                x.head(r);
            }
        }
    }

    /** A copy of {@code r} for {@code x}; null, {@code x} failed, when its header block is malformed. */
    private ZapResponse copy(Exchange x, ZapHttpResponse r) {
        try {
            return ZapResponse.copyOf(r);
        } catch (ZapFormatException e) {
            fail(x, ZapOutcome.PROTOCOL_ERROR, e.getMessage());
            return null;
        }
    }

    @Override
    public void onStreamData(long tag, ZapHttpChunk chunk) {
        Exchange x = peek(tag);
        if (!x.done) {
            x.data(chunk.data(slice).toByteArray());
        }
    }

    @Override
    public void onStreamEnd(long tag, ZapHttpChunk end) {
        Exchange x = take(tag);
        if (dropped(x)) {
            return;
        }
        try {
            finish(x, ZapResponse.pairs(end.data(slice)));
        } catch (ZapFormatException e) {
            fail(x, ZapOutcome.PROTOCOL_ERROR, e.getMessage());
        }
    }

    @Override
    public void onFailure(long tag, ZapOutcome outcome) {
        fail(
                take(tag),
                outcome,
                "connection to " + address + " closed with the request in flight ("
                        + (channel == null ? outcome : channel.closeDetail()) + ")");
    }

    @Override
    public void onClosed(ZapOutcome reason, String detail) {
        if (state != CLOSED) {
            counters.disconnects.increment();
            down(reason, detail);
        }
    }

    private void tick() {
        long now = config.nanoClock().getAsLong();
        for (Exchange x : inFlight) {
            expire(x, now);
        }
        for (Iterator<Exchange> it = waiting.iterator(); it.hasNext(); ) {
            Exchange x = it.next();
            if (expire(x, now)) {
                it.remove();
            }
        }
        if (state == DOWN && now - retryAt >= 0) {
            connect();
        }
    }

    private boolean expire(Exchange x, long now) {
        if (x.done || now - x.deadline < 0) {
            return false;
        }
        x.timedOut = true;
        counters.timeouts.increment();
        counters.pending.decrementAndGet();
        x.error(x.timeout());
        return true;
    }

    /** Stops the slot: waiting requests fail, the channel closes (failing what is in flight). On the loop. */
    Future<?> shutdown() {
        state = CLOSED;
        if (ticker != null) {
            ticker.cancel(false);
        }
        for (Exchange x = waiting.poll(); x != null; x = waiting.poll()) {
            fail(x, ZapOutcome.CLIENT_CLOSED, "the client is closed");
        }
        if (channel == null) {
            return new SucceededFuture<>(loop, null);
        }
        channel.close();
        return channel.channel.closeFuture();
    }
}
