package dev.zapline.codec.http1;

import dev.zapline.codec.http.ReasonPhrases;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Writes HTTP/1.1 response heads into a Netty buffer from pre-encoded pieces: status lines for every status are
 * encoded once, header names are given as pre-encoded {@code "name: "} arrays, and numbers are written digit by
 * digit without a String.
 *
 * {@snippet class=dev.zapline.codec.snippets.Http1Snippets region=responseWriter}
 *
 * <p>Stateless and thread-safe; allocation-free.
 */
public final class Http1ResponseWriter {

    /** The most bytes {@link #contentLength(byte[], int, long)} writes: the name, 19 digits and CRLF. */
    public static final int MAX_CONTENT_LENGTH_LINE = 16 + 19 + 2;

    private static final byte[][] STATUS_LINES = new byte[600][];
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("content-length: ");
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] COLON_SPACE = {':', ' '};

    static {
        for (int s = 100; s < 600; s++) {
            STATUS_LINES[s] =
                    ("HTTP/1.1 " + s + " " + ReasonPhrases.of(s) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private Http1ResponseWriter() {}

    /** Pre-encodes a header name as {@code "name: "} for {@link #header(ByteBuf, byte[], byte[])}. */
    public static byte[] name(String name) {
        checkToken(name);
        return (name + ": ").getBytes(StandardCharsets.US_ASCII);
    }

    /** The status line bytes for {@code status} (100..599), CRLF included. */
    public static byte[] statusLineBytes(int status) {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status " + status + " outside 100..599");
        }
        return STATUS_LINES[status];
    }

    public static void statusLine(ByteBuf out, int status) {
        out.writeBytes(statusLineBytes(status));
    }

    /** Writes {@code nameColonSpace} (from {@link #name}), the value and CRLF. */
    public static void header(ByteBuf out, byte[] nameColonSpace, byte[] value) {
        out.writeBytes(nameColonSpace).writeBytes(value).writeBytes(CRLF);
    }

    /**
     * Writes a header from text; the value is written as ISO-8859-1. Control characters other than HTAB (CR, LF
     * and NUL among them, RFC 9110 §5.5) and non-Latin-1 characters are refused before anything is written.
     */
    public static void header(ByteBuf out, CharSequence name, CharSequence value) {
        checkToken(name);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xFF || !Ascii.isFieldValueByte(c)) {
                throw new IllegalArgumentException("header " + name + " value has a control or non-Latin-1 character 0x"
                        + Integer.toHexString(c) + " at " + i);
            }
        }
        writeLatin1(out, name);
        out.writeBytes(COLON_SPACE);
        writeLatin1(out, value);
        out.writeBytes(CRLF);
    }

    public static void contentLength(ByteBuf out, long length) {
        if (length >= 0 && length < CONTENT_LENGTH_LINES.length) {
            out.writeBytes(CONTENT_LENGTH_LINES[(int) length]);
            return;
        }
        out.writeBytes(CONTENT_LENGTH);
        decimal(out, length);
        out.writeBytes(CRLF);
    }

    /** {@code content-length: N\r\n} for the small bodies most responses have, written with one copy. */
    private static final byte[][] CONTENT_LENGTH_LINES = new byte[4096][];

    static {
        for (int n = 0; n < CONTENT_LENGTH_LINES.length; n++) {
            CONTENT_LENGTH_LINES[n] = ("content-length: " + n + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    /**
     * Writes {@code content-length: N\r\n} into {@code dst} at {@code at} (room for {@link #MAX_CONTENT_LENGTH_LINE}
     * bytes is the caller's to ensure); returns the index after it. For heads assembled in an array and copied once.
     */
    public static int contentLength(byte[] dst, int at, long length) {
        if (length >= 0 && length < CONTENT_LENGTH_LINES.length) {
            byte[] line = CONTENT_LENGTH_LINES[(int) length];
            System.arraycopy(line, 0, dst, at, line.length);
            return at + line.length;
        }
        if (length < 0) {
            throw new IllegalArgumentException("negative number " + length);
        }
        System.arraycopy(CONTENT_LENGTH, 0, dst, at, CONTENT_LENGTH.length);
        int p = at + CONTENT_LENGTH.length;
        int digits = 1;
        for (long n = length / 10; n > 0; n /= 10) {
            digits++;
        }
        for (int k = p + digits - 1; k >= p; k--, length /= 10) {
            dst[k] = (byte) ('0' + length % 10);
        }
        p += digits;
        dst[p++] = '\r';
        dst[p++] = '\n';
        return p;
    }

    public static void endHead(ByteBuf out) {
        out.writeBytes(CRLF);
    }

    /** Writes {@code n >= 0} in decimal. */
    public static void decimal(ByteBuf out, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative number " + n);
        }
        long div = 1;
        while (div <= n / 10) {
            div *= 10;
        }
        for (; div > 0; div /= 10) {
            out.writeByte((int) ('0' + n / div % 10));
        }
    }

    /** Writes {@code n >= 0} in lower-case hex (chunk sizes). */
    public static void hex(ByteBuf out, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative number " + n);
        }
        int shift = Math.max(0, (63 - Long.numberOfLeadingZeros(n)) / 4 * 4);
        for (; shift >= 0; shift -= 4) {
            out.writeByte(Character.forDigit((int) (n >>> shift) & 0xF, 16));
        }
    }

    private static void checkToken(CharSequence name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty header name");
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) > 0xFF || !Ascii.isTchar(name.charAt(i))) {
                throw new IllegalArgumentException("header name '" + name + "' has a non-token character at " + i);
            }
        }
    }

    private static void writeLatin1(ByteBuf out, CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            out.writeByte(s.charAt(i));
        }
    }
}
