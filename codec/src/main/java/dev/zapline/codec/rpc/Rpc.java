package dev.zapline.codec.rpc;

import dev.zapline.wire.Zap;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;

/**
 * Constants and shared checks of native ZAP RPC, the call protocol of the {@code @zap-proto/zap} client and the
 * luxfi/zap node: a TCP stream of little-endian length-prefixed frames, opened by one NodeID handshake frame each
 * way, then correlated frames {@code len u32 | reqID u32 | flag u32 | envelope}, where the envelope is a ZAP
 * message (version 2, flags {@code 200 << 8}) whose root is a request or a response object. docs/rpc.md draws the
 * layouts.
 */
public final class Rpc {

    /** Length prefix of every frame, little-endian, not counting itself. */
    public static final int LENGTH_PREFIX = 4;
    /** reqID and flag after the length prefix of a correlated frame. */
    public static final int CORRELATED_HEADER = 8;
    /** Largest frame the peer reads or writes (10 MiB); larger ones close the connection. */
    public static final int MAX_FRAME = 10 << 20;

    /** Correlated-frame flag of a call. */
    public static final int FLAG_REQUEST = 1;
    /** Correlated-frame flag of an answer. */
    public static final int FLAG_RESPONSE = 2;

    /** The message type of every envelope, carried in the high byte of the header flags. */
    public static final int MESSAGE_TYPE = 200;
    /** Header flags of every envelope. */
    public static final int ENVELOPE_FLAGS = MESSAGE_TYPE << 8;

    public static final int STATUS_OK = 200;
    public static final int STATUS_BAD_REQUEST = 400;
    public static final int STATUS_UNAUTHORIZED = 401;
    public static final int STATUS_FORBIDDEN = 403;
    public static final int STATUS_NOT_FOUND = 404;
    public static final int STATUS_INTERNAL = 500;

    /** Request object: method u32 @0, promise id u32 @4, target u32 @8, cap bytes @12, payload bytes @20. */
    public static final int REQUEST_FIXED = 28;

    public static final int REQUEST_METHOD = 0;
    public static final int REQUEST_PROMISE = 4;
    public static final int REQUEST_TARGET = 8;
    public static final int REQUEST_CAP = 12;
    public static final int REQUEST_PAYLOAD = 20;
    /** Response object: status u32 @0, promise id u32 @4, body bytes @12. */
    public static final int RESPONSE_FIXED = 20;

    public static final int RESPONSE_STATUS = 0;
    public static final int RESPONSE_PROMISE = 4;
    public static final int RESPONSE_BODY = 12;

    /** Both envelopes put their root object right after the header, the first aligned position. */
    static final int ROOT = Zap.HEADER_SIZE;

    private Rpc() {}

    /**
     * Validates the ZAP header of the {@code length}-byte message at {@code index} and returns the absolute index
     * of its root object, which has at least {@code fixed} bytes inside the message.
     *
     * @throws ZapFormatException naming the offset and the numbers involved
     */
    static int root(ByteBuf buf, int index, int length, int fixed) {
        if (length < Zap.HEADER_SIZE) {
            throw new ZapFormatException(0, "envelope of " + length + " bytes is shorter than the 16-byte header");
        }
        if (buf.getIntLE(index) != Zap.MAGIC) {
            throw new ZapFormatException(0, "bad magic 0x" + Integer.toHexString(buf.getIntLE(index)));
        }
        int version = buf.getUnsignedShortLE(index + 4);
        if (!Zap.isKnownVersion(version)) {
            throw new ZapFormatException(4, "unknown version " + version);
        }
        int type = Zap.messageType(buf.getUnsignedShortLE(index + 6));
        if (type != MESSAGE_TYPE) {
            throw new ZapFormatException(6, "message type " + type + " is not the RPC type " + MESSAGE_TYPE);
        }
        long size = buf.getUnsignedIntLE(index + 12);
        if (size < Zap.HEADER_SIZE || size > length) {
            throw new ZapFormatException(12, "declared size " + size + " outside 16.." + length);
        }
        long root = buf.getUnsignedIntLE(index + 8);
        if (root < Zap.HEADER_SIZE || root + fixed > size) {
            throw new ZapFormatException(8, "root " + root + " + fixed " + fixed + " exceeds size " + size);
        }
        return index + (int) root;
    }

    /**
     * The absolute index of the bytes a {@code {relOffset u32, length u32}} slot at absolute {@code slot} points to,
     * or -1 for a null slot (relOffset 0); checks they lie inside the message ending at {@code end}.
     *
     * @throws ZapFormatException when they do not
     */
    static int bytesAt(ByteBuf buf, int slot, int message, int end) {
        long rel = buf.getUnsignedIntLE(slot);
        if (rel == 0) {
            return -1;
        }
        long length = buf.getUnsignedIntLE(slot + 4);
        long at = slot + rel;
        if (at + length > end) {
            throw new ZapFormatException(
                    slot - message,
                    "bytes of " + length + " at " + (at - message) + " run past the message end " + (end - message));
        }
        return (int) at;
    }

    /** The length of a non-null bytes slot, 0 for a null one. */
    static int bytesLength(ByteBuf buf, int slot) {
        return buf.getIntLE(slot) == 0 ? 0 : buf.getIntLE(slot + 4);
    }
}
