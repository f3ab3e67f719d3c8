package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;

/**
 * Decodes a chunked request body (RFC 9112 §7.1) incrementally into a destination buffer: chunk-size in hex with
 * optional extensions, CRLF, data, CRLF; a last chunk of size 0; trailer fields (checked like header fields and
 * discarded); the final CRLF. Resumable across reads; allocation-free.
 *
 * {@snippet class=dev.zapline.codec.snippets.Http1Snippets region=chunked}
 *
 * <p>Rejects, with 400: a size that is not hex, longer than 15 digits or empty; whitespace after the size (BWS,
 * which parsers have read differently); a bare CR or LF; an extension outside the {@link ChunkExtension} grammar
 * (extensions are otherwise ignored, RFC 9112 §7.1.1); a trailer line without a token name and colon; a chunk
 * line or trailer line longer than {@code maxChunkLine}. With 431, a trailer section larger than
 * {@code maxHeaderBytes}; with 413, a body that grows past the limit. Not thread-safe.
 */
public final class ChunkedDecoder {

    private static final int SIZE = 0;
    private static final int EXTENSION = 1;
    private static final int SIZE_LF = 2;
    private static final int DATA = 3;
    private static final int DATA_CR = 4;
    private static final int DATA_LF = 5;
    private static final int TRAILER_START = 6;
    private static final int TRAILER_NAME = 7;
    private static final int TRAILER_LINE = 8;
    private static final int TRAILER_LF = 9;
    private static final int END_LF = 10;
    private static final int DONE = 11;

    private final Http1Limits limits;
    private int state;
    private long size;
    private int digits;
    private int lineBytes;
    private long total;
    private int trailerBytes;
    private int extension;

    public ChunkedDecoder(Http1Limits limits) {
        this.limits = limits;
        reset();
    }

    public void reset() {
        state = SIZE;
        size = 0;
        digits = 0;
        lineBytes = 0;
        total = 0;
        trailerBytes = 0;
    }

    /**
     * Consumes what it can of {@code in}, appending chunk data to {@code out}.
     *
     * @return true once the whole body, trailers included, has been read
     * @throws Http1Exception for malformed or over-limit input
     */
    public boolean decode(ByteBuf in, ByteBuf out) {
        return run(in, out, null);
    }

    /**
     * Consumes what it can of {@code in} without copying: each piece of chunk data is handed to {@code sink} (when
     * not null) as a range of {@code in}, then skipped.
     *
     * @return true once the whole body, trailers included, has been read
     * @throws Http1Exception for malformed or over-limit input
     */
    public boolean decode(ByteBuf in, BodySink sink) {
        return run(in, null, sink);
    }

    private boolean run(ByteBuf in, ByteBuf out, BodySink sink) {
        while (in.isReadable()) {
            if (state == DATA) {
                int n = (int) Math.min(size, in.readableBytes());
                if (out != null) {
                    out.writeBytes(in, n);
                } else {
                    if (sink != null) {
                        sink.body(in, in.readerIndex(), n);
                    }
                    in.skipBytes(n);
                }
                size -= n;
                if (size == 0) {
                    state = DATA_CR;
                }
                continue;
            }
            step(in.readByte());
            if (state == DONE) {
                return true;
            }
        }
        return state == DONE;
    }

    private void step(byte b) {
        if (++lineBytes > limits.maxChunkLine()) {
            throw new Http1Exception(400, "chunk line longer than " + limits.maxChunkLine() + " bytes");
        }
        if (state >= TRAILER_START && ++trailerBytes > limits.maxHeaderBytes()) {
            throw new Http1Exception(431, "trailer section larger than " + limits.maxHeaderBytes() + " bytes");
        }
        switch (state) {
            case SIZE -> sizeDigit(b);
            case EXTENSION -> {
                if (b == '\r' && ChunkExtension.complete(extension)) {
                    state = SIZE_LF;
                } else if ((extension = ChunkExtension.next(extension, b)) == ChunkExtension.INVALID) {
                    throw bad("invalid chunk extension");
                }
            }
            case SIZE_LF -> {
                lf(b);
                lineBytes = 0;
                if (size == 0) {
                    state = TRAILER_START;
                } else {
                    total += size;
                    if (total > limits.maxBody()) {
                        throw new Http1Exception(413, "chunked body exceeds the limit of " + limits.maxBody());
                    }
                    state = DATA;
                }
            }
            case DATA_CR -> {
                if (b != '\r') {
                    throw bad("chunk data longer than its size");
                }
                state = DATA_LF;
            }
            case DATA_LF -> {
                lf(b);
                lineBytes = 0;
                size = 0;
                digits = 0;
                state = SIZE;
            }
            case TRAILER_START -> {
                if (b == '\r') {
                    state = END_LF;
                } else if (Ascii.isTchar(b)) {
                    state = TRAILER_NAME;
                } else {
                    throw bad("invalid trailer field");
                }
            }
            case TRAILER_NAME -> {
                if (b == ':') {
                    state = TRAILER_LINE;
                } else if (!Ascii.isTchar(b)) {
                    throw bad("invalid character in trailer field name");
                }
            }
            case TRAILER_LINE -> {
                if (b == '\r') {
                    state = TRAILER_LF;
                } else if (!Ascii.isFieldValueByte(b)) {
                    throw bad("invalid character in trailer field");
                }
            }
            case TRAILER_LF -> {
                lf(b);
                lineBytes = 0;
                state = TRAILER_START;
            }
            case END_LF -> {
                lf(b);
                state = DONE;
            }
            default -> throw new IllegalStateException("decoder used after the body was complete");
        }
    }

    private void sizeDigit(byte b) {
        int d = Character.digit(b, 16);
        if (d >= 0 && b < 0x80) {
            if (++digits > 15) {
                throw bad("chunk size has more than 15 hex digits");
            }
            size = size << 4 | d;
        } else if (digits == 0) {
            throw bad("chunk size is not a hex number");
        } else if (b == ';') {
            state = EXTENSION;
            extension = ChunkExtension.NAME_START;
        } else if (b == '\r') {
            state = SIZE_LF;
        } else {
            throw bad("invalid character after chunk size");
        }
    }

    private static void lf(byte b) {
        if (b != '\n') {
            throw bad("bare CR in chunked body");
        }
    }

    private static Http1Exception bad(String reason) {
        return new Http1Exception(400, reason);
    }
}
