package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

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

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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

    /** Case-insensitive comparison of {@code lower.length} bytes of {@code a} at {@code from} with {@code lower}. */
    static boolean equalsIgnoreCase(byte[] a, int from, byte[] lower) {
        for (int i = 0; i < lower.length; i++) {
            if (lower(a[from + i]) != lower[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The index of the first byte of {@code a[from, to)} that a field value may not hold ({@link #isFieldValueByte}),
     * or {@code to}: eight bytes per step while none of them is a control byte (HTAB included, which the byte loop
     * after the words then reads) or DEL.
     */
    static int skipFieldValue(byte[] a, int from, int to) {
        int i = from;
        while (i + 8 <= to) {
            long x = (long) LONGS.get(a, i);
            long y = x ^ 0x7F7F7F7F7F7F7F7FL;
            // a byte below 0x20 in x, a zero byte (DEL in x) in y: exact as to whether there is one (all this needs)
            long below = (x - 0x2020202020202020L) & ~x;
            long zero = (y - 0x0101010101010101L) & ~y;
            if (((below | zero) & 0x8080808080808080L) != 0) {
                break;
            }
            i += 8;
        }
        while (i < to && isFieldValueByte(a[i])) {
            i++;
        }
        return i;
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
