package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;
import java.util.Arrays;

/**
 * Parses the head of an HTTP/1.1 request (request line and header section, RFC 9112 §2–§5) in one resumable pass
 * over a Netty buffer, copying the head into the connection's {@link Http1Request} as it goes. Input that arrives
 * in pieces is resumed where the last call stopped; nothing is read twice and nothing is allocated.
 *
 * {@snippet class=dev.zapline.codec.snippets.Http1Snippets region=headParser}
 *
 * <p>Strict where leniency lets two parsers disagree (the root of request smuggling): CRLF line endings only (a
 * bare CR or bare LF is rejected), no whitespace between a field name and its colon, no obs-fold, no control
 * characters, a token method, a target of visible ASCII in origin, absolute (http, https; read in origin form, see
 * {@link Http1Request}), asterisk (OPTIONS) or authority (CONNECT) form, exactly {@code HTTP/1.0} or
 * {@code HTTP/1.1} ({@code HTTP/1.2} to {@code HTTP/1.9} get 505). Up to one empty line before the request line is
 * ignored (RFC 9112 §2.2). Errors are {@link Http1Exception}s carrying the status to answer. Not thread-safe; one
 * per connection.
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
    private static final byte[] OPTIONS = Ascii.bytes("OPTIONS");

    private final Http1Limits limits;
    /** Index in the head array of the byte being processed. */
    private int pos;

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
        // Copy the new bytes into the request's head array in one go, then run the state machine over the array,
        // recording offsets: no per-byte buffer access and no per-byte copy. Never more than the limits allow.
        int n = Math.min(available, limits.maxRequestLine() + limits.maxHeaderBytes() + 8 - scanned);
        if (n <= 0) {
            throw new Http1Exception(431, "request head larger than the limits allow");
        }
        into.ensureCapacity(scanned + n);
        Ascii.copy(in, from, into.head, scanned, n);
        byte[] h = into.head;
        int end = scanned + n;
        if (scanned == 0) {
            int whole = WholeHeadParser.parse(h, end, into, limits);
            if (whole > 0) {
                state = DONE;
                scanned = whole;
                into.length = whole;
                Http1Semantics.apply(into, limits);
                return whole;
            }
            into.clear();
        }
        int stop = -1;
        int i = scanned;
        while (i < end) {
            i = run(h, i, end);
            if (i == end) {
                break;
            }
            pos = i;
            if (!process(h[i])) {
                stop = i;
                break;
            }
            i++;
        }
        if (stop < 0) {
            scanned = end;
            return -1;
        }
        scanned = stop + 1;
        into.length = scanned;
        if (into.authorityStart >= 0) {
            into.toOriginForm();
        }
        Http1Semantics.apply(into, limits);
        return scanned;
    }

    /**
     * Skips the plain bytes of a target, a header name or a header value from {@code i} in one tight loop (they
     * only need checking and counting); returns the index of the first byte that needs the state machine.
     */
    private int run(byte[] h, int i, int end) {
        int j = i;
        switch (state) {
            case METHOD -> {
                while (j < end && Ascii.isTchar(h[j])) {
                    j++;
                }
                lineBytes += j - i;
                if (lineBytes > limits.maxRequestLine()) {
                    throw new Http1Exception(414, "request line longer than " + limits.maxRequestLine() + " bytes");
                }
            }
            case VERSION -> {
                // "HTTP/1.1" or "HTTP/1.0" whole in the buffer: check it at once; anything else goes byte by byte
                if (versionIndex == 0
                        && end - j >= HTTP_1_.length + 1
                        && Arrays.equals(h, j, j + HTTP_1_.length, HTTP_1_, 0, HTTP_1_.length)
                        && (h[j + HTTP_1_.length] == '0' || h[j + HTTP_1_.length] == '1')) {
                    lineBytes += HTTP_1_.length + 1;
                    if (lineBytes > limits.maxRequestLine()) {
                        throw new Http1Exception(414, "request line longer than " + limits.maxRequestLine() + " bytes");
                    }
                    req.version = h[j + HTTP_1_.length] == '0' ? 10 : 11;
                    versionIndex = HTTP_1_.length + 1;
                    j += HTTP_1_.length + 1;
                }
            }
            case TARGET -> {
                for (byte c; j < end && Ascii.isTargetByte(c = h[j]); j++) {
                    if (c == '?' && req.queryStart < 0) {
                        req.queryStart = j;
                    }
                }
                lineBytes += j - i;
                if (lineBytes > limits.maxRequestLine()) {
                    throw new Http1Exception(414, "request line longer than " + limits.maxRequestLine() + " bytes");
                }
            }
            case NAME, VALUE -> {
                if (state == NAME) {
                    while (j < end && Ascii.isTchar(h[j])) {
                        j++;
                    }
                } else {
                    for (byte c; j < end && (c = h[j]) != '\r' && Ascii.isFieldValueByte(c); j++) {
                        if (c != ' ' && c != '\t') {
                            fieldValueEnd = j + 1;
                        }
                    }
                }
                headerBytes += j - i;
                if (headerBytes > limits.maxHeaderBytes()) {
                    throw new Http1Exception(431, "header section larger than " + limits.maxHeaderBytes() + " bytes");
                }
            }
            default -> {}
        }
        return j;
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
            req.methodStart = pos;
            lineBytes = 1;
            state = METHOD;
        } else {
            throw bad("request line does not start with a method token");
        }
    }

    private void method(byte b) {
        countLine();
        if (b == ' ') {
            req.methodEnd = pos;
            req.targetStart = pos + 1;
            state = TARGET;
        } else if (!Ascii.isTchar(b)) {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " in method");
        }
    }

    private void target(byte b) {
        countLine();
        if (b == ' ') {
            if (pos == req.targetStart) {
                throw bad("empty request target");
            }
            req.targetEnd = pos;
            checkTargetForm();
            state = VERSION;
            versionIndex = 0;
        } else if (Ascii.isTargetByte(b)) {
            if (b == '?' && req.queryStart < 0) {
                req.queryStart = pos;
            }
        } else {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " in request target");
        }
    }

    /**
     * Origin form; absolute form with an http or https scheme (RFC 9112 §3.2.2; the scheme is case-insensitive,
     * RFC 3986 §3.1) and a valid authority, which the request is then routed by (its path read in origin form once
     * the head is complete); asterisk form for OPTIONS only (§3.2.4); authority form for CONNECT only (§3.2.3),
     * which a server answers rather than refusing it as malformed.
     */
    private void checkTargetForm() {
        byte[] h = req.head;
        int start = req.targetStart;
        int end = req.targetEnd;
        if (h[start] == '/') {
            return;
        }
        if (h[start] == '*'
                && end - start == 1
                && Arrays.equals(h, req.methodStart, req.methodEnd, OPTIONS, 0, OPTIONS.length)) {
            return;
        }
        int scheme = RequestTarget.schemeLength(h, start, end);
        if (scheme > 0) {
            int authorityEnd = RequestTarget.authorityEnd(h, start + scheme, end);
            String problem = RequestTarget.authorityProblem(h, start + scheme, authorityEnd);
            if (problem != null) {
                throw bad(problem);
            }
            req.authorityStart = start + scheme;
            req.authorityEnd = authorityEnd;
            return;
        }
        if (RequestTarget.isConnect(h, req.methodStart, req.methodEnd - req.methodStart)
                && RequestTarget.isAuthorityForm(h, start, end)) {
            return;
        }
        throw bad("request target is not in origin, absolute (http, https), asterisk (OPTIONS) or authority"
                + " (CONNECT) form");
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
        } else if (versionIndex == HTTP_1_.length) {
            if (b < '0' || b > '9') {
                throw bad("HTTP version has no minor digit");
            }
            if (b > '1') {
                throw new Http1Exception(505, "HTTP/1." + (char) b + " is not supported");
            }
            req.version = b == '0' ? 10 : 11;
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
            fieldNameStart = pos;
            state = NAME;
        } else {
            throw bad("invalid character 0x" + Integer.toHexString(b & 0xFF) + " at the start of a header field");
        }
    }

    private void name(byte b) {
        countHeader();
        if (b == ':') {
            fieldNameEnd = pos;
            state = VALUE_OWS;
        } else if (Ascii.isTchar(b)) {
            return;
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
        fieldValueStart = pos;
        fieldValueEnd = pos;
        state = VALUE;
        value(b);
    }

    private void value(byte b) {
        if (state == VALUE && pos != fieldValueStart) {
            countHeader();
        }
        if (b == '\r') {
            state = FIELD_LF;
        } else if (Ascii.isFieldValueByte(b)) {
            if (b != ' ' && b != '\t') {
                fieldValueEnd = pos + 1;
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
