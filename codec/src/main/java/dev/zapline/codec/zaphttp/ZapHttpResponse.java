package dev.zapline.codec.zaphttp;

import dev.zapline.codec.http.ReasonPhrases;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.ZapValidator;

/**
 * Reads a zaphttp response frame (type 2) or streamed response head (type 3) in place: status, reason, proto,
 * header block, body, trailer block.
 *
 * {@snippet class=dev.zapline.codec.snippets.ZapHttpSnippets region=response}
 *
 * <p>Status 0 means 200; an empty reason means the standard phrase. Not thread-safe; valid while the message is.
 */
public final class ZapHttpResponse {

    /** The response object's layout. */
    public static final ZapLayout LAYOUT =
            ZapLayout.parse("status:u16@0,reason:text@8,proto:text@16,headers:bytes@24,body:bytes@32,trailer:bytes@40");

    private final ZapObject obj = new ZapObject();

    /**
     * Points this reader at {@code msg}.
     *
     * @throws ZapFormatException when the frame type is not 2 or 3 or a field points outside the frame
     */
    public ZapHttpResponse wrap(ZapMessage msg) {
        int type = msg.type();
        if (type != ZapHttp.RESPONSE && type != ZapHttp.STREAM_HEAD) {
            throw new ZapFormatException(
                    6, "frame type " + type + " (" + ZapHttp.typeName(type) + "), expected 2 (response) or 3 (head)");
        }
        ZapValidator.validate(msg, LAYOUT);
        msg.root(obj);
        return this;
    }

    /** The status code; 200 when the frame carries 0. */
    public int status() {
        int s = obj.u16(ZapHttp.RESP_STATUS);
        return s == 0 ? ZapHttp.DEFAULT_STATUS : s;
    }

    /** The reason as written (may be empty). */
    public ZapSlice reason(ZapSlice into) {
        return obj.bytes(ZapHttp.RESP_REASON, into);
    }

    /** Allocating convenience: the reason, or the standard phrase of {@link #status()} when empty. */
    public String reasonAsString() {
        String r = obj.textAsString(ZapHttp.RESP_REASON);
        return r.isEmpty() ? ReasonPhrases.of(status()) : r;
    }

    public ZapSlice proto(ZapSlice into) {
        return obj.bytes(ZapHttp.RESP_PROTO, into);
    }

    public String protoAsString() {
        String p = obj.textAsString(ZapHttp.RESP_PROTO);
        return p.isEmpty() ? ZapHttp.DEFAULT_PROTO : p;
    }

    public ZapSlice headers(ZapSlice into) {
        return obj.bytes(ZapHttp.RESP_HEADERS, into);
    }

    public ZapSlice body(ZapSlice into) {
        return obj.bytes(ZapHttp.RESP_BODY, into);
    }

    public int bodyLength() {
        return obj.bytesLength(ZapHttp.RESP_BODY);
    }

    public ZapSlice trailer(ZapSlice into) {
        return obj.bytes(ZapHttp.RESP_TRAILER, into);
    }
}
