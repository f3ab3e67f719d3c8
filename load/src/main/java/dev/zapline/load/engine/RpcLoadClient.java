package dev.zapline.load.engine;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.wire.Zap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * {@code zaprpc://}: native ZAP RPC calls (docs/rpc.md) of one method with one payload, over TCP
 * ({@link RpcConnection}). The request frame is encoded once; each call copies it and patches its request and
 * promise ids. Each connection carries up to {@code depth} calls at once, answered in any order. Thread-safe.
 *
 * <p>Not supported: TLS, unix sockets, capabilities (the cap slot is empty), promise pipelining (target 0).
 */
public final class RpcLoadClient extends LoadClient {

    /** Where the promise id sits in a request frame: after the prefix, the correlated header and the ZAP header. */
    private static final int PROMISE_AT =
            Rpc.LENGTH_PREFIX + Rpc.CORRELATED_HEADER + Zap.HEADER_SIZE + Rpc.REQUEST_PROMISE;

    private final byte[] frame;
    private final byte[] nodeId;
    private final int depth;

    /**
     * Calls {@code method} (its ordinal) with {@code payload} (the params as a ZAP message, maybe empty) on
     * {@code host:port}, announcing {@code nodeId}, with at most {@code depth} calls in flight per connection;
     * {@code describe} names the target in messages.
     */
    public RpcLoadClient(
            ZapLoops loops,
            String host,
            int port,
            long method,
            byte[] payload,
            String nodeId,
            int depth,
            String describe) {
        super(loops, ZapAddress.tcp(host, port), 1, describe, "ZAP RPC", true);
        if (depth < 1) {
            throw new IllegalArgumentException("calls in flight " + depth + " must be at least 1");
        }
        if (method < 0 || method > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("method " + method + " is not a u32 ordinal");
        }
        byte[] id = nodeId.getBytes(StandardCharsets.UTF_8);
        if (id.length < 1 || id.length > RpcHandshake.MAX_ID) {
            throw new IllegalArgumentException("node id '" + nodeId + "' must be 1 to 60 UTF-8 bytes");
        }
        this.nodeId = id;
        this.depth = depth;
        ByteBuf buf = Unpooled.buffer();
        RpcFrames.writeRequest(
                buf, 0, method, 0, 0, null, payload.length == 0 ? null : Unpooled.wrappedBuffer(payload));
        if (buf.readableBytes() - Rpc.LENGTH_PREFIX > Rpc.MAX_FRAME) {
            throw new IllegalArgumentException(
                    "payload of " + payload.length + " bytes makes a frame longer than " + Rpc.MAX_FRAME);
        }
        this.frame = new byte[buf.readableBytes()];
        buf.readBytes(frame);
        bytes[0] = frame.length;
    }

    /** Calls in flight per connection at most. */
    public int depth() {
        return depth;
    }

    @Override
    void open(EventLoop loop, ConnectionEvents events, CompletableFuture<Connection> ready) {
        dial(loop, new RpcConnection(frame, PROMISE_AT, nodeId, depth, events, ready), ready);
    }
}
