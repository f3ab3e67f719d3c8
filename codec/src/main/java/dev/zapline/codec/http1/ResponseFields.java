package dev.zapline.codec.http1;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The header fields of a response that a client must interpret, read one byte at a time as
 * {@link Http1ResponseParser} scans them: Content-Length, Transfer-Encoding, Connection, and optionally the fields
 * whose values the caller asked to capture. Every other field is only checked for syntax by the parser. A folded
 * line (obs-fold) arrives as one SP followed by the continuation, as RFC 9112 §5.2 asks of a user agent.
 *
 * <p>Names are matched as lower-case bytes: {@link #names} holds the three framing names, then one per capture, and
 * bit {@code k} of {@link #candidates} says whether name {@code k} still matches the bytes seen so far.
 */
final class ResponseFields {

    /** Most captures: with the three framing names, one bit each in a long. */
    static final int MAX_CAPTURES = 61;

    private static final int CONTENT_LENGTH = 1;
    private static final int TRANSFER_ENCODING = 2;
    private static final int CONNECTION = 4;
    private static final int CAPTURED = 8;
    private static final int FRAMING = 3;
    private static final byte[][] NAMES = {
        Ascii.bytes("content-length"), Ascii.bytes("transfer-encoding"), Ascii.bytes("connection")
    };

    private byte[][] names = NAMES;
    /** One bit per entry of {@link #names}. */
    private long allNames = all(NAMES.length);
    /** {@link #lengths} of {@link #names}. */
    private long lengths = lengths(NAMES);
    /** Some captured name has 64 bytes or more, beyond {@link #lengths}. */
    private boolean longNames;

    private byte[][] values = new byte[0][];
    private int[] valueLengths = new int[0];
    private boolean[] truncated = new boolean[0];
    private final TokenList chunked = new TokenList(Ascii.bytes("chunked"));
    private final TokenList close = new TokenList(Ascii.bytes("close"));
    private final TokenList keepAlive = new TokenList(Ascii.bytes("keep-alive"));

    private long candidates;
    private int nameLength;
    private int field;

    private long contentLength;
    private int lengthDigits;
    private boolean lengthEnded;
    private boolean transferEncoding;

    /** The capture that the field being read fills, while {@link #field} has {@link #CAPTURED}. */
    private int capture;

    private byte[] captureInto;
    private int capturePosition;

    ResponseFields() {
        reset();
    }

    /**
     * Captures the first value of each of {@code fieldNames} from now on, in that order, replacing any earlier
     * captures; set-up time only, it allocates the value arrays.
     *
     * @throws IllegalArgumentException for more than {@link #MAX_CAPTURES} names, a name that is not a token, the
     *     same name twice (in any case), or {@code maxValueBytes} below 1
     */
    void capture(List<String> fieldNames, int maxValueBytes) {
        int n = fieldNames.size();
        if (maxValueBytes < 1) {
            throw new IllegalArgumentException("max value bytes " + maxValueBytes + ", at least 1");
        }
        if (n > MAX_CAPTURES) {
            throw new IllegalArgumentException(n + " header names, at most " + MAX_CAPTURES);
        }
        byte[][] all = new byte[FRAMING + n][];
        System.arraycopy(NAMES, 0, all, 0, FRAMING);
        boolean longOnes = false;
        for (int k = 0; k < n; k++) {
            String name = fieldNames.get(k);
            byte[] lower = lowerToken(name);
            for (int j = FRAMING; j < FRAMING + k; j++) {
                if (Arrays.equals(all[j], lower)) {
                    throw new IllegalArgumentException("header name '" + name + "' asked for twice");
                }
            }
            all[FRAMING + k] = lower;
            longOnes |= lower.length >= 64;
        }
        names = all;
        allNames = all(all.length);
        lengths = lengths(all);
        longNames = longOnes;
        values = new byte[n][maxValueBytes];
        valueLengths = new int[n];
        Arrays.fill(valueLengths, -1);
        truncated = new boolean[n];
    }

    private static byte[] lowerToken(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("header name '" + name + "' is not a token");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c > 0x7F || !Ascii.isTchar(c)) {
                throw new IllegalArgumentException("header name '" + name + "' is not a token");
            }
        }
        return Ascii.bytes(name.toLowerCase(Locale.ROOT));
    }

    void reset() {
        field = 0;
        contentLength = -1;
        transferEncoding = false;
        chunked.reset();
        close.reset();
        keepAlive.reset();
        for (int k = 0; k < valueLengths.length; k++) {
            valueLengths[k] = -1;
            truncated[k] = false;
        }
    }

    /**
     * Whether a field name of {@code length} bytes can be one of the fields interpreted here; when it cannot, the
     * field is only checked for syntax and none of this class's methods need to see it.
     */
    boolean mayInterpret(int length) {
        return length < 64 ? (lengths >>> length & 1) != 0 : longNames;
    }

    /** Bit {@code n} for each name of {@code n} bytes, below 64. */
    private static long lengths(byte[][] names) {
        long m = 0;
        for (byte[] n : names) {
            if (n.length < 64) {
                m |= 1L << n.length;
            }
        }
        return m;
    }

    /** The low {@code n} bits set, for {@code n} from 1 to 64. */
    private static long all(int n) {
        return -1L >>> (64 - n);
    }

    /**
     * A whole field name at once, {@code a[from, from + length)} (tchars, the colon not included): what
     * {@link #nameStart}, {@link #nameByte} for each byte and {@link #nameEnd} do, in one comparison per name.
     */
    void name(byte[] a, int from, int length) {
        long c = 0;
        for (int k = 0; k < names.length; k++) {
            byte[] n = names[k];
            if (n.length == length && Ascii.equalsIgnoreCase(a, from, n)) {
                c |= 1L << k;
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
        candidates = allNames;
        nameLength = 0;
    }

    /** Drops the names that {@code b} does not continue; one turn per name still matching. */
    void nameByte(byte b) {
        int c = Ascii.lower(b);
        long live = candidates;
        for (long m = live; m != 0; m &= m - 1) {
            int k = Long.numberOfTrailingZeros(m);
            byte[] n = names[k];
            if (nameLength >= n.length || n[nameLength] != c) {
                live &= ~(1L << k);
            }
        }
        candidates = live;
        nameLength++;
    }

    /** The colon: decides which of the interpreted fields this is, if any. */
    void nameEnd() {
        long matched = 0;
        for (long m = candidates; m != 0; m &= m - 1) {
            int k = Long.numberOfTrailingZeros(m);
            if (names[k].length == nameLength) {
                matched |= 1L << k;
            }
        }
        field = (int) matched & (CONTENT_LENGTH | TRANSFER_ENCODING | CONNECTION);
        if ((field & CONTENT_LENGTH) != 0) {
            if (contentLength >= 0) {
                throw Http1ResponseParser.invalid("more than one Content-Length field");
            }
            contentLength = 0;
            lengthDigits = 0;
            lengthEnded = false;
        }
        transferEncoding |= (field & TRANSFER_ENCODING) != 0;
        long captures = matched >>> FRAMING;
        if (captures != 0) {
            int k = Long.numberOfTrailingZeros(captures); // names are distinct: at most one capture matches
            if (valueLengths[k] < 0) { // the first such field is the one captured
                field |= CAPTURED;
                capture = k;
                captureInto = values[k];
                capturePosition = -1;
                valueLengths[k] = 0;
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

    /** Whether the field whose name just ended is captured and no framing field, so its value can be taken whole. */
    boolean capturingOnly() {
        return field == CAPTURED;
    }

    /**
     * The whole value of a {@link #capturingOnly} field, {@code a[from, to)} (valid field-value bytes): what
     * {@link #valueByte} for each of them does, in one copy.
     *
     * @return {@code to}
     */
    int captureValue(byte[] a, int from, int to) {
        int s = from;
        int e = to;
        while (s < e && (a[s] == ' ' || a[s] == '\t')) {
            s++;
        }
        while (e > s && (a[e - 1] == ' ' || a[e - 1] == '\t')) {
            e--;
        }
        byte[] into = captureInto;
        int n = e - s;
        if (n > into.length) {
            truncated[capture] = true;
            n = into.length;
            while (a[s + n - 1] == ' ' || a[s + n - 1] == '\t') {
                n--; // stops: a[s] is not whitespace
            }
        }
        System.arraycopy(a, s, into, 0, n);
        valueLengths[capture] = n;
        return to;
    }

    private void captureByte(byte b) {
        boolean ows = b == ' ' || b == '\t';
        if (capturePosition < 0 && ows) {
            return;
        }
        int at = ++capturePosition;
        byte[] into = captureInto;
        if (at < into.length) {
            into[at] = b;
        }
        if (!ows) {
            if (at >= into.length) {
                truncated[capture] = true;
            } else {
                valueLengths[capture] = at + 1;
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

    /** How many fields are captured. */
    int captures() {
        return values.length;
    }

    /** Length of capture {@code k}'s value, -1 when the response had no such field. */
    int capturedLength(int k) {
        return valueLengths[k];
    }

    boolean capturedTruncated(int k) {
        return truncated[k];
    }

    byte[] captured(int k) {
        return values[k];
    }
}
