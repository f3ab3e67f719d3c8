package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * Reads HTTP/1.1 responses (RFC 9112) from a client connection, one after another, in one resumable pass and
 * without allocating: the status line and the fields that decide framing and the connection are interpreted as
 * the bytes go by, and the values of fields the caller names are kept ({@link #captureHeaders}); the body is skipped,
 * streamed to a {@link BodySink}, or copied into a buffer. Responses may arrive in any pieces and several in one
 * read; interim (1xx) responses are skipped, their fields with them.
 *
 * {@snippet class=dev.zapline.codec.snippets.Http1Snippets region=responseParser}
 *
 * <p>Strict where framing or the connection's fate depends on it: the version is {@code HTTP/1.} and a digit; the
 * status code is three digits, 100 or more; Content-Length is one field of 1 to 18 digits; in a response with a
 * body, Transfer-Encoding with Content-Length, chunked other than once and last, and Transfer-Encoding in HTTP/1.0
 * are refused (in 204, 304, 101 and responses to HEAD these fields frame nothing and are not checked); header
 * names are tokens, values hold no control byte but HTAB; a bare CR is refused; chunked bodies are read as strictly
 * as {@link ChunkedDecoder} reads request bodies. Lenient where servers deviate harmlessly: a bare LF ends a line
 * (RFC 9112 §2.2 allows it); the SP and reason after the status code may be missing; minor versions above 1 read
 * as 1.1 (RFC 9110 §2.5); empty lines before a status line are skipped; whitespace between a field name and its
 * colon is ignored and obs-fold is read as SP (what RFC 9112 §5.1 and §5.2 ask of a user agent);
 * Transfer-Encoding without chunked means the body ends when the connection closes (§6.3 item 4).
 *
 * <p>A head that is whole in the buffer is read in one pass of tight loops (over a heap buffer's array, or a copy
 * of the first bytes of another); one that arrives in pieces, or takes a turn that pass does not follow (obs-fold,
 * a bare LF, whitespace before a colon, a limit reached), is read byte by byte. Both decide the same, down to the
 * message of a defect ({@code Http1ResponseScanTest}).
 *
 * <p>Every defect is an {@link Http1Exception} with status 502 (what a gateway would answer, RFC 9110 §15.6.3);
 * after one the connection must be closed and the parser {@link #reset()} before reuse. The fields of a response
 * are valid from the call that returns {@link #RESPONSE_COMPLETE} until the next call. Not thread-safe: one parser
 * per connection, used on its event loop.
 */
public final class Http1ResponseParser {

    /** More bytes are needed; everything given has been consumed. */
    public static final int NEED_MORE = 0;
    /** A final response is complete; its fields can be read, and the bytes after it are left in the buffer. */
    public static final int RESPONSE_COMPLETE = 1;

    private static final int HEAD = 0;
    private static final int BODY_LENGTH = 1;
    private static final int BODY_CHUNKED = 2;
    private static final int BODY_CLOSE = 3;
    private static final int DONE = 4;
    private static final int FAILED = 5;

    private static final int MAX_REASON = 64;
    /** Bytes of a buffer without an array copied for {@link #scanWhole}: room for a typical head. */
    private static final int SCRATCH = 512;

    private final ResponseHeadScanner head;
    private final ChunkedDecoder chunkedDecoder;
    private final ResponseBody body;
    private final byte[] scratch = new byte[SCRATCH];

    private int phase;
    private long remaining;
    private int interim;
    private boolean keepAlive;
    private boolean chunked;

    public Http1ResponseParser(Http1ResponseLimits limits) {
        this.head = new ResponseHeadScanner(limits, MAX_REASON);
        this.chunkedDecoder = new ChunkedDecoder(limits.forChunks());
        this.body = new ResponseBody(limits.maxBufferedBody());
        reset();
    }

    /**
     * Also captures the value of the first field named {@code name} in each response (for example
     * {@code content-type}), without its surrounding whitespace and up to {@code maxValueBytes}. Call once, at set-up:
     * the same as {@link #captureHeaders} with that one name, which it replaces; it is capture 0.
     *
     * @throws IllegalArgumentException for a name that is empty or not a token, or {@code maxValueBytes} below 1
     */
    public Http1ResponseParser captureHeader(String name, int maxValueBytes) {
        if (name.isEmpty() || maxValueBytes < 1) {
            throw new IllegalArgumentException("header name '" + name + "', max value bytes " + maxValueBytes);
        }
        return captureHeaders(List.of(name), maxValueBytes);
    }

    /**
     * Also captures, in each final response, the value of the first field with each of {@code names} (matched
     * without regard to case), without its surrounding whitespace and cut after {@code maxValueBytes}: capture
     * {@code k} is {@code names.get(k)}. Replaces any earlier captures (an empty list captures nothing). Call once, at
     * set-up: it allocates {@code names.size()} arrays of {@code maxValueBytes}; reading responses then allocates
     * nothing more.
     *
     * @throws IllegalArgumentException for more than 61 names, a name that is empty or not a token (RFC 9110 §5.1),
     *     the same name twice in any case, or {@code maxValueBytes} below 1
     */
    public Http1ResponseParser captureHeaders(List<String> names, int maxValueBytes) {
        head.fields().capture(names, maxValueBytes);
        return this;
    }

    /** Hands each body piece to {@code sink} (null: skip bodies, the default). */
    public Http1ResponseParser bodySink(BodySink sink) {
        body.sink(sink);
        return this;
    }

    /**
     * Appends each body (chunk data only, when chunked) to {@code out}, refusing bodies larger than
     * {@link Http1ResponseLimits#maxBufferedBody()}; null stops. The caller takes the body out after each response.
     */
    public Http1ResponseParser bufferBodyInto(ByteBuf out) {
        body.bufferInto(out);
        return this;
    }

    /** Forgets any response in progress, for a new connection. */
    public void reset() {
        phase = HEAD;
        head.reset();
        chunkedDecoder.reset();
        remaining = 0;
        body.reset();
        interim = 0;
        keepAlive = false;
        chunked = false;
    }

    /** {@link #parse(ByteBuf, boolean)} for a response to a request other than HEAD. */
    public int parse(ByteBuf in) {
        return parse(in, false);
    }

    /**
     * Continues reading the response that starts at {@code in.readerIndex()}, consuming what it reads.
     *
     * @param headRequest whether this response answers a HEAD request (it then has no body, RFC 9110 §9.3.2)
     * @return {@link #RESPONSE_COMPLETE} when a final response ended (bytes after it are not consumed), else
     *     {@link #NEED_MORE}
     * @throws Http1Exception for a malformed or over-limit response
     */
    public int parse(ByteBuf in, boolean headRequest) {
        if (phase == DONE) {
            startNext();
        } else if (phase == FAILED) {
            throw new IllegalStateException("parser used after a protocol error; reset() it for a new connection");
        }
        try {
            return phase == HEAD ? readHead(in, headRequest) : readBody(in);
        } catch (Http1Exception e) {
            phase = FAILED;
            throw e.status() == 502 ? e : invalid(e.getMessage()); // the chunked decoder answers as a server
        }
    }

    /**
     * The connection was closed by the peer. Ends a body delimited by the close (RFC 9112 §6.3 item 8).
     *
     * @return true when that completed a response (its fields are now readable), false when no response was begun
     * @throws Http1Exception when the connection closed in the middle of a response
     */
    public boolean endOfInput() {
        if (phase == BODY_CLOSE) {
            phase = DONE;
            return true;
        }
        if (phase == DONE || phase == HEAD && head.idle() && interim == 0) {
            return false;
        }
        phase = FAILED;
        throw invalid("connection closed before the response was complete");
    }

    private void startNext() {
        phase = HEAD;
        head.reset();
        body.reset();
        interim = 0;
        chunked = false;
    }

    private int readHead(ByteBuf in, boolean headRequest) {
        while (true) {
            int available = in.readableBytes();
            if (available == 0) {
                return NEED_MORE;
            }
            int end = head.fresh() ? scanWhole(in, available) : -1;
            if (end < 0) {
                int stop = in.forEachByte(in.readerIndex(), available, head);
                if (stop < 0) {
                    in.skipBytes(available);
                    return NEED_MORE;
                }
                end = stop + 1;
            }
            in.readerIndex(end);
            int status = head.status();
            if (status < 200 && status != 101) {
                interim++; // 100 Continue, 103 Early Hints: the final response follows (RFC 9110 §15.2)
                head.reset();
                continue;
            }
            frame(headRequest);
            return phase == DONE ? RESPONSE_COMPLETE : readBody(in);
        }
    }

    /**
     * The head at {@code in}'s reader index read in one pass ({@link ResponseHeadScanner#scan}): over the array of a
     * heap buffer, or over a copy of the first {@link #SCRATCH} bytes of any other.
     *
     * @return the index after the head, or -1 when the byte-at-a-time scanner has to read it
     */
    private int scanWhole(ByteBuf in, int available) {
        int r = in.readerIndex();
        if (in.hasArray()) {
            int base = in.arrayOffset();
            int e = head.scan(in.array(), base + r, base + r + available);
            return e < 0 ? -1 : e - base;
        }
        int n = Math.min(available, SCRATCH);
        Ascii.copy(in, r, scratch, 0, n);
        int e = head.scan(scratch, 0, n);
        return e < 0 ? -1 : r + e;
    }

    /** RFC 9112 §6.3, in its order. */
    private void frame(boolean headRequest) {
        ResponseFields f = head.fields();
        int status = head.status();
        boolean http11 = head.version() == 11;
        keepAlive = !f.close() && (http11 || f.keepAlive());
        if (headRequest || status == 204 || status == 304 || status == 101) {
            // No body whatever the framing fields say (RFC 9112 §6.3 item 1), so they are not checked either.
            keepAlive &= status != 101; // after 101 the connection speaks another protocol
            phase = DONE;
            return;
        }
        if (f.transferEncoding()) {
            if (f.contentLength() >= 0) {
                throw invalid("both Transfer-Encoding and Content-Length");
            }
            if (!http11) {
                throw invalid("Transfer-Encoding in an HTTP/1.0 response");
            }
            if (f.chunkedCount() > 1 || f.chunkedCount() == 1 && !f.chunkedLast()) {
                throw invalid("chunked is not the final transfer coding, exactly once"); // RFC 9112 §6.1
            }
        }
        if (f.transferEncoding() && f.chunkedLast()) {
            chunkedDecoder.reset();
            chunked = true;
            phase = BODY_CHUNKED;
        } else if (f.contentLength() >= 0 && !f.transferEncoding()) {
            remaining = f.contentLength();
            body.expect(remaining);
            phase = remaining == 0 ? DONE : BODY_LENGTH;
        } else {
            keepAlive = false;
            phase = BODY_CLOSE;
        }
    }

    private int readBody(ByteBuf in) {
        switch (phase) {
            case BODY_LENGTH -> {
                int n = (int) Math.min(remaining, in.readableBytes());
                body.body(in, in.readerIndex(), n);
                in.skipBytes(n);
                remaining -= n;
                if (remaining == 0) {
                    phase = DONE;
                }
            }
            case BODY_CHUNKED -> {
                if (chunkedDecoder.decode(in, body)) {
                    phase = DONE;
                }
            }
            case BODY_CLOSE -> {
                int n = in.readableBytes();
                body.body(in, in.readerIndex(), n);
                in.skipBytes(n);
            }
            default -> throw new IllegalStateException("phase " + phase);
        }
        return phase == DONE ? RESPONSE_COMPLETE : NEED_MORE;
    }

    /** The status code of the final response (100 to 999). */
    public int status() {
        return head.status();
    }

    /** 10 for HTTP/1.0, 11 for HTTP/1.1 (and any later 1.x). */
    public int version() {
        return head.version();
    }

    /** Whether the connection stays open after this response: false after {@code Connection: close}, after an
     * HTTP/1.0 response without {@code keep-alive}, after a body delimited by the close, and after 101. */
    public boolean keepAlive() {
        return keepAlive;
    }

    /** The declared Content-Length, or -1 without one. */
    public long contentLength() {
        return head.fields().contentLength();
    }

    /** Whether the body was chunked (false for a response without a body). */
    public boolean chunked() {
        return chunked;
    }

    /** Bytes of body content (chunk data for a chunked body); 0 for a response without a body. */
    public long bodyLength() {
        return body.length();
    }

    /** Interim (1xx) responses skipped before this one. */
    public int interimResponses() {
        return interim;
    }

    /** Length of the reason phrase as kept (at most 64 bytes). */
    public int reasonLength() {
        return head.reasonLength();
    }

    /** The reason phrase as kept; allocates. */
    public String reasonAsString() {
        return new String(head.reason(), 0, head.reasonLength(), StandardCharsets.ISO_8859_1);
    }

    /** Length of capture 0's value, -1 when the response had no such field or none was asked for. */
    public int headerValueLength() {
        return capturedCount() == 0 ? -1 : headerValueLength(0);
    }

    /** Whether capture 0's value was longer than asked for and cut. */
    public boolean headerValueTruncated() {
        return capturedCount() != 0 && headerValueTruncated(0);
    }

    /** Copies capture 0's value into {@code dst} at {@code offset}; returns its length (-1: absent). */
    public int headerValue(byte[] dst, int offset) {
        int n = headerValueLength();
        if (n > 0) {
            System.arraycopy(headerValueBytes(0), 0, dst, offset, n);
        }
        return n;
    }

    /** Capture 0's value, or null when absent; allocates. */
    public String headerValueAsString() {
        return capturedCount() == 0 ? null : headerValueAsString(0);
    }

    /** How many header fields are captured ({@link #captureHeaders}); 0 by default. */
    public int capturedCount() {
        return head.fields().captures();
    }

    /** Length of capture {@code k}'s value, -1 when the response had no such field; k is below capturedCount(). */
    public int headerValueLength(int k) {
        return head.fields().capturedLength(Objects.checkIndex(k, capturedCount()));
    }

    /** Whether capture {@code k}'s value was longer than asked for and cut. */
    public boolean headerValueTruncated(int k) {
        return head.fields().capturedTruncated(Objects.checkIndex(k, capturedCount()));
    }

    /**
     * The array that holds capture {@code k}'s value in its first {@link #headerValueLength(int)} bytes: no copy,
     * the same array for every response, overwritten by the next one; not to be written to.
     */
    public byte[] headerValueBytes(int k) {
        return head.fields().captured(Objects.checkIndex(k, capturedCount()));
    }

    /** Capture {@code k}'s value, or null when absent; allocates. */
    public String headerValueAsString(int k) {
        int n = headerValueLength(k);
        return n < 0 ? null : new String(headerValueBytes(k), 0, n, StandardCharsets.ISO_8859_1);
    }

    static Http1Exception invalid(String reason) {
        return new Http1Exception(502, reason);
    }
}
