package dev.zapline.codec.http1;

import java.nio.charset.StandardCharsets;

/**
 * The header fields of a response that a client must interpret, read one byte at a time as
 * {@link Http1ResponseParser} scans them: Content-Length, Transfer-Encoding, Connection, and optionally one field
 * whose value the caller asked to capture. Every other field is only checked for syntax by the parser. A folded
 * line (obs-fold) arrives as one SP followed by the continuation, as RFC 9112 §5.2 asks of a user agent.
 */
final class ResponseFields {

    private static final int CONTENT_LENGTH = 1;
    private static final int TRANSFER_ENCODING = 2;
    private static final int CONNECTION = 4;
    private static final int CAPTURED = 8;
    private static final byte[][] NAMES = {
        Ascii.bytes("content-length"), Ascii.bytes("transfer-encoding"), Ascii.bytes("connection"), null
    };

    private final byte[][] names = NAMES.clone();
    /** {@link #lengths} of {@link #names}. */
    private long lengths = lengths(NAMES);

    private byte[] captured = new byte[0];
    private final TokenList chunked = new TokenList(Ascii.bytes("chunked"));
    private final TokenList close = new TokenList(Ascii.bytes("close"));
    private final TokenList keepAlive = new TokenList(Ascii.bytes("keep-alive"));

    private int candidates;
    private int nameLength;
    private int field;

    private long contentLength;
    private int lengthDigits;
    private boolean lengthEnded;
    private boolean transferEncoding;

    private int capturedLength;
    private int capturedPosition;
    private boolean capturedTruncated;

    ResponseFields() {
        reset();
    }

    void capture(String lowerName, int maxValueBytes) {
        names[3] = lowerName.getBytes(StandardCharsets.US_ASCII);
        lengths = lengths(names);
        captured = new byte[maxValueBytes];
    }

    void reset() {
        field = 0;
        contentLength = -1;
        transferEncoding = false;
        chunked.reset();
        close.reset();
        keepAlive.reset();
        capturedLength = -1;
        capturedTruncated = false;
    }

    /**
     * Whether a field name of {@code length} bytes can be one of the fields interpreted here; when it cannot, the
     * field is only checked for syntax and none of this class's methods need to see it.
     */
    boolean mayInterpret(int length) {
        return length < 64 ? (lengths >>> length & 1) != 0 : names[3] != null && names[3].length == length;
    }

    /** Bit {@code n} for each name of {@code n} bytes, below 64. */
    private static long lengths(byte[][] names) {
        long m = 0;
        for (byte[] n : names) {
            if (n != null && n.length < 64) {
                m |= 1L << n.length;
            }
        }
        return m;
    }

    /**
     * A whole field name at once, {@code a[from, from + length)} (tchars, the colon not included): what
     * {@link #nameStart}, {@link #nameByte} for each byte and {@link #nameEnd} do, in one comparison per field.
     */
    void name(byte[] a, int from, int length) {
        int c = 0;
        for (int k = 0; k < names.length; k++) {
            byte[] n = names[k];
            if (n != null && n.length == length && Ascii.equalsIgnoreCase(a, from, n)) {
                c |= 1 << k;
            }
        }
        candidates = c;
        nameLength = length;
        nameEnd();
    }

    /** Whether the field whose name just ended ({@link #nameEnd}) is one of the interpreted ones. */
    boolean interpreting() {
        return field != 0;
    }

    void nameStart() {
        candidates = names[3] == null ? CONTENT_LENGTH | TRANSFER_ENCODING | CONNECTION : 15;
        nameLength = 0;
    }

    void nameByte(byte b) {
        int c = Ascii.lower(b);
        for (int k = 0; k < 4; k++) {
            int bit = 1 << k;
            if ((candidates & bit) != 0 && (nameLength >= names[k].length || names[k][nameLength] != c)) {
                candidates &= ~bit;
            }
        }
        nameLength++;
    }

    /** The colon: decides which of the interpreted fields this is, if any. */
    void nameEnd() {
        field = 0;
        for (int k = 0; k < 4; k++) {
            if ((candidates & 1 << k) != 0 && names[k].length == nameLength) {
                field |= 1 << k;
            }
        }
        if ((field & CONTENT_LENGTH) != 0) {
            if (contentLength >= 0) {
                throw Http1ResponseParser.invalid("more than one Content-Length field");
            }
            contentLength = 0;
            lengthDigits = 0;
            lengthEnded = false;
        }
        transferEncoding |= (field & TRANSFER_ENCODING) != 0;
        if ((field & CAPTURED) != 0) {
            if (capturedLength >= 0) {
                field &= ~CAPTURED; // the first such field is the one captured
            } else {
                capturedLength = 0;
                capturedPosition = -1;
            }
        }
    }

    void valueByte(byte b) {
        if (field == 0) {
            return;
        }
        if ((field & CONTENT_LENGTH) != 0) {
            lengthByte(b);
        }
        if ((field & TRANSFER_ENCODING) != 0) {
            chunked.feed(b);
        }
        if ((field & CONNECTION) != 0) {
            close.feed(b);
            keepAlive.feed(b);
        }
        if ((field & CAPTURED) != 0) {
            captureByte(b);
        }
    }

    /** Content-Length = 1*DIGIT (RFC 9110 §8.6), at most 18 digits so that it cannot overflow. */
    private void lengthByte(byte b) {
        if (b == ' ' || b == '\t') {
            lengthEnded = lengthDigits > 0;
        } else if (b >= '0' && b <= '9' && !lengthEnded && lengthDigits < 18) {
            lengthDigits++;
            contentLength = contentLength * 10 + (b - '0');
        } else {
            throw Http1ResponseParser.invalid("invalid Content-Length");
        }
    }

    private void captureByte(byte b) {
        boolean ows = b == ' ' || b == '\t';
        if (capturedPosition < 0 && ows) {
            return;
        }
        int at = ++capturedPosition;
        if (at < captured.length) {
            captured[at] = b;
        }
        if (!ows) {
            if (at >= captured.length) {
                capturedTruncated = true;
            } else {
                capturedLength = at + 1;
            }
        }
    }

    void fieldEnd() {
        if ((field & CONTENT_LENGTH) != 0 && lengthDigits == 0) {
            throw Http1ResponseParser.invalid("invalid Content-Length");
        }
        if ((field & TRANSFER_ENCODING) != 0) {
            chunked.endElement();
        }
        if ((field & CONNECTION) != 0) {
            close.endElement();
            keepAlive.endElement();
        }
        field = 0;
    }

    /** The declared length, or -1 without a Content-Length field. */
    long contentLength() {
        return contentLength;
    }

    boolean transferEncoding() {
        return transferEncoding;
    }

    /** Transfer-Encoding lists chunked as its final coding (RFC 9112 §6.3 item 4). */
    boolean chunkedLast() {
        return chunked.last();
    }

    /** How many times chunked is listed. */
    int chunkedCount() {
        return chunked.count();
    }

    boolean close() {
        return close.count() > 0;
    }

    boolean keepAlive() {
        return keepAlive.count() > 0;
    }

    int capturedLength() {
        return capturedLength;
    }

    boolean capturedTruncated() {
        return capturedTruncated;
    }

    byte[] captured() {
        return captured;
    }
}
