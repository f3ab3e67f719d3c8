package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;

/** Byte classes of RFC 9110 §5.6.2 and RFC 9112 and allocation-free ASCII helpers over {@link ByteBuf}. */
final class Ascii {

    /**
     * tchar: "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
     */
    private static final boolean[] TCHAR = new boolean[256];

    static {
        for (int c = '0'; c <= '9'; c++) TCHAR[c] = true;
        for (int c = 'a'; c <= 'z'; c++) TCHAR[c] = true;
        for (int c = 'A'; c <= 'Z'; c++) TCHAR[c] = true;
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) TCHAR[c] = true;
    }

    /** uri-host [ ":" port ] of RFC 3986 §3.2.2: unreserved, pct-encoded, sub-delims, ':' and IP-literal brackets. */
    private static final boolean[] HOST = new boolean[256];

    static {
        for (int c = '0'; c <= '9'; c++) HOST[c] = true;
        for (int c = 'a'; c <= 'z'; c++) HOST[c] = true;
        for (int c = 'A'; c <= 'Z'; c++) HOST[c] = true;
        for (char c : "-._~%!$&'()*+,;=:[]".toCharArray()) HOST[c] = true;
    }

    private Ascii() {}

    static boolean isHostByte(int b) {
        return HOST[b & 0xFF];
    }

    static boolean isTchar(int b) {
        return TCHAR[b & 0xFF];
    }

    /** field-vchar, obs-text, SP or HTAB: what a field value may hold (RFC 9110 §5.5). */
    static boolean isFieldValueByte(int b) {
        int c = b & 0xFF;
        return c >= 0x20 && c != 0x7F || c == '\t';
    }

    /** What a request-target may hold: visible US-ASCII (RFC 3986 characters; no CTL, SP, DEL or non-ASCII). */
    static boolean isTargetByte(int b) {
        int c = b & 0xFF;
        return c > 0x20 && c < 0x7F;
    }

    static int lower(int b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }

    /** Case-insensitive comparison of {@code length} bytes at {@code index} with lower-case {@code lower}. */
    static boolean equalsIgnoreCase(ByteBuf buf, int index, int length, byte[] lower) {
        if (length != lower.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (lower(buf.getByte(index + i)) != lower[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Copies {@code length} bytes at {@code index} of {@code in} into {@code dst} without allocating: through the
     * array of a heap buffer or the internal NIO view of a direct one ({@code ByteBuf.getBytes} into an array
     * duplicates the NIO buffer of a direct buffer when Netty does not use Unsafe).
     */
    static void copy(ByteBuf in, int index, byte[] dst, int offset, int length) {
        if (in.hasArray()) {
            System.arraycopy(in.array(), in.arrayOffset() + index, dst, offset, length);
        } else if (in.hasMemoryAddress()) {
            in.getBytes(index, dst, offset, length);
        } else if (in.nioBufferCount() == 1) {
            java.nio.ByteBuffer nio = in.internalNioBuffer(index, length);
            nio.get(nio.position(), dst, offset, length);
        } else {
            in.getBytes(index, dst, offset, length);
        }
    }

    static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
