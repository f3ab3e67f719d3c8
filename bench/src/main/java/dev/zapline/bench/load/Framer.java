package dev.zapline.bench.load;

import io.netty.buffer.ByteBuf;

/** Finds where complete responses end in a connection's bytes, for one protocol. Not thread-safe. */
interface Framer {

    /**
     * Length of the complete response at the reader index of {@code in}, or -1 when it has not all arrived.
     *
     * @throws IllegalStateException when the bytes are not a response this framer accepts (e.g. not status 200)
     */
    int next(ByteBuf in);

    /** HTTP/1.1: a status line that must say 200, headers, then content-length bytes of body. */
    static Framer http() {
        return new Framer() {
            @Override
            public int next(ByteBuf in) {
                int start = in.readerIndex();
                int end = in.writerIndex();
                int headEnd = -1;
                for (int i = start; i + 3 < end; i++) {
                    if (in.getByte(i) == '\r'
                            && in.getByte(i + 1) == '\n'
                            && in.getByte(i + 2) == '\r'
                            && in.getByte(i + 3) == '\n') {
                        headEnd = i + 4;
                        break;
                    }
                }
                if (headEnd < 0) {
                    return -1;
                }
                if (in.getByte(start + 9) != '2' || in.getByte(start + 10) != '0' || in.getByte(start + 11) != '0') {
                    throw new IllegalStateException("response status is not 200");
                }
                long length = contentLength(in, start, headEnd);
                return headEnd + length > end ? -1 : (int) (headEnd - start + length);
            }

            private long contentLength(ByteBuf in, int from, int to) {
                for (int i = from; i < to - 16; i++) {
                    if ((in.getByte(i) | 0x20) == 'c' && matches(in, i, "content-length:")) {
                        long n = 0;
                        int p = i + 15;
                        while (in.getByte(p) == ' ') {
                            p++;
                        }
                        for (byte b; (b = in.getByte(p)) >= '0' && b <= '9'; p++) {
                            n = n * 10 + (b - '0');
                        }
                        return n;
                    }
                }
                throw new IllegalStateException("response without content-length");
            }

            private boolean matches(ByteBuf in, int at, String lower) {
                for (int k = 0; k < lower.length(); k++) {
                    if ((in.getByte(at + k) | 0x20) != lower.charAt(k) && in.getByte(at + k) != lower.charAt(k)) {
                        return false;
                    }
                }
                return true;
            }
        };
    }

    /** zaphttp: a big-endian length prefix, then a response frame whose status (u16 at object offset 0) is 200. */
    static Framer zap() {
        return in -> {
            int start = in.readerIndex();
            if (in.readableBytes() < 4) {
                return -1;
            }
            long length = in.getUnsignedInt(start);
            if (in.readableBytes() < 4 + length) {
                return -1;
            }
            int root = in.getIntLE(start + 4 + 8);
            int status = in.getUnsignedShortLE(start + 4 + root);
            if (status != 200 && status != 0) {
                throw new IllegalStateException("response status " + status);
            }
            return (int) (4 + length);
        };
    }
}
