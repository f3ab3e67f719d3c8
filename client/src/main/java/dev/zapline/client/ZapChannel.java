package dev.zapline.client;

import dev.zapline.transport.ClientTls;
import dev.zapline.transport.TlsInfo;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;

/**
 * One ZAP connection, the allocation-free layer under {@link ZapClient}: write pre-encoded request frames tagged
 * with a caller's {@code long}, flush once per batch, and receive the responses in order through a
 * {@link ZapListener} on the connection's event loop.
 *
 * {@snippet class=dev.zapline.client.snippets.ClientSnippets region=channel}
 *
 * <p>{@link #write} and {@link #flush} must be called on {@link #eventLoop()} (a listener callback is a good
 * place); they allocate nothing once the outbound buffer pool and the tag ring have warmed up. Frames are copied
 * into a pooled outbound buffer, so one {@link ZapFrame} may be written any number of times. {@link #close()},
 * {@link #isActive()} and {@link #inFlight()} may be called from any thread.
 */
public final class ZapChannel {

    /** First size of a batch's outbound buffer: room for a few dozen small pipelined requests. */
    private static final VarHandle IN_FLIGHT;

    static {
        try {
            IN_FLIGHT = MethodHandles.lookup().findVarHandle(ZapChannel.class, "inFlight", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EventLoop loop;
    private final ZapAddress address;
    final TagRing tags = new TagRing(64);
    final ResponseReader reader;
    Channel channel;
    volatile boolean closed;
    /** Read from any thread; written by the loop with release stores (no fence per request). */
    private volatile int inFlight;

    int lastFrameLength;
    private final Outbound out = new Outbound();
    /** What the TLS handshake negotiated and how long it took; null for plaintext. Set before the connect completes. */
    private TlsDial.Established tls;

    private ZapChannel(EventLoop loop, ZapAddress address, ZapListener listener, int maxFrame, boolean tls) {
        this.loop = loop;
        this.address = address;
        this.reader = new ResponseReader(this, listener, maxFrame, tls);
    }

    /**
     * Connects to {@code address} on {@code loop} (one of {@code loops}). The future completes on the event loop
     * with the channel, or exceptionally with a {@link ZapException} of outcome {@link ZapOutcome#CONNECT_FAILED}
     * (the listener hears nothing of a connection that never opened). With {@link ZapClientConfig#tls()} the
     * {@code SslHandler} goes first in the pipeline and the future completes when the handshake is done; a failed
     * handshake fails it with a {@link TlsHandshakeException} naming the reason.
     *
     * @throws IllegalArgumentException for a unix socket address without epoll, or with TLS
     */
    public static CompletableFuture<ZapChannel> connect(
            ZapLoops loops, EventLoop loop, ZapAddress address, ZapClientConfig config, ZapListener listener) {
        ClientTls tls = config.tls();
        if (tls != null && address.isUnix()) {
            throw new IllegalArgumentException("address " + address + ": TLS needs a TCP address, not a unix socket");
        }
        ZapChannel zc = new ZapChannel(loop, address, listener, config.maxFrame(), tls != null);
        Bootstrap b = new Bootstrap()
                .group(loop)
                .channel(loops.channelClass(address))
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()))
                .handler(tls == null ? zc.reader : TlsDial.handlers(tls, address.host(), address.port(), zc.reader));
        if (!address.isUnix()) {
            b.option(ChannelOption.TCP_NODELAY, true);
        }
        CompletableFuture<ZapChannel> result = new CompletableFuture<>();
        ChannelFuture f = b.connect(address.socketAddress());
        f.addListener(done -> {
            if (done.isSuccess() && tls != null) {
                TlsDial.handshake(f.channel(), config.nanoClock()).whenComplete((est, error) -> {
                    if (error == null) {
                        zc.tls = est;
                        zc.reader.opened();
                        result.complete(zc);
                    } else {
                        zc.closed = true;
                        result.completeExceptionally(error);
                    }
                });
            } else if (done.isSuccess()) {
                result.complete(zc);
            } else {
                zc.closed = true;
                Throwable c = done.cause();
                result.completeExceptionally(new ZapException(
                        ZapOutcome.CONNECT_FAILED,
                        "cannot connect to " + address + ": " + (c == null ? "cancelled" : c.getMessage()),
                        c));
            }
        });
        return result;
    }

    /**
     * Appends {@code frame} to the outbound buffer and remembers {@code tag} for its response. Nothing is sent
     * until {@link #flush()}.
     *
     * @return false, sending nothing, when the connection is closed
     * @throws IllegalStateException when called off the channel's event loop
     */
    public boolean write(ZapFrame frame, long tag) {
        checkLoop();
        if (closed) {
            return false;
        }
        frame.appendTo(out, channel.alloc());
        tags.add(tag);
        IN_FLIGHT.setRelease(this, tags.size());
        return true;
    }

    /** Sends what {@link #write} appended since the last flush. @throws IllegalStateException off the loop */
    public void flush() {
        checkLoop();
        out.flush(channel, closed);
    }

    /** Writes one frame and flushes. */
    public boolean writeAndFlush(ZapFrame frame, long tag) {
        boolean ok = write(frame, tag);
        flush();
        return ok;
    }

    /**
     * Closes the connection: requests in flight get {@link ZapListener#onFailure} with
     * {@link ZapOutcome#CLIENT_CLOSED}, then the listener's {@code onClosed}. Safe from any thread, and twice.
     */
    public void close() {
        if (loop.inEventLoop()) {
            reader.fail(ZapOutcome.CLIENT_CLOSED, "closed by the client");
        } else {
            loop.execute(this::close);
        }
    }

    /** Whether the connection is open and not closing. */
    public boolean isActive() {
        return !closed && channel != null && channel.isActive();
    }

    /** Whether the socket accepts more bytes without queueing beyond its high-water mark. */
    public boolean isWritable() {
        return !closed && channel != null && channel.isWritable();
    }

    /** Requests written (flushed or not) whose response has not ended. */
    public int inFlight() {
        return inFlight;
    }

    /**
     * Length in bytes, prefix included, of the frame being delivered to the listener (valid during the call; on
     * the loop).
     */
    public int lastFrameLength() {
        return lastFrameLength;
    }

    public EventLoop eventLoop() {
        return loop;
    }

    /** What the TLS handshake negotiated, or null for a plaintext connection. */
    public TlsInfo tls() {
        return tls == null ? null : tls.info();
    }

    /** How long the TLS handshake took, from the TCP connection (by the config's clock), or 0 for plaintext. */
    public long handshakeNanos() {
        return tls == null ? 0 : tls.nanos();
    }

    public ZapAddress address() {
        return address;
    }

    /** The oldest tag in flight, removed when its response ends (the reader's side). */
    long pollTag() {
        long t = tags.poll();
        IN_FLIGHT.setRelease(this, tags.size());
        return t;
    }

    /** Why the connection closed, for messages; null while it is open. */
    String closeDetail() {
        return reader.detail();
    }

    void releaseOut() {
        out.release();
    }

    private void checkLoop() {
        if (!loop.inEventLoop()) {
            throw new IllegalStateException("ZapChannel to " + address + " used from thread "
                    + Thread.currentThread().getName() + ", not its event loop");
        }
    }

    @Override
    public String toString() {
        return "ZapChannel[" + address + (closed ? ", closed" : "") + ", " + inFlight + " in flight]";
    }
}
