package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs our head parser and body framing over input that arrives in pieces, the way a connection would: bytes are
 * appended to one cumulation buffer and parsing resumes after each piece. Only the first request is read; what
 * follows it is left in {@link #leftover()}.
 */
final class OurSide implements AutoCloseable {

    private final Http1HeadParser parser;
    private final ChunkedDecoder chunked;
    private final Http1Request req = new Http1Request();
    private final ByteBuf in = Unpooled.buffer();
    private final ByteBuf body = Unpooled.buffer();
    private boolean headDone;
    private Outcome result;

    OurSide(Http1Limits limits) {
        parser = new Http1HeadParser(limits);
        chunked = new ChunkedDecoder(limits);
    }

    /** Parses {@code input} cut at the given ascending offsets (none: whole). */
    static Outcome parse(byte[] input, Http1Limits limits, int... cuts) {
        try (OurSide side = new OurSide(limits)) {
            int from = 0;
            for (int cut : cuts) {
                side.feed(input, from, cut - from);
                from = cut;
            }
            return side.feed(input, from, input.length - from);
        }
    }

    static Outcome parse(byte[] input) {
        return parse(input, Http1Limits.DEFAULT);
    }

    /** Appends bytes and continues; returns the outcome so far (the same once decided). */
    Outcome feed(byte[] bytes, int offset, int length) {
        if (result != null) {
            return result;
        }
        in.writeBytes(bytes, offset, length);
        try {
            if (!headDone) {
                int consumed = parser.parse(in, req);
                if (consumed < 0) {
                    return Outcome.INCOMPLETE;
                }
                in.skipBytes(consumed);
                headDone = true;
            }
            if (!bodyDone()) {
                return Outcome.INCOMPLETE;
            }
            result = accepted();
        } catch (Http1Exception e) {
            result = Outcome.reject(e.status(), e.getMessage());
        }
        return result;
    }

    private boolean bodyDone() {
        return switch (req.bodyKind()) {
            case Http1Request.BODY_LENGTH -> {
                int missing = (int) req.contentLength() - body.readableBytes();
                body.writeBytes(in, Math.min(missing, in.readableBytes()));
                yield body.readableBytes() == req.contentLength();
            }
            case Http1Request.BODY_CHUNKED -> chunked.decode(in, body);
            default -> true;
        };
    }

    private Outcome accepted() {
        List<String> headers = new ArrayList<>();
        for (int i = 0; i < req.headerCount(); i++) {
            headers.add(req.nameAsString(i));
            headers.add(req.valueAsString(i));
        }
        byte[] b = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), b);
        // the target as sent, as Netty reports it (ours also reads an absolute-form one in origin form)
        return Outcome.accept(
                req.methodAsString(), req.rawTargetAsString(), "HTTP/1." + (req.version() - 10), headers, b);
    }

    Http1Request request() {
        return req;
    }

    /** Bytes after the first request (valid once it is accepted). */
    ByteBuf leftover() {
        return in;
    }

    @Override
    public void close() {
        in.release();
        body.release();
    }
}
