package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;

/**
 * Where {@link Http1ResponseParser} puts the body of a response: counts its bytes, hands each piece to the caller's
 * {@link BodySink} if there is one, and copies it into the caller's buffer if there is one, up to
 * {@link Http1ResponseLimits#maxBufferedBody()}. It is itself the sink the chunked decoder feeds chunk data to.
 */
final class ResponseBody implements BodySink {

    private final long maxBuffered;
    private BodySink sink;
    private ByteBuf buffer;
    private long length;

    ResponseBody(long maxBuffered) {
        this.maxBuffered = maxBuffered;
    }

    void sink(BodySink sink) {
        this.sink = sink;
    }

    void bufferInto(ByteBuf out) {
        this.buffer = out;
    }

    /** Refuses, before any of it arrives, a body of {@code declared} bytes that would not fit the buffering limit. */
    void expect(long declared) {
        if (buffer != null && declared > maxBuffered) {
            throw Http1ResponseParser.invalid(
                    "body of " + declared + " bytes exceeds the buffering limit of " + maxBuffered);
        }
    }

    /** A new response: no bytes yet. */
    void reset() {
        length = 0;
    }

    /** Bytes of body so far. */
    long length() {
        return length;
    }

    @Override
    public void body(ByteBuf in, int index, int n) {
        if (n == 0) {
            return;
        }
        length += n;
        if (sink != null) {
            sink.body(in, index, n);
        }
        if (buffer != null) {
            if (length > maxBuffered) {
                throw Http1ResponseParser.invalid("body exceeds the buffering limit of " + maxBuffered);
            }
            copy(in, index, n, buffer);
        }
    }

    /** {@code out.writeBytes(in, index, length)} without the ByteBuffer views that a direct-to-direct copy makes. */
    private static void copy(ByteBuf in, int index, int length, ByteBuf out) {
        if (in.hasArray()) {
            out.writeBytes(in.array(), in.arrayOffset() + index, length);
        } else if (in.nioBufferCount() == 1) {
            out.writeBytes(in.internalNioBuffer(index, length));
        } else {
            out.writeBytes(in, index, length);
        }
    }
}
