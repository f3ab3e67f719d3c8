package dev.zapline.server.internal.zap;

import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.wire.Zap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A zaphttp response frame (or streamed head) laid out by hand, straight from a handler's headers into the
 * destination array: the bytes {@code ZapHttpWriter.response} and a {@code ZapBuilder} make for the same response
 * (empty reason and proto, no trailer), without the builder's zero-filling, deferred payloads and the header block's
 * own copy. The frame: its big-endian length, the 16-byte header, the 48-byte object, then the header block and
 * the body, unpadded, in that order. {@code ZapResponseFrameTest} holds it to the builder's bytes.
 */
final class ZapResponseFrame {

    private static final ServerAccess A = ServerAccess.get();

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    /** Where the object starts in the message: right after the header (already 8-aligned). */
    private static final int OBJECT = Zap.HEADER_SIZE;

    /** Where the payloads start: after the object's fixed section. */
    private static final int PAYLOADS = OBJECT + ZapHttp.MESSAGE_SIZE;

    private ZapResponseFrame() {}

    /** The header block's length for {@code h} plus {@code defaultType} when it applies: 0 for no headers. */
    static int headersLength(ResponseHeaders h, byte[] contentType, byte[] defaultType) {
        int n = h.count();
        int length = 4;
        for (int i = 0; i < n; i++) {
            length += 8 + A.nameLength(h, i) + A.valueLength(h, i);
        }
        if (defaultType != null && !h.hasContentType()) {
            length += 8 + contentType.length + defaultType.length;
            n++;
        }
        return n == 0 ? 0 : length;
    }

    /** The whole frame's length, its 4-byte length prefix included. */
    static int frameLength(int headersLength, int bodyLength) {
        return ZapHttp.FRAME_PREFIX + PAYLOADS + headersLength + bodyLength;
    }

    /**
     * Writes the frame at {@code at} of {@code dst}, which has room for {@link #frameLength} bytes;
     * {@code headersLength} is what {@link #headersLength} gave for the same headers.
     */
    static void write(
            byte[] dst,
            int at,
            boolean head,
            int status,
            ResponseHeaders h,
            byte[] contentType,
            byte[] defaultType,
            int headersLength,
            byte[] body,
            int bodyOffset,
            int bodyLength) {
        int size = PAYLOADS + headersLength + bodyLength;
        BE32.set(dst, at, size);
        int m = at + ZapHttp.FRAME_PREFIX;
        I32.set(dst, m, Zap.MAGIC);
        I16.set(dst, m + 4, (short) Zap.VERSION_1);
        I16.set(dst, m + 6, (short) Zap.flags(head ? ZapHttp.STREAM_HEAD : ZapHttp.RESPONSE, 0));
        I32.set(dst, m + 8, OBJECT);
        I32.set(dst, m + 12, size);
        int o = m + OBJECT;
        I64.set(dst, o + ZapHttp.RESP_STATUS, (long) (status & 0xFFFF));
        I64.set(dst, o + ZapHttp.RESP_REASON, 0L);
        I64.set(dst, o + ZapHttp.RESP_PROTO, 0L);
        slot(dst, o + ZapHttp.RESP_HEADERS, PAYLOADS - (OBJECT + ZapHttp.RESP_HEADERS), headersLength);
        int bodyAt = PAYLOADS + headersLength;
        slot(dst, o + ZapHttp.RESP_BODY, bodyAt - (OBJECT + ZapHttp.RESP_BODY), bodyLength);
        I64.set(dst, o + ZapHttp.RESP_TRAILER, 0L);
        if (headersLength > 0) {
            headers(dst, m + PAYLOADS, h, contentType, defaultType);
        }
        if (bodyLength > 0) {
            System.arraycopy(body, bodyOffset, dst, m + bodyAt, bodyLength);
        }
    }

    /** A bytes slot: its offset from the slot and its length, or a null slot when there is nothing. */
    private static void slot(byte[] dst, int at, int relative, int length) {
        if (length == 0) {
            I64.set(dst, at, 0L);
        } else {
            I32.set(dst, at, relative);
            I32.set(dst, at + 4, length);
        }
    }

    /** The header block: its count, then each pair as length-prefixed name and value (little-endian u32s). */
    private static void headers(byte[] dst, int at, ResponseHeaders h, byte[] contentType, byte[] defaultType) {
        int n = h.count();
        byte[] a = A.array(h);
        int p = at + 4;
        for (int i = 0; i < n; i++) {
            p = pair(dst, p, a, A.nameStart(h, i), A.nameLength(h, i), a, A.valueStart(h, i), A.valueLength(h, i));
        }
        if (defaultType != null && !h.hasContentType()) {
            p = pair(dst, p, contentType, 0, contentType.length, defaultType, 0, defaultType.length);
            n++;
        }
        I32.set(dst, at, n);
    }

    private static int pair(byte[] dst, int p, byte[] n, int no, int nl, byte[] v, int vo, int vl) {
        I32.set(dst, p, nl);
        System.arraycopy(n, no, dst, p + 4, nl);
        p += 4 + nl;
        I32.set(dst, p, vl);
        System.arraycopy(v, vo, dst, p + 4, vl);
        return p + 4 + vl;
    }
}
