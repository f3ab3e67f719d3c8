package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;
import java.util.Arrays;

/**
 * Parses the head of an HTTP/1.1 request (request line and header section, RFC 9112 §2–§5) in one resumable pass
 * over a Netty buffer, copying the head into the connection's {@link Http1Request} as it goes. Input that arrives
 * in pieces is resumed where the last call stopped; nothing is read twice and nothing is allocated.
 *
 * <pre>{@code
 * int consumed = parser.parse(in, request);   // -1: need more bytes; else head bytes to skip
 * if (consumed > 0) { in.skipBytes(consumed); ... body per request.bodyKind() ... parser.reset(); }
 * }</pre>
 *
 * <p>Strict where leniency lets two parsers disagree (the root of request smuggling): CRLF line endings only (a
 * bare CR or bare LF is rejected), no whitespace between a field name and its colon, no obs-fold, no control
 * characters, a token method, a target of visible ASCII in origin, absolute (http, https) or asterisk (OPTIONS)
 * form, exactly {@code HTTP/1.0} or {@code HTTP/1.1} ({@code HTTP/1.2} to {@code HTTP/1.9} get 505). Up to one
 * empty line before the request line is ignored (RFC 9112 §2.2). Errors are {@link Http1Exception}s carrying the
 * status to answer. Not thread-safe; one per connection.
 */
public final class Http1HeadParser implements ByteProcessor {

    private static final int START = 0;
    private static final int START_LF = 1;
    private static final int METHOD = 2;
    private static final int TARGET = 3;
    private static final int VERSION = 4;
    private static final int LINE_LF = 5;
    private static final int FIELD_START = 6;
    private static final int NAME = 7;
    private static final int VALUE_OWS = 8;
    private static final int VALUE = 9;
    private static final int FIELD_LF = 10;
    private static final int END_LF = 11;
    private static final int DONE = 12;

    private static final byte[] HTTP_1_ = Ascii.bytes("HTTP/1.");
    private static final byte[] HTTP_SCHEME = Ascii.bytes("http://");
    private static final byte[] HTTPS_SCHEME = Ascii.bytes("https://");
    private static final byte[] OPTIONS = Ascii.bytes("OPTIONS");

    private final Http1Limits limits;
    private Http1Request req;
    private int state;
    private int scanned;
    private int emptyLines;
    private int lineBytes;
    private int headerBytes;
    private int versionIndex;
    private int fieldNameStart;
    private int fieldNameEnd;
    private int fieldValueStart;
    private int fieldValueEnd;

    public Http1HeadParser(Http1Limits limits) {
        this.limits = limits;
        reset();
    }

    /** Prepares for the next request. */
    public void reset() {
        state = START;
        scanned = 0;
        emptyLines = 0;
        lineBytes = 0;
        headerBytes = 0;
        versionIndex = 0;
        req = null;
    }

    /**
     * Continues parsing the head that starts at {@code in.readerIndex()}.
     *
     * @return -1 when more bytes are needed, else the number of bytes the head took (skip them)
     * @throws Http1Exception for malformed or over-limit input
     */
    public int parse(ByteBuf in, Http1Request into) {
        if (req != into) {
            if (scanned != 0) {
                throw new IllegalStateException("parser resumed with a different request object");
            }
            req = into;
            into.clear();
        }
        int from = in.readerIndex() + scanned;
        int available = in.writerIndex() - from;
        if (available <= 0) {
            return -1;
        }
        int stop = in.forEachByte(from, available, this);
        if (stop < 0) {
            scanned += available;
            return -1;
        }
        scanned = stop + 1 - in.readerIndex();
        Http1Semantics.apply(into, limits);
        return scanned;
    }

    @Override
    public boolean process(byte b) {
        switch (state) {
            case START -> start(b);
            case START_LF -> {
                expectLf(b);
                state = START;
            }
            case METHOD -> method(b);
            case TARGET -> target(b);
            case VERSION -> version(b);
            case LINE_LF -> {
                expectLf(b);
                state = FIELD_START;
            }
            case FIELD_START -> fieldStart(b);
            case NAME -> name(b);
            case VALUE_OWS -> valueOws(b);
            case VALUE -> value(b);
            case FIELD_LF -> {
                expectLf(b);
                req.addHeader(fieldNameStart, fieldNameEnd, fieldValueStart, fieldValueEnd);
                state = FIELD_START;
            }
            case END_LF -> {
                expectLf(b);
                state = DONE;
                return false;
            }
            default -> throw new IllegalStateException("parser used after the head was complete");
        }
        return true;
    }

    private void start(byte b) {
        if (b == '\r' && emptyLines == 0) {
            emptyLines++;
            state = START_LF;
        } else if (Ascii.isTchar(b)) {
            req.append(b);
            lineBytes = 1;
            state = METHOD;
        } else {
            throw bad("request line does not start with a method token");
        }
    }

