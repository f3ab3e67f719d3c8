package dev.zapline.server;

import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: zaphttp request frames with their length prefix, and response frames read back. */
final class ZapFrames {

    /** One decoded frame: type, status, headers in order, body (data for chunks). */
    record Frame(int type, int status, List<String> headers, String body) {}

    private ZapFrames() {}

    static byte[] request(String method, String target, String body, String... headerPairs) {
        return request(method, target, body.getBytes(StandardCharsets.UTF_8), headerPairs);
    }

    static byte[] request(String method, String target, byte[] b, String... headerPairs) {
        HeaderBlockWriter h = new HeaderBlockWriter();
        for (int i = 0; i < headerPairs.length; i += 2) {
            h.add(headerPairs[i], headerPairs[i + 1]);
        }
        ZapBuilder builder = new ZapBuilder();
        ZapHttpWriter.request(builder, method, target, "ZAP-HTTP/1.0", h, b, 0, b.length, null);
        return frame(builder.toByteArray());
    }

    static byte[] frame(byte[] message) {
        return ByteBuffer.allocate(4 + message.length)
                .putInt(message.length)
                .put(message)
                .array();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** Splits a stream of frames and decodes each. */
    static List<Frame> read(byte[] stream) {
        List<Frame> out = new ArrayList<>();
        ByteBuffer in = ByteBuffer.wrap(stream);
        while (in.remaining() >= 4) {
            int len = in.getInt();
            byte[] m = new byte[len];
            in.get(m);
            ZapMessage msg = new ZapMessage().wrap(m);
            ZapSlice s = new ZapSlice();
            if (msg.type() == ZapHttp.RESPONSE || msg.type() == ZapHttp.STREAM_HEAD) {
                ZapHttpResponse r = new ZapHttpResponse().wrap(msg);
                out.add(new Frame(
                        msg.type(),
                        r.status(),
                        headers(r.headers(new ZapSlice())),
                        r.body(s).asString()));
            } else if (msg.type() == ZapHttp.END) {
                // an end frame's data slot is its trailer block (absent for none)
                ZapHttpChunk c = new ZapHttpChunk().wrap(msg);
                out.add(new Frame(msg.type(), 0, headers(c.data(s)), ""));
            } else {
                ZapHttpChunk c = new ZapHttpChunk().wrap(msg);
                out.add(new Frame(msg.type(), 0, List.of(), c.data(s).asString()));
            }
        }
        if (in.hasRemaining()) {
            throw new IllegalStateException(in.remaining() + " stray bytes after the frames");
        }
        return out;
    }

    private static List<String> headers(ZapSlice block) {
        List<String> out = new ArrayList<>();
        HeaderCursor h = new HeaderCursor();
        for (h.reset(block); h.next(); ) {
            out.add(h.nameAsString() + ": " + h.valueAsString());
        }
        return out;
    }
}
