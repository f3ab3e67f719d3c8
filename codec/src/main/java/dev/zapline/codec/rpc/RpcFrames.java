package dev.zapline.codec.rpc;

import dev.zapline.wire.Zap;
import io.netty.buffer.ByteBuf;

/**
 * Writes RPC frames straight into a {@link ByteBuf}, without an intermediate message or allocation: a whole
 * request frame, or a response frame in two steps so its body can be written in place between them.
 *
 * {@snippet class=dev.zapline.codec.snippets.RpcSnippets region=response}
 *
 * <p>The envelope bytes are those the peer's {@code buildRequest} / {@code buildResponse} produce for the same
 * fields: version 2, flags {@code 200 << 8}, the root object at 16 with its fixed section zero-filled, the bytes
 * payloads after it in field order, a null slot for an empty one.
 */
public final class RpcFrames {

    /** Frame prefix, correlated header, ZAP header and the response's fixed section. */
    static final int RESPONSE_HEAD = Rpc.LENGTH_PREFIX + Rpc.CORRELATED_HEADER + Zap.HEADER_SIZE + Rpc.RESPONSE_FIXED;

    /** The longest response body whose frame stays within {@link Rpc#MAX_FRAME}, the most the peer reads. */
    public static final int MAX_BODY = Rpc.MAX_FRAME - Rpc.CORRELATED_HEADER - Zap.HEADER_SIZE - Rpc.RESPONSE_FIXED;

    private static final int REQUEST_HEAD =
            Rpc.LENGTH_PREFIX + Rpc.CORRELATED_HEADER + Zap.HEADER_SIZE + Rpc.REQUEST_FIXED;

    private RpcFrames() {}

    /**
     * Appends a whole request frame; {@code cap} and {@code payload} are read (not consumed) from their reader
     * index, and either may be null for empty.
     */
    public static void writeRequest(
            ByteBuf out, int reqId, long method, int promiseId, int target, ByteBuf cap, ByteBuf payload) {
        int capLength = cap == null ? 0 : cap.readableBytes();
        int payloadLength = payload == null ? 0 : payload.readableBytes();
        int size = Zap.HEADER_SIZE + Rpc.REQUEST_FIXED + capLength + payloadLength;
        out.ensureWritable(REQUEST_HEAD + capLength + payloadLength);
        correlated(out, size, reqId, Rpc.FLAG_REQUEST);
        header(out, size);
        out.writeIntLE((int) method);
        out.writeIntLE(promiseId);
        out.writeIntLE(target);
        slot(out, capLength, Rpc.REQUEST_FIXED - Rpc.REQUEST_CAP);
        slot(out, payloadLength, Rpc.REQUEST_FIXED - Rpc.REQUEST_PAYLOAD + capLength);
        if (capLength > 0) {
            out.writeBytes(cap, cap.readerIndex(), capLength);
        }
        if (payloadLength > 0) {
            out.writeBytes(payload, payload.readerIndex(), payloadLength);
        }
    }

    /**
     * Appends the head of a response frame (status 0 until {@link #finishResponse}); the body is whatever is
     * written to {@code out} after it. Returns the mark to finish with.
     */
    public static int startResponse(ByteBuf out, int reqId, int promiseId) {
        int mark = out.writerIndex();
        out.ensureWritable(RESPONSE_HEAD);
        correlated(out, 0, reqId, Rpc.FLAG_RESPONSE);
        header(out, 0);
        out.writeIntLE(0);
        out.writeIntLE(promiseId);
        out.writeIntLE(0);
        out.writeLongLE(0);
        return mark;
    }

    /** Patches the frame started at {@code mark}: its status, and the lengths of what was written since. */
    public static void finishResponse(ByteBuf out, int mark, int status) {
        int body = out.writerIndex() - mark - RESPONSE_HEAD;
        int size = Zap.HEADER_SIZE + Rpc.RESPONSE_FIXED + body;
        int message = mark + Rpc.LENGTH_PREFIX + Rpc.CORRELATED_HEADER;
        int root = message + Zap.HEADER_SIZE;
        out.setIntLE(mark, Rpc.CORRELATED_HEADER + size);
        out.setIntLE(message + 12, size);
        out.setIntLE(root + Rpc.RESPONSE_STATUS, status);
        if (body > 0) {
            out.setIntLE(root + Rpc.RESPONSE_BODY, Rpc.RESPONSE_FIXED - Rpc.RESPONSE_BODY);
            out.setIntLE(root + Rpc.RESPONSE_BODY + 4, body);
        }
    }

    /** How many body bytes were written to {@code out} since the response started at {@code mark}. */
    public static int bodyLength(ByteBuf out, int mark) {
        return out.writerIndex() - mark - RESPONSE_HEAD;
    }

    /** Drops a response started at {@code mark} and everything written after it. */
    public static void abandonResponse(ByteBuf out, int mark) {
        out.writerIndex(mark);
    }

    /** Appends a whole response frame with {@code length} body bytes of {@code body} at {@code offset}. */
    public static void writeResponse(
            ByteBuf out, int reqId, int promiseId, int status, byte[] body, int offset, int length) {
        int mark = startResponse(out, reqId, promiseId);
        out.writeBytes(body, offset, length);
        finishResponse(out, mark, status);
    }

    private static void correlated(ByteBuf out, int size, int reqId, int flag) {
        out.writeIntLE(Rpc.CORRELATED_HEADER + size);
        out.writeIntLE(reqId);
        out.writeIntLE(flag);
    }

    private static void header(ByteBuf out, int size) {
        out.writeIntLE(Zap.MAGIC);
        out.writeShortLE(Zap.VERSION_2);
        out.writeShortLE(Rpc.ENVELOPE_FLAGS);
        out.writeIntLE(Rpc.ROOT);
        out.writeIntLE(size);
    }

    /** A bytes slot whose data starts {@code distance} bytes after the slot, or a null slot when empty. */
    private static void slot(ByteBuf out, int length, int distance) {
        out.writeIntLE(length == 0 ? 0 : distance);
        out.writeIntLE(length);
    }
}
