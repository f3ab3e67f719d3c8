package dev.zapline.codec.snippets;

import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObjectWriter;
import dev.zapline.wire.ZapSlice;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Examples for {@code dev.zapline.codec.zaphttp} and {@code dev.zapline.codec.buffer}. */
final class ZapHttpSnippets {

    private static final byte[] POST = "POST".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EMPTY = new byte[0];
    private final ZapSlice slice = new ZapSlice();
    private final ZapSlice body = new ZapSlice();
    private final ZapSlice block = new ZapSlice();
    private final ZapSlice value = new ZapSlice();

    private static void handle(ZapSlice body) {}

    private static void contentType(ZapSlice value) {}

    void request(ZapMessage message) {
        // @start region="request"
        ZapHttpRequest req = new ZapHttpRequest(); // one per connection
        req.wrap(message); // ZapFormatException: answer 400 and close
        if (req.method(slice).contentEquals(POST)) {
            handle(req.body(body));
        }
        // @end
    }

    int response(ZapMessage message) {
        // @start region="response"
        ZapHttpResponse resp = new ZapHttpResponse().wrap(message);
        int status = resp.status(); // 200 when the frame says 0
        // @end
        return status;
    }

    void headerCursor(ZapHttpRequest request) {
        // @start region="headerCursor"
        HeaderCursor h = new HeaderCursor(); // reusable
        for (h.reset(request.headers(block)); h.next(); ) {
            if (h.nameEqualsIgnoreCase(CONTENT_TYPE)) {
                contentType(h.value(value));
            }
        }
        // @end
    }

    void headerBlock(ZapObjectWriter responseWriter) {
        // @start region="headerBlock"
        HeaderBlockWriter h = new HeaderBlockWriter(); // reusable
        h.reset().add("Content-Type", "application/json");
        h.setOn(responseWriter, ZapHttp.RESP_HEADERS);
        // @end
    }

    int writer() {
        // @start region="writer"
        ZapBuilder b = new ZapBuilder();
        int size = ZapHttpWriter.request(b, "GET", "/health", "HTTP/1.1", null, EMPTY, 0, 0, null);
        // @end
        return size;
    }

    ZapMessage byteBufZap(ZapMessage message, ByteBuf frame, int length) {
        // @start region="byteBufZap"
        ByteBufZap zap = new ByteBufZap(); // one per connection (it owns a fallback scratch array)
        ZapMessage msg = zap.wrap(message, frame, frame.readerIndex(), length);
        // @end
        return msg;
    }
}
