package dev.zapline.codec.http1;

import io.netty.util.ByteProcessor;

/**
 * The byte grammar of a response head (RFC 9112 §4 status line, §5 field lines), one byte at a time and resumable:
 * keeps the version, status code and the first bytes of the reason phrase, checks every field line's syntax and
 * passes names and values to {@link ResponseFields}. {@link #process} returns false on the LF that ends the head.
 * The strict and lenient choices are listed on {@link Http1ResponseParser}.
 */
final class ResponseHeadScanner implements ByteProcessor {

    private static final int START = 0;
    private static final int START_LF = 1;
    private static final int VERSION = 2;
    private static final int CODE = 3;
    private static final int REASON = 4;
    private static final int LINE_LF = 5;
    private static final int FIELD_START = 6;
    private static final int NAME = 7;
    private static final int NAME_WS = 8;
    private static final int VALUE = 9;
    private static final int FIELD_LF = 10;
    private static final int END_LF = 11;
    private static final int DONE = 12;

    private static final byte[] HTTP_1_ = Ascii.bytes("HTTP/1.");

    private final Http1ResponseLimits limits;
    private final ResponseFields fields = new ResponseFields();
    private final byte[] reason;
    private int state;
    private int lineBytes;
    private int headerBytes;
    private int index;
    private int version;
    private int status;
    private int reasonLength;
    private boolean inField;

    ResponseHeadScanner(Http1ResponseLimits limits, int maxReason) {
        this.limits = limits;
        this.reason = new byte[maxReason];
        reset();
    }

    void reset() {
        state = START;
        lineBytes = 0;
        headerBytes = 0;
        index = 0;
        version = 0;
        status = 0;
        reasonLength = 0;
        inField = false;
        fields.reset();
    }

    /** Nothing has been scanned since the last {@link #reset}: {@link #scan} may be tried. */
    boolean fresh() {
        return state == START && lineBytes == 0;
    }

    /**
     * The whole head at once, on a scanner that is {@link #fresh}: the common shape of a head (status line with a
     * reason or without, field lines ending in CRLF, no obs-fold, no whitespace before a colon) read with tight
     * loops over {@code a[from, to)} instead of one {@link #process} call per byte. A field that may be interpreted
     * ({@link ResponseFields#mayInterpret}) has its name matched whole ({@link ResponseFields#name}, what the
     * per-byte calls decide) and, when it frames the message, its value fed byte by byte as {@link #process} feeds
     * it, so every such value is checked the same way and at the same byte; any other field is only checked for
     * syntax, eight value bytes at a time, and a captured one then copied whole.
     *
     * @return the index after the LF that ends the head (the scanner is then as {@link #process} leaves it), or
     *     -1 when the head is not complete in the range, is larger than the limits, or takes any turn this loop
     *     does not follow: the scanner is then reset, and the caller feeds the same bytes to {@link #process},
     *     which decides (and names any defect) exactly as it always does
     * @throws Http1Exception a defect {@link #process} would report at the same byte (a field's value)
     */
    int scan(byte[] a, int from, int to) {
        int e = WholeHeadScan.scan(a, from, to, limits, fields, reason, this);
        if (e < 0) {
            reset();
        }
        return e;
    }

    /**
     * {@link WholeHeadScan} read a whole head: the scanner is left as {@link #process}
     * leaves it after the head's last LF.
     */
    void scanned(byte minor, int code, int reasonKept, int statusLine, int fieldBytes) {
        state = DONE;
        version = minor == '0' ? 10 : 11;
        status = code;
        reasonLength = reasonKept;
        lineBytes = statusLine;
        headerBytes = fieldBytes;
        index = 3;
        inField = false;
    }

    /** No byte of a status line has been seen (empty lines aside). */
    boolean idle() {
        return state == START || state == START_LF;
    }

    @Override
    public boolean process(byte b) {
        switch (state) {
            case START -> start(b);
            case START_LF -> {
                lf(b);
                state = START;
            }
            case VERSION -> version(b);
            case CODE -> code(b);
            case REASON -> reason(b);
            case LINE_LF -> {
                lf(b);
                state = FIELD_START;
            }
            case FIELD_START -> {
                return fieldStart(b);
            }
            case NAME -> name(b);
            case NAME_WS -> nameWhitespace(b);
            case VALUE -> value(b);
            case FIELD_LF -> {
                countHeader();
                lf(b);
                state = FIELD_START;
            }
            case END_LF -> {
                countHeader();
                lf(b);
                state = DONE;
                return false;
            }
            default -> throw new IllegalStateException("scanner used after the head was complete");
        }
        return true;
    }

