package dev.zapline.codec.rpc;

import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;

/**
 * A flyweight over one response envelope in a {@link ByteBuf}; the client's counterpart of
 * {@link RpcRequestView}. The body is handed out as index and length in {@link #buffer()}; {@link #bodyAsString()}
 * is the one allocating convenience, for error bodies.
 *
 * <p>Valid while the buffer is neither released nor written in that range. Not thread-safe.
 */
public final class RpcResponseView {

    private ByteBuf buf;
    private int root;
    private int bodyIndex;
    private int bodyLength;

    /**
     * Points this view at the {@code length}-byte envelope at absolute {@code index} of {@code buf}.
     *
     * @throws ZapFormatException when the header, the root or the body slot does not validate
     */
    public RpcResponseView wrap(ByteBuf buf, int index, int length) {
        int r = Rpc.root(buf, index, length, Rpc.RESPONSE_FIXED);
        int end = index + (int) buf.getUnsignedIntLE(index + 12);
        int body = Rpc.bytesAt(buf, r + Rpc.RESPONSE_BODY, index, end);
        this.buf = buf;
        this.root = r;
        this.bodyIndex = body < 0 ? r : body;
        this.bodyLength = body < 0 ? 0 : Rpc.bytesLength(buf, r + Rpc.RESPONSE_BODY);
        return this;
    }

    /** 200 for success, else an error status (see {@link Rpc}). */
    public int status() {
        return buf.getIntLE(root + Rpc.RESPONSE_STATUS);
    }

    public int promiseId() {
        return buf.getIntLE(root + Rpc.RESPONSE_PROMISE);
    }

    public ByteBuf buffer() {
        return buf;
    }

    public int bodyIndex() {
        return bodyIndex;
    }

    public int bodyLength() {
        return bodyLength;
    }

    /** The body decoded as UTF-8 (allocates; for error bodies and tests). */
    public String bodyAsString() {
        return buf.toString(bodyIndex, bodyLength, java.nio.charset.StandardCharsets.UTF_8);
    }
}
