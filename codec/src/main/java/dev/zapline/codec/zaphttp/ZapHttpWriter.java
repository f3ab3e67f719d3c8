package dev.zapline.codec.zaphttp;

import dev.zapline.wire.Zap;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapObjectWriter;

/**
 * Encodes zaphttp frames into a {@link ZapBuilder}, byte-identical to zap-proto/http. Each method resets the
 * builder, writes one frame and returns its size; the bytes are {@code builder.buffer()} from
 * {@code builder.offset()}. A null or empty header block writes a null slot.
 *
 * {@snippet class=dev.zapline.codec.snippets.ZapHttpSnippets region=writer}
 *
 * <p>Stateless; allocation-free given a warmed builder and header writers.
 */
public final class ZapHttpWriter {

    private ZapHttpWriter() {}

    /** A request frame (type 1). */
    public static int request(
            ZapBuilder b,
            CharSequence method,
            CharSequence target,
            CharSequence proto,
            HeaderBlockWriter headers,
            byte[] body,
            int bodyOffset,
            int bodyLength,
            HeaderBlockWriter trailer) {
        b.reset();
        ZapObjectWriter w = b.startObject(ZapHttp.MESSAGE_SIZE);
        w.setText(ZapHttp.REQ_METHOD, method)
                .setText(ZapHttp.REQ_TARGET, target)
                .setText(ZapHttp.REQ_PROTO, proto);
        tail(w, headers, body, bodyOffset, bodyLength, trailer);
        return b.finish(Zap.flags(ZapHttp.REQUEST, 0));
    }

    /** A response frame (type 2), or a streamed response head (type 3) when {@code head} is true. */
    public static int response(
            ZapBuilder b,
            boolean head,
            int status,
            CharSequence reason,
            CharSequence proto,
            HeaderBlockWriter headers,
            byte[] body,
            int bodyOffset,
            int bodyLength,
            HeaderBlockWriter trailer) {
        b.reset();
        ZapObjectWriter w = b.startObject(ZapHttp.MESSAGE_SIZE);
        w.setU16(ZapHttp.RESP_STATUS, status)
                .setText(ZapHttp.RESP_REASON, reason)
                .setText(ZapHttp.RESP_PROTO, proto);
        tail(w, headers, body, bodyOffset, bodyLength, trailer);
        return b.finish(Zap.flags(head ? ZapHttp.STREAM_HEAD : ZapHttp.RESPONSE, 0));
    }

    /** A data chunk (type 4) carrying {@code length} bytes of {@code data}. */
    public static int data(ZapBuilder b, byte[] data, int offset, int length) {
        b.reset();
        b.startObject(ZapHttp.CHUNK_SIZE)
                .setBytes(ZapHttp.CHUNK_DATA, data, offset, length)
                .finishAsRoot();
        return b.finish(Zap.flags(ZapHttp.DATA, 0));
    }

    /** The end frame (type 5) of a streamed response, carrying the trailer block (null for none). */
    public static int end(ZapBuilder b, HeaderBlockWriter trailer) {
        b.reset();
        ZapObjectWriter w = b.startObject(ZapHttp.CHUNK_SIZE);
        if (trailer != null) {
            trailer.setOn(w, ZapHttp.CHUNK_DATA);
        }
        w.finishAsRoot();
        return b.finish(Zap.flags(ZapHttp.END, 0));
    }

    private static void tail(
            ZapObjectWriter w,
            HeaderBlockWriter headers,
            byte[] body,
            int bodyOffset,
            int bodyLength,
            HeaderBlockWriter trailer) {
        if (headers != null) {
            headers.setOn(w, ZapHttp.REQ_HEADERS);
        }
        if (bodyLength > 0) {
            w.setBytes(ZapHttp.REQ_BODY, body, bodyOffset, bodyLength);
        }
        if (trailer != null) {
            trailer.setOn(w, ZapHttp.REQ_TRAILER);
        }
        w.finishAsRoot();
    }
}