    /** Empty lines before the status line are skipped (they count towards its limit). */
    private void start(byte b) {
        if (b == '\r') {
            countLine();
            state = START_LF;
        } else if (b == '\n') {
            countLine();
        } else {
            state = VERSION;
            version(b);
        }
    }

    private void version(byte b) {
        countLine();
        if (index < HTTP_1_.length) {
            if (b != HTTP_1_[index++]) {
                throw Http1ResponseParser.invalid("status line does not start with HTTP/1.");
            }
        } else if (index == HTTP_1_.length) {
            if (b < '0' || b > '9') {
                throw Http1ResponseParser.invalid("HTTP version has no minor digit");
            }
            version = b == '0' ? 10 : 11;
            index++;
        } else if (b == ' ') {
            state = CODE;
            index = 0;
        } else {
            throw Http1ResponseParser.invalid("no SP after the HTTP version");
        }
    }

    private void code(byte b) {
        if (index == 3) {
            endOfCode(b);
            return;
        }
        countLine();
        if (b < '0' || b > '9' || index == 0 && b == '0') {
            throw Http1ResponseParser.invalid("status code is not three digits from 100");
        }
        status = status * 10 + (b - '0');
        index++;
    }

    private void endOfCode(byte b) {
        if (b == ' ') {
            countLine();
            state = REASON;
        } else if (b == '\r') {
            state = LINE_LF;
        } else if (b == '\n') {
            state = FIELD_START;
        } else {
            throw Http1ResponseParser.invalid("status code is not three digits from 100");
        }
    }

    private void reason(byte b) {
        if (b == '\r') {
            state = LINE_LF;
        } else if (b == '\n') {
            state = FIELD_START;
        } else if (Ascii.isFieldValueByte(b)) {
            countLine();
            if (reasonLength < reason.length) {
                reason[reasonLength++] = b;
            }
        } else {
            throw Http1ResponseParser.invalid("invalid character 0x" + hex(b) + " in reason phrase");
        }
    }

    private boolean fieldStart(byte b) {
        countHeader();
        if (b == ' ' || b == '\t') {
            if (!inField) {
                throw Http1ResponseParser.invalid("whitespace before the first header field");
            }
            fields.valueByte((byte) ' '); // obs-fold: replaced with SP (RFC 9112 §5.2)
            state = VALUE;
            return true;
        }
        if (inField) {
            fields.fieldEnd();
            inField = false;
        }
        if (b == '\r') {
            state = END_LF;
        } else if (b == '\n') {
            state = DONE;
            return false;
        } else if (Ascii.isTchar(b)) {
            fields.nameStart();
            fields.nameByte(b);
            inField = true;
            state = NAME;
        } else {
            throw Http1ResponseParser.invalid("invalid character 0x" + hex(b) + " at the start of a header field");
        }
        return true;
    }

    private void name(byte b) {
        countHeader();
        if (b == ':') {
            fields.nameEnd();
            state = VALUE;
        } else if (Ascii.isTchar(b)) {
            fields.nameByte(b);
        } else if (b == ' ' || b == '\t') {
            state = NAME_WS; // a user agent may drop it (RFC 9112 §5.1)
        } else {
            throw Http1ResponseParser.invalid("invalid character 0x" + hex(b) + " in header field name");
        }
    }

    private void nameWhitespace(byte b) {
        countHeader();
        if (b == ':') {
            fields.nameEnd();
            state = VALUE;
        } else if (b != ' ' && b != '\t') {
            throw Http1ResponseParser.invalid("whitespace inside a header field name");
        }
    }

    private void value(byte b) {
        countHeader();
        if (b == '\r') {
            state = FIELD_LF;
        } else if (b == '\n') {
            state = FIELD_START;
        } else if (Ascii.isFieldValueByte(b)) {
            fields.valueByte(b);
        } else {
            throw Http1ResponseParser.invalid("invalid character 0x" + hex(b) + " in header field value");
        }
    }

    private static void lf(byte b) {
        if (b != '\n') {
            throw Http1ResponseParser.invalid("bare CR in the response head");
        }
    }

    private void countLine() {
        if (++lineBytes > limits.maxStatusLine()) {
            throw Http1ResponseParser.invalid("status line longer than " + limits.maxStatusLine() + " bytes");
        }
    }

    private void countHeader() {
        if (++headerBytes > limits.maxHeaderBytes()) {
            throw Http1ResponseParser.invalid("header section larger than " + limits.maxHeaderBytes() + " bytes");
        }
    }

    private static String hex(byte b) {
        return Integer.toHexString(b & 0xFF);
    }

    ResponseFields fields() {
        return fields;
    }

    int version() {
        return version;
    }

    int status() {
        return status;
    }

    int reasonLength() {
        return reasonLength;
    }

    byte[] reason() {
        return reason;
    }
}
