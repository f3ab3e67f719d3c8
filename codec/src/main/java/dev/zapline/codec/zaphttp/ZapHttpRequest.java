package dev.zapline.codec.zaphttp;

import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.ZapValidator;

/**
 * Reads a zaphttp request frame (type 1) in place: method, target, proto, header block, body, trailer block.
 *
 * {@snippet class=dev.zapline.codec.snippets.ZapHttpSnippets region=request}
 *
 * <p>{@link #wrap} checks the frame type and every pointer of the 48-byte object, so a request whose fields point
 * outside the frame is rejected rather than read as empty. Empty method and proto mean {@code GET} and
 * {@code ZAP-HTTP/1.0}. Not thread-safe; valid while the message is.
 */
public final class ZapHttpRequest {

    /** The request object's layout. */
    public static final ZapLayout LAYOUT = ZapLayout.builder()
            .text("method")
            .text("target")
            .text("proto")
            .bytes("headers")
            .bytes("body")
            .bytes("trailer")
            .build();

    private final ZapObject obj = new ZapObject();

    /**
     * Points this reader at {@code msg}.
     *
     * @throws ZapFormatException when the frame type is not 1 or a field points outside the frame
     */
    public ZapHttpRequest wrap(ZapMessage msg) {
        if (msg.type() != ZapHttp.REQUEST) {
            throw new ZapFormatException(
                    6, "frame type " + msg.type() + " (" + ZapHttp.typeName(msg.type()) + "), expected 1 (request)");
        }
        ZapValidator.validate(msg, LAYOUT);
        msg.root(obj);
        return this;
    }

    /** The method as written; empty means GET. */
    public ZapSlice method(ZapSlice into) {
        return obj.bytes(ZapHttp.REQ_METHOD, into);
    }

    /** Allocating convenience: the method, "GET" when empty. */
    public String methodAsString() {
        String m = obj.textAsString(ZapHttp.REQ_METHOD);
        return m.isEmpty() ? ZapHttp.DEFAULT_METHOD : m;
    }

    /** The request target (request-URI: path and query). */
    public ZapSlice target(ZapSlice into) {
        return obj.bytes(ZapHttp.REQ_TARGET, into);
    }

    public String targetAsString() {
        return obj.textAsString(ZapHttp.REQ_TARGET);
    }

    /** The protocol as written; empty means ZAP-HTTP/1.0. */
    public ZapSlice proto(ZapSlice into) {
        return obj.bytes(ZapHttp.REQ_PROTO, into);
    }

    public String protoAsString() {
        String p = obj.textAsString(ZapHttp.REQ_PROTO);
        return p.isEmpty() ? ZapHttp.DEFAULT_PROTO : p;
    }

    /** The header block; walk it with a {@link HeaderCursor}. */
    public ZapSlice headers(ZapSlice into) {
        return obj.bytes(ZapHttp.REQ_HEADERS, into);
    }

    public ZapSlice body(ZapSlice into) {
        return obj.bytes(ZapHttp.REQ_BODY, into);
    }

    public int bodyLength() {
        return obj.bytesLength(ZapHttp.REQ_BODY);
    }

    /** The trailer block; walk it with a {@link HeaderCursor}. */
    public ZapSlice trailer(ZapSlice into) {
        return obj.bytes(ZapHttp.REQ_TRAILER, into);
    }
}
