package dev.zapline.server.internal.http2;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** The HTTP/2 client connection preface (RFC 9113 §3.4), which a client with prior knowledge sends first. */
public final class Http2Preface {

    public static final byte[] BYTES = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private Http2Preface() {}

    /**
     * Whether the readable bytes of {@code in} start the preface: -1 at the first byte that differs, 1 when the whole
     * preface is there, 0 when what is there is a proper prefix of it.
     */
    public static int match(ByteBuf in) {
        int r = in.readerIndex();
        int n = Math.min(in.readableBytes(), BYTES.length);
        for (int i = 0; i < n; i++) {
            if (in.getByte(r + i) != BYTES[i]) {
                return -1;
            }
        }
        return n == BYTES.length ? 1 : 0;
    }
}
