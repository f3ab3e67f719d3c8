package dev.zapline.client.rpc;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.unix.DomainSocketAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One native ZAP RPC connection (docs/rpc.md): the NodeID handshake on connect, then calls written as correlated
 * request frames and their answers handed to a listener on the event loop, matched by request id. Up to
 * {@link #MAX_IN_FLIGHT} calls may be outstanding; each gets the next request id, also used as its promise id.
 *
 * {@snippet class=dev.zapline.client.snippets.RpcClientSnippets region=call}
 *
 * <p>Thread-safe. A call made on the connection's event loop (from a listener, say) allocates nothing once warm;
 * from another thread Netty queues the write, which allocates its task.
 */
public final class RpcClient implements AutoCloseable {

    /** Calls outstanding at once on one connection. */
    public static final int MAX_IN_FLIGHT = 4096;

    private volatile Channel channel;
    private final AtomicInteger nextId = new AtomicInteger();
    private final AtomicReferenceArray<RpcResponseListener> pending = new AtomicReferenceArray<>(MAX_IN_FLIGHT);
    private final AtomicIntegerArray ids = new AtomicIntegerArray(MAX_IN_FLIGHT);
    private volatile String peerId;
    private volatile String closeReason;

    private RpcClient() {}

    /** A client over {@code channel}, its handler added last (tests drive it in an {@code EmbeddedChannel}). */
    static RpcClient attach(Channel channel) {
        RpcClient client = new RpcClient();
        channel.pipeline().addLast(new RpcClientHandler(client));
        client.channel = channel;
        return client;
    }

    /**
     * Connects, sends the handshake announcing {@code nodeId} and waits for the server's.
     *
     * @throws IllegalStateException when the connection or the handshake fails or takes longer than {@code timeout}
     */
    public static RpcClient connect(ZapLoops loops, ZapAddress address, String nodeId, Duration timeout) {
        RpcClient client = new RpcClient();
        RpcClientHandler handler = new RpcClientHandler(client);
        Bootstrap b = new Bootstrap()
                .group(loops.group())
                .channel(loops.channelClass(address))
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.max(1, timeout.toMillis()))
                .handler(handler);
        if (!address.isUnix()) {
            b.option(ChannelOption.TCP_NODELAY, true);
        }
        SocketAddress remote = address.isUnix()
                ? new DomainSocketAddress(address.path())
                : new InetSocketAddress(address.host(), address.port());
        try {
            ChannelFuture connected = b.connect(remote).await();
            if (!connected.isSuccess()) {
                throw new IllegalStateException(
                        "cannot connect to " + address + ": "
                                + connected.cause().getMessage(),
                        connected.cause());
            }
            client.channel = connected.channel();
            ByteBuf hello = client.channel.alloc().buffer(Rpc.LENGTH_PREFIX + RpcHandshake.MESSAGE);
            RpcHandshake.write(hello, nodeId.getBytes(StandardCharsets.UTF_8));
            client.channel.writeAndFlush(hello);
            if (!handler.handshake().await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                client.close();
                throw new IllegalStateException("no RPC handshake from " + address + " within " + timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.close();
            throw new IllegalStateException("interrupted connecting to " + address, e);
        }
        if (!handler.handshake().isSuccess()) {
            client.close();
            throw new IllegalStateException("RPC handshake with " + address + " failed: "
                    + handler.handshake().cause().getMessage());
        }
        return client;
    }

    /**
     * Calls {@code method} with {@code payload} (read from its reader index, not consumed or released; may be
     * null for empty); {@code target} 0 calls the root, another value pipelines off that promise. Returns the
     * request id the listener will be given.
     *
     * @throws IllegalStateException when {@link #MAX_IN_FLIGHT} calls are outstanding or the connection is closed
     */
    public int call(long method, int target, ByteBuf payload, RpcResponseListener listener) {
        int reqId = nextId.incrementAndGet();
        if (!pending.compareAndSet(slot(reqId), null, listener)) {
            throw new IllegalStateException("call " + reqId + ": " + MAX_IN_FLIGHT + " calls already outstanding");
        }
        ids.set(slot(reqId), reqId);
        if (!channel.isActive()) {
            pending.set(slot(reqId), null);
            throw new IllegalStateException("call " + reqId + ": the connection is closed");
        }
        ByteBuf frame = channel.alloc().buffer(64 + (payload == null ? 0 : payload.readableBytes()));
        RpcFrames.writeRequest(frame, reqId, method, reqId, target, null, payload);
        channel.writeAndFlush(frame, channel.voidPromise());
        return reqId;
    }

    /** The event loop this connection runs on: calls made there allocate nothing once warm. */
    public EventLoop eventLoop() {
        return channel.eventLoop();
    }

    /** The node id the server announced. */
    public String peerId() {
        return peerId;
    }

    void peerId(String id) {
        this.peerId = id;
    }

    /**
     * Why the connection closed, once it has: what was wrong with the server's bytes (a bad frame, a response to
     * no outstanding call), {@code closed by the server}, or {@code closed by the client}; null while open. A
     * listener told {@link RpcResponseListener#onClosed} finds the reason here.
     */
    public String closeReason() {
        return closeReason;
    }

    /** Records why the connection is closing; the first reason stays. */
    void closing(String why) {
        if (closeReason == null) {
            closeReason = why;
        }
    }

    /**
     * The listener of {@code reqId}, removed; null when no such call is outstanding (its slot empty, or held by a
     * call {@link #MAX_IN_FLIGHT} ids away).
     */
    RpcResponseListener take(int reqId) {
        int slot = slot(reqId);
        if (ids.get(slot) != reqId || pending.get(slot) == null) {
            return null;
        }
        return pending.getAndSet(slot, null);
    }

    /** Tells every outstanding call's listener that it will not be answered. */
    void failAll() {
        for (int i = 0; i < MAX_IN_FLIGHT; i++) {
            RpcResponseListener l = pending.getAndSet(i, null);
            if (l != null) {
                l.onClosed(ids.get(i));
            }
        }
    }

    private static int slot(int reqId) {
        return reqId & (MAX_IN_FLIGHT - 1);
    }

    public boolean isOpen() {
        return channel.isActive();
    }

    /** Closes the connection; outstanding calls get {@link RpcResponseListener#onClosed}. */
    @Override
    public void close() {
        Channel c = channel;
        if (c != null) {
            closing("closed by the client");
            c.close().awaitUninterruptibly();
        }
    }
}
