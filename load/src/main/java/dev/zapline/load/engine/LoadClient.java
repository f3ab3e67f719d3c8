package dev.zapline.load.engine;

import dev.zapline.client.TlsDial;
import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * What the load clients share: the target (its address, how it is named and what it speaks), the size of each
 * request, and the plumbing of a connect (the TCP connect, then maybe the TLS handshake, each failing the connect
 * future with its reason). A protocol adds how its requests are encoded and which handler takes the channel.
 * Thread-safe once built.
 */
abstract class LoadClient implements Client {

    /** How long TCP has to connect. */
    private static final int CONNECT_TIMEOUT_MILLIS = 5000;

    protected final ZapLoops loops;
    protected final ZapAddress address;

    /** Per request: the bytes written for it ({@link #requestBytes}), filled in by the protocol's constructor. */
    protected final int[] bytes;

    private final String describe;
    private final String protocol;
    private final boolean outOfOrder;

    /**
     * A client of {@code requests} requests to {@code address}, named {@code describe}, speaking {@code protocol},
     * whose connections end requests in any order when {@code outOfOrder} ({@link Client#outOfOrder}).
     */
    LoadClient(ZapLoops loops, ZapAddress address, int requests, String describe, String protocol, boolean outOfOrder) {
        this.loops = loops;
        this.address = address;
        this.bytes = new int[requests];
        this.describe = describe;
        this.protocol = protocol;
        this.outOfOrder = outOfOrder;
    }

    @Override
    public CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents events) {
        CompletableFuture<Connection> ready = new CompletableFuture<>();
        open(loop, events, ready);
        return ready;
    }

    /** Starts a connection on {@code loop} for {@code events}; it completes {@code ready}, or fails it saying why. */
    abstract void open(EventLoop loop, ConnectionEvents events, CompletableFuture<Connection> ready);

    /**
     * Connects a channel on {@code loop} whose pipeline starts with {@code handler}; when TCP cannot connect,
     * {@code result} fails saying why.
     */
    final ChannelFuture dial(EventLoop loop, ChannelHandler handler, CompletableFuture<Connection> result) {
        ChannelFuture connect = new Bootstrap()
                .group(loop)
                .channel(loops.channelClass(address))
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MILLIS)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(handler)
                .connect(address.host(), address.port());
        connect.addListener(f -> {
            if (!f.isSuccess()) {
                Throwable e = f.cause();
                result.completeExceptionally(new IllegalStateException(
                        "cannot connect to " + address + ": " + (e == null ? "cancelled" : e.getMessage()), e));
            }
        });
        return connect;
    }

    /**
     * Once the TLS handshake on {@code ch} is done, hands it to {@code then}; when it fails, {@code result} fails
     * with its reason ({@link dev.zapline.client.TlsHandshakeException}).
     */
    static void afterHandshake(Channel ch, CompletableFuture<Connection> result, Consumer<TlsDial.Established> then) {
        TlsDial.handshake(ch, System::nanoTime).whenComplete((done, error) -> {
            if (error == null) {
                then.accept(done);
            } else {
                result.completeExceptionally(error);
            }
        });
    }

    @Override
    public boolean outOfOrder() {
        return outOfOrder;
    }

    @Override
    public String protocol() {
        return protocol;
    }

    @Override
    public int requests() {
        return bytes.length;
    }

    @Override
    public int requestBytes(int i) {
        return bytes[i];
    }

    @Override
    public String describe() {
        return describe;
    }
}
