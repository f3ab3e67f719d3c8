package dev.zapline.codec.rpc;

import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;

/**
 * A flyweight over one request envelope in a {@link ByteBuf}: {@link #wrap} validates the header and the two
 * bytes slots once, then every accessor is a plain read at a fixed offset. The capability and the payload are
 * handed out as index and length in {@link #buffer()}, so a handler reads them in place.
 *
 * {@snippet class=dev.zapline.codec.snippets.RpcSnippets region=requestView}
 *
 * <p>Valid while the buffer is neither released nor written in that range. Not thread-safe.
 */
public final class RpcRequestView {

    private ByteBuf buf;
    private int root;
    private int capIndex;
    private int capLength;
    private int payloadIndex;
    private int payloadLength;

    /**
     * Points this view at the {@code length}-byte envelope at absolute {@code index} of {@code buf}.
     *
     * @throws ZapFormatException when the header, the root or a bytes slot does not validate
     */
    public RpcRequestView wrap(ByteBuf buf, int index, int length) {
        int r = Rpc.root(buf, index, length, Rpc.REQUEST_FIXED);
        int end = index + (int) buf.getUnsignedIntLE(index + 12);
        int cap = Rpc.bytesAt(buf, r + Rpc.REQUEST_CAP, index, end);
        int payload = Rpc.bytesAt(buf, r + Rpc.REQUEST_PAYLOAD, index, end);
        this.buf = buf;
        this.root = r;
        this.capIndex = cap < 0 ? r : cap;
        this.capLength = cap < 0 ? 0 : Rpc.bytesLength(buf, r + Rpc.REQUEST_CAP);
        this.payloadIndex = payload < 0 ? r : payload;
        this.payloadLength = payload < 0 ? 0 : Rpc.bytesLength(buf, r + Rpc.REQUEST_PAYLOAD);
        return this;
    }

    /** The method ordinal ({@code @n} of the schema's interface), unsigned. */
    public long method() {
        return buf.getUnsignedIntLE(root + Rpc.REQUEST_METHOD);
    }

    /** The caller's promise id, echoed in the response. */
    public int promiseId() {
        return buf.getIntLE(root + Rpc.REQUEST_PROMISE);
    }

    /** The promise this call pipelines off; 0 for a call on the root. */
    public int target() {
        return buf.getIntLE(root + Rpc.REQUEST_TARGET);
    }

    /** The buffer the capability and the payload are in. */
    public ByteBuf buffer() {
        return buf;
    }

    public int capIndex() {
        return capIndex;
    }

    public int capLength() {
        return capLength;
    }

    /** Absolute index of the payload in {@link #buffer()}. */
    public int payloadIndex() {
        return payloadIndex;
    }

    public int payloadLength() {
        return payloadLength;
    }
}
