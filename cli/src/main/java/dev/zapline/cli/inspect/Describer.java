package dev.zapline.cli.inspect;

import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.ZapValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Describes one message as an ordered tree (maps, lists, strings, numbers) that the text and JSON renderers print:
 * the header, then the zaphttp frame for types 1–5, or the fields of a given layout.
 */
public final class Describer {

    private final ZapLayout layout;

    /** @param layout fields to print for the root object, or null to decode zaphttp frames by type */
    public Describer(ZapLayout layout) {
        this.layout = layout;
    }

    /**
     * Describes the message in {@code data} at {@code offset}.
     *
     * @throws ZapFormatException with the offset relative to the start of {@code data}
     */
    public Map<String, Object> describe(byte[] data, int offset, int length) {
        ZapMessage msg;
        try {
            msg = new ZapMessage().wrap(data, offset, length);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("header", header(msg));
            if (layout != null) {
                ZapValidator.validate(msg, layout);
                out.put("fields", new LayoutFields(msg).describe(layout));
            } else if (msg.type() >= ZapHttp.REQUEST && msg.type() <= ZapHttp.END) {
                out.put(ZapHttp.typeName(msg.type()), zaphttp(msg));
            }
            if (msg.size() < length) {
                out.put("ignored_trailing_bytes", length - msg.size());
            }
            return out;
        } catch (ZapFormatException e) {
            throw new ZapFormatException(offset + e.offset(), e.reason());
        }
    }

    private static Map<String, Object> header(ZapMessage msg) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("magic", "ZAP\\0");
        h.put("version", msg.version());
        h.put("flags", String.format("0x%04x", msg.flags()));
        h.put("type", msg.type() == 0 ? "0" : msg.type() + " (" + ZapHttp.typeName(msg.type()) + ")");
        List<String> bits = new ArrayList<>();
        if ((msg.flags() & 1) != 0) bits.add("compressed");
        if ((msg.flags() & 2) != 0) bits.add("encrypted");
        if ((msg.flags() & 4) != 0) bits.add("signed");
        if (!bits.isEmpty()) {
            h.put("flag_bits", String.join(",", bits));
        }
        h.put("root", msg.rootOffset());
        h.put("size", msg.size());
        return h;
    }

    private static Map<String, Object> zaphttp(ZapMessage msg) {
        Map<String, Object> out = new LinkedHashMap<>();
        ZapSlice s = new ZapSlice();
        switch (msg.type()) {
            case ZapHttp.REQUEST -> {
                ZapHttpRequest r = new ZapHttpRequest().wrap(msg);
                out.put("method", r.methodAsString());
                out.put("target", r.targetAsString());
                out.put("proto", r.protoAsString());
                out.put("headers", headers(r.headers(s), ZapHttp.REQ_HEADERS));
                out.put("body", Payload.describe(r.body(s)));
                out.put("trailer", headers(r.trailer(new ZapSlice()), ZapHttp.REQ_TRAILER));
            }
            case ZapHttp.RESPONSE, ZapHttp.STREAM_HEAD -> {
                ZapHttpResponse r = new ZapHttpResponse().wrap(msg);
                out.put("status", r.status());
                out.put("reason", r.reasonAsString());
                out.put("proto", r.protoAsString());
                out.put("headers", headers(r.headers(s), ZapHttp.RESP_HEADERS));
                out.put("body", Payload.describe(r.body(s)));
                out.put("trailer", headers(r.trailer(new ZapSlice()), ZapHttp.RESP_TRAILER));
            }
            default -> {
                ZapHttpChunk c = new ZapHttpChunk().wrap(msg);
                if (c.isEnd()) {
                    out.put("trailer", headers(c.data(s), ZapHttp.CHUNK_DATA));
                } else {
                    out.put("data", Payload.describe(c.data(s)));
                }
            }
        }
        return out;
    }

    private static List<String> headers(ZapSlice block, int field) {
        List<String> out = new ArrayList<>();
        HeaderCursor h = new HeaderCursor();
        for (h.reset(block); h.next(); ) {
            out.add(h.nameAsString() + ": " + h.valueAsString());
        }
        if (h.malformed()) {
            throw new ZapFormatException(
                    block.position(),
                    "header block of field @" + field + " (" + block.length() + " bytes, " + h.declaredCount()
                            + " pairs declared) is malformed after " + out.size() + " pairs");
        }
        return out;
    }
}