    private void method(byte b) {
        countLine();
        if (b == ' ') {
            req.methodEnd = req.length;
            req.targetStart = req.length + 1;
            req.append(b);
            state = TARGET;
        } else if (Ascii.isTchar(b)) {
            req.append(b);
        } else {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " in method");
        }
    }

    private void target(byte b) {
        countLine();
        if (b == ' ') {
            if (req.length == req.targetStart) {
                throw bad("empty request target");
            }
            req.targetEnd = req.length;
            checkTargetForm();
            req.append(b);
            state = VERSION;
            versionIndex = 0;
        } else if (Ascii.isTargetByte(b)) {
            if (b == '?' && req.queryStart < 0) {
                req.queryStart = req.length;
            }
            req.append(b);
        } else {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " in request target");
        }
    }

    /**
     * Origin form, absolute form with an http or https scheme (RFC 9112 §3.2.2; the scheme is case-insensitive,
     * RFC 3986 §3.1), or asterisk form for OPTIONS only (§3.2.4). Authority form is for CONNECT, which is not served.
     */
    private void checkTargetForm() {
        byte first = req.head[req.targetStart];
        int len = req.targetEnd - req.targetStart;
        boolean origin = first == '/';
        boolean asterisk = first == '*' && len == 1
                && Arrays.equals(req.head, 0, req.methodEnd, OPTIONS, 0, OPTIONS.length);
        boolean absolute = startsWith(req.targetStart, len, HTTP_SCHEME)
                || startsWith(req.targetStart, len, HTTPS_SCHEME);
        if (!origin && !asterisk && !absolute) {
            throw bad("request target is not in origin, absolute (http, https) or asterisk (OPTIONS) form");
        }
    }

    private boolean startsWith(int at, int len, byte[] lower) {
        if (len < lower.length) {
            return false;
        }
        for (int k = 0; k < lower.length; k++) {
            if (Ascii.lower(req.head[at + k]) != lower[k]) {
                return false;
            }
        }
        return true;
    }

    private void version(byte b) {
        if (versionIndex > HTTP_1_.length && b == '\r') {
            state = LINE_LF; // the limit is on the line without its CRLF
            return;
        }
        countLine();
        if (versionIndex < HTTP_1_.length) {
            if (b != HTTP_1_[versionIndex++]) {
                throw bad("unsupported protocol version");
            }
            req.append(b);
        } else if (versionIndex == HTTP_1_.length) {
            if (b < '0' || b > '9') {
                throw bad("HTTP version has no minor digit");
            }
            if (b > '1') {
                throw new Http1Exception(505, "HTTP/1." + (char) b + " is not supported");
            }
            req.version = b == '0' ? 10 : 11;
            req.append(b);
            versionIndex++;
        } else {
            throw bad("unexpected bytes after the HTTP version");
        }
    }

    private void fieldStart(byte b) {
        countHeader();
        if (b == '\r') {
            state = END_LF;
        } else if (b == ' ' || b == '\t') {
            throw bad("obsolete line folding (RFC 9112 §5.2) is not accepted");
        } else if (Ascii.isTchar(b)) {
            if (req.headerCount >= limits.maxHeaders()) {
                throw new Http1Exception(431, "more than " + limits.maxHeaders() + " header fields");
            }
            fieldNameStart = req.length;
            req.append(b);
            state = NAME;
        } else {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " at the start of a header field");
        }
    }

    private void name(byte b) {
        countHeader();
        if (b == ':') {
            fieldNameEnd = req.length;
            req.append(b);
            state = VALUE_OWS;
        } else if (Ascii.isTchar(b)) {
            req.append(b);
        } else if (b == ' ' || b == '\t') {
            throw bad("whitespace between header field name and colon (RFC 9112 §5.1)");
        } else {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " in header field name");
        }
    }

    private void valueOws(byte b) {
        countHeader();
        if (b == ' ' || b == '\t') {
            return;
        }
        fieldValueStart = req.length;
        fieldValueEnd = req.length;
        state = VALUE;
        value(b);
    }

    private void value(byte b) {
        if (state == VALUE && req.length != fieldValueStart) {
            countHeader();
        }
        if (b == '\r') {
            state = FIELD_LF;
        } else if (Ascii.isFieldValueByte(b)) {
            req.append(b);
            if (b != ' ' && b != '\t') {
                fieldValueEnd = req.length;
            }
        } else {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " in header field value");
        }
    }

    private void expectLf(byte b) {
        if (b != '\n') {
            throw bad("bare CR in the request head");
        }
        if (state == START_LF) {
            return;
        }
        if (state == LINE_LF) {
            return;
        }
        countHeader();
    }

    private void countLine() {
        if (++lineBytes > limits.maxRequestLine()) {
            throw new Http1Exception(414, "request line longer than " + limits.maxRequestLine() + " bytes");
        }
    }

    private void countHeader() {
        if (++headerBytes > limits.maxHeaderBytes()) {
            throw new Http1Exception(431, "header section larger than " + limits.maxHeaderBytes() + " bytes");
        }
    }

    private static Http1Exception bad(String reason) {
        return new Http1Exception(400, reason);
    }
}
