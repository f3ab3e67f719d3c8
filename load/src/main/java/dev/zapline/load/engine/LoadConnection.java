package dev.zapline.load.engine;

import dev.zapline.client.Outbound;
import dev.zapline.load.metrics.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * What every load connection over a Netty channel shares, so that a protocol only encodes its requests and decodes
 * its responses: the channel and its outbound buffer, the connection's life (opening, closing, the reason it closed)
 * and the sweep of what was in flight when the channel went. Confined to the channel's event loop.
 *
 * <p>Opening. The connection counts as open ({@link #open}) once its protocol says so (a TLS handshake done, the
 * server's first SETTINGS or RPC handshake read): {@code ready}, its connect future, then completes, and
 * {@link ConnectionEvents#onClosed} is called when it goes. A protocol that waits for the server ({@link #awaitOpen})
 * fails the connect when nothing came within {@link #OPEN_WAIT_MILLIS}, or when the channel closes first.
 *
 * <p>Closing. {@link #fail} keeps the first reason and closes the channel; when the channel has gone, each request
 * still in flight fails with that reason ({@link Outcome#RESET} when there was none), then the engine hears
 * {@link ConnectionEvents#onClosed}.
 */
abstract class LoadConnection extends ChannelInboundHandlerAdapter implements Connection {

    /** How long a server has to say it speaks the protocol before the connect fails. */
    static final long OPEN_WAIT_MILLIS = 5000;

    /** Where responses go. */
    protected final ConnectionEvents events;

    /** The connect future: completes when the connection is open, exceptionally when it cannot be. */
    protected final CompletableFuture<Connection> ready;

    /** What the protocol appends to, sent by {@link #flush}. */
    protected final Outbound out = new Outbound();

    protected Channel channel;
    /** Set once the connection closes (by either side): it writes and reads no more. */
    protected boolean closed;

    private boolean opened;
    private Outcome reason;
    private Handshake handshake;
    private ScheduledFuture<?> openTimer;
    private String awaited;

    LoadConnection(ConnectionEvents events, CompletableFuture<Connection> ready, Handshake handshake) {
        this.events = events;
        this.ready = ready;
        this.handshake = handshake;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        channel = chc.channel();
    }

    /** The connection is open: the engine knows it. */
    protected final boolean opened() {
        return opened;
    }

    /** The connection is open, after the TLS handshake {@code h} (null: none, or already given): {@code ready}. */
    protected final void open(Handshake h) {
        opened = true;
        if (h != null) {
            handshake = h;
        }
        if (openTimer != null) {
            openTimer.cancel(false);
        }
        ready.complete(this);
    }

    /**
     * Waits {@link #OPEN_WAIT_MILLIS} for the server's {@code what} (e.g. {@code RPC handshake}): unless the
     * connection is open or closed by then, the connect fails.
     */
    protected final void awaitOpen(String what) {
        awaited = what;
        openTimer = channel.eventLoop().schedule(this::openOverdue, OPEN_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void openOverdue() {
        if (!opened && !closed) {
            refuse("no " + awaited + " from " + channel.remoteAddress() + " within " + OPEN_WAIT_MILLIS + " ms");
        }
    }

    /** The connection cannot open ({@code why}): the connect fails and the channel closes. */
    protected final void refuse(String why) {
        ready.completeExceptionally(new IllegalStateException(why));
        fail(Outcome.CONNECT_ERROR);
    }

    /**
     * The server sent what the client cannot accept ({@code why}): before the connection opened, the connect fails;
     * after, it closes, what was in flight failing as {@link Outcome#PROTOCOL_ERROR}.
     */
    protected final void broken(String why) {
        if (!opened) {
            refuse(why);
        } else {
            fail(Outcome.PROTOCOL_ERROR);
        }
    }

    /** Closes the channel; the first reason given is what the requests in flight fail with. */
    protected final void fail(Outcome why) {
        if (reason == null) {
            reason = why;
        }
        closed = true;
        channel.close();
    }

    /** Sends what was appended now, even before the connection is open. */
    protected final void send() {
        out.flush(channel, false);
    }

    @Override
    public final Handshake handshake() {
        return handshake;
    }

    @Override
    public void flush() {
        out.flush(channel, closed);
    }

    @Override
    public boolean isActive() {
        return !closed && channel.isActive();
    }

    @Override
    public final void close() {
        fail(Outcome.RESET);
    }

    @Override
    public final void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || closed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (opened) {
            events.onRead(); // as readComplete: the engine hears of a read only once it knows the connection
        }
        read(chc, in);
    }

    /** Decodes what arrived; {@code in}'s reference passes to the protocol. */
    protected abstract void read(ChannelHandlerContext chc, ByteBuf in);

    @Override
    public final void channelReadComplete(ChannelHandlerContext chc) {
        readComplete();
        chc.fireChannelReadComplete();
    }

    /** A read batch ended: the engine hears it once it knows the connection. */
    protected void readComplete() {
        if (opened) {
            events.onReadComplete();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        fail(Outcome.RESET);
    }

    @Override
    public final void channelInactive(ChannelHandlerContext chc) {
        closed = true;
        out.release();
        released();
        if (openTimer != null) {
            openTimer.cancel(false);
        }
        if (reason == null) {
            endOfInput();
            reason = Outcome.RESET;
        }
        failInFlight(reason);
        if (opened) {
            events.onClosed();
        } else {
            String why = closedBeforeOpen();
            if (why != null) {
                ready.completeExceptionally(new IllegalStateException(why));
            }
        }
        chc.fireChannelInactive();
    }

    /** The channel went: the protocol releases what it holds of its reads. */
    protected void released() {}

    /** The server closed the stream: a response that ends with it (HTTP/1.1 without a length) ends now. */
    protected void endOfInput() {}

    /** Fails every request still in flight with {@code why}, the engine hearing of each. */
    protected abstract void failInFlight(Outcome why);

    /**
     * Why the connect fails when the channel closes before the connection opened, or null when the client reports
     * that itself (a failed TLS handshake).
     */
    protected abstract String closedBeforeOpen();
}
