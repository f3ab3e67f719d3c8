package dev.zapline.server;

import dev.zapline.server.internal.HeaderNames;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The response side of one {@link Ctx}: status, headers and trailers, and where the response stands (not started,
 * started, streaming, complete). {@code Ctx} checks a handler's calls against it; the transport reads it through
 * {@link CtxSide}. Reset for every request and kept with its context, so it allocates nothing but the trailer list
 * of the first streamed response with trailers.
 */
final class Reply {

    final ResponseHeaders headers = new ResponseHeaders();
    /** Trailer fields of a streamed response, made on the first {@link #trailer}. */
    private ResponseHeaders trailers;

    int status;
    boolean responded;
    boolean streaming;
    /** A HEAD request, or one the transport answers without a body. */
    boolean omitBody;
    /** Body bytes of a complete response, set by the transport; -1 until then or when streamed. */
    long responseLength;

    void reset(boolean omitBody) {
        this.status = 200;
        this.responded = false;
        this.streaming = false;
        this.omitBody = omitBody;
        this.responseLength = -1;
        headers.clear();
        if (trailers != null) {
            trailers.clear();
        }
    }

    void status(int status) {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status " + status + " outside 100..599");
        }
        this.status = status;
    }

    void trailer(String name, String value) {
        if (!streaming) {
            throw new IllegalStateException("trailer() outside a streamed response: call stream() first");
        }
        if (trailers == null) {
            trailers = new ResponseHeaders();
        }
        trailers.addTrailer(name, value);
    }

    /** The trailer fields set for this response, or null for none. */
    ResponseHeaders trailers() {
        return trailers == null || trailers.count() == 0 ? null : trailers;
    }

    /**
     * {@code value} encoded by {@code codec} into a new buffer from {@code alloc} (released if encoding fails), with
     * {@code application/json} as the content type unless one is set.
     */
    ByteBuf json(JsonCodec codec, Object value, ByteBufAllocator alloc) throws Exception {
        if (!headers.hasContentType()) {
            headers.add(HeaderNames.CONTENT_TYPE, HeaderNames.APPLICATION_JSON);
        }
        ByteBuf out = alloc.buffer();
        try {
            codec.write(value, out);
        } catch (Exception e) {
            out.release();
            throw e;
        }
        return out;
    }

    /** Ends the streamed response in progress; fails when none is. */
    void endStream() {
        if (!streaming) {
            throw new IllegalStateException("end() before stream()");
        }
        streaming = false;
    }
}
