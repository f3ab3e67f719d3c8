package dev.zapline.codec.zaphttp;

import dev.zapline.wire.ZapField;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapKind;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.ZapValidator;

/**
 * Every codec reader over one wrapped message, as a server or client would use it: zaphttp request, response and
 * chunk readers (each may reject the frame with {@link ZapFormatException}, nothing else), header and trailer walks,
 * and the validator against each layout. Returns a digest so the work cannot be skipped.
 */
final class FrameReaders {

    /** A layout with a field of every pointer shape, nested two levels, for the validator. */
    static final ZapLayout EVERY_SHAPE = everyShape(everyShape(everyShape(null)));

    private static final ZapLayout[] LAYOUTS = {
        ZapHttpRequest.LAYOUT, ZapHttpResponse.LAYOUT, ZapHttpChunk.LAYOUT, EVERY_SHAPE
    };
    private static final byte[] CONTENT_TYPE = "content-type".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final ZapHttpRequest request = new ZapHttpRequest();
    private final ZapHttpResponse response = new ZapHttpResponse();
    private final ZapHttpChunk chunk = new ZapHttpChunk();
    private final HeaderCursor cursor = new HeaderCursor();
    private final ZapSlice slice = new ZapSlice();
    private final ZapSlice part = new ZapSlice();

    private static ZapLayout everyShape(ZapLayout nested) {
        return ZapLayout.builder()
                .u64("a")
                .text("t")
                .bytes("b")
                .struct("s", nested)
                .list("l8", ZapKind.U8)
                .list("l64", ZapKind.U64)
                .list("raw", ZapKind.RAW)
                .list("e", ZapKind.BYTES)
                .list("m", ZapKind.STRUCT, nested)
                .fixedBytes("f", 3)
                .build();
    }

    long read(ZapMessage msg) {
        long h = 0;
        for (ZapLayout layout : LAYOUTS) {
            try {
                ZapValidator.validate(msg, layout);
                h += 1;
            } catch (ZapFormatException e) {
                h += e.offset();
            }
        }
        try {
            request.wrap(msg);
            h += request.method(slice).length()
                    + request.methodAsString().length()
                    + request.target(slice).length()
                    + request.targetAsString().length()
                    + request.protoAsString().length()
                    + request.proto(slice).length()
                    + request.bodyLength()
                    + request.body(slice).length();
            h += headers(request.headers(slice)) + headers(request.trailer(slice));
        } catch (ZapFormatException e) {
            h += e.offset();
        }
        try {
            response.wrap(msg);
            h += response.status()
                    + response.reasonAsString().length()
                    + response.reason(slice).length()
                    + response.protoAsString().length()
                    + response.proto(slice).length()
                    + response.bodyLength()
                    + response.body(slice).length();
            h += headers(response.headers(slice)) + headers(response.trailer(slice));
        } catch (ZapFormatException e) {
            h += e.offset();
        }
        try {
            chunk.wrap(msg);
            h += chunk.dataLength() + chunk.data(slice).length() + (chunk.isEnd() ? headers(chunk.data(slice)) : 0);
        } catch (ZapFormatException e) {
            h += e.offset();
        }
        return h;
    }

    /** Walks a header block to its end; returns a digest. Only the documented calls, in their documented order. */
    long headers(ZapSlice block) {
        long h = cursor.reset(block).declaredCount();
        while (cursor.next()) {
            h += cursor.nameLength() * 31L + cursor.valueLength();
            h += cursor.name(part).length() + cursor.value(part).length();
            h += cursor.nameEqualsIgnoreCase(CONTENT_TYPE) ? 1 : 0;
            h += cursor.nameAsString().length() + cursor.valueAsString().length();
        }
        return h + (cursor.malformed() ? 1 : 0);
    }

    static ZapField field(String name) {
        return EVERY_SHAPE.field(name);
    }
}
