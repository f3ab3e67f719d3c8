package dev.zapline.server.internal.http2;

import dev.zapline.server.Ctx;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.internal.Bodies;
import dev.zapline.server.internal.HeaderNames;
import dev.zapline.server.internal.ServerAccess;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * Builds an HTTP/2 response's header list from a {@link Ctx} into the one {@link Http2ResponseFields} the
 * connection reuses. Names are lower-cased (RFC 9113 §8.2.1); connection-specific fields are dropped (§8.2.2); a
 * handler's own {@code content-length} gives way to the one the server computes. Names and values come from
 * small caches ({@link Http2FieldCache}), so repeated fields cost no copy. Event-loop confined.
 */
public final class Http2ResponseHead {

    private static final ServerAccess A = ServerAccess.get();

    private static final AsciiString DATE = AsciiString.cached("date");
    private static final AsciiString TEXT_PLAIN = new AsciiString(HeaderNames.TEXT_PLAIN);
    /** {@code content-length} values 0..1023, made on first use. */
    private static final AsciiString[] LENGTHS = new AsciiString[1024];

    private final Http2ResponseFields headers = new Http2ResponseFields();
    private final Http2FieldCache names = new Http2FieldCache(16);
    private final Http2FieldCache values = new Http2FieldCache(16);
    private byte[] scratch = new byte[256];
    private byte[] dateLine;
    private AsciiString date;

    /**
     * The header list for {@code ctx}'s response: status, date, the handler's headers, a default content type when
     * the body has one, and content-length unless {@code length} is -1 (streamed).
     */
    public Http2Headers head(Ctx ctx, byte[] line, long length, boolean textDefault) {
        Http2ResponseFields h = headers;
        int status = ctx.status();
        h.reset(
                status == 200
                        ? HttpResponseStatus.OK.codeAsText()
                        : HttpResponseStatus.valueOf(status).codeAsText());
        h.field(DATE, date(line));
        ResponseHeaders r = ctx.responseHeaders();
        byte[] data = A.array(r);
        int n = r.count();
        for (int i = 0; i < n; i++) {
            int at = A.nameStart(r, i);
            int len = A.nameLength(r, i);
            if (scratch.length < len) {
                scratch = new byte[Math.max(len, scratch.length * 2)];
            }
            for (int k = 0; k < len; k++) {
                byte b = data[at + k];
                scratch[k] = b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
            }
            if (!connectionSpecific(scratch, 0, len)) {
                h.field(names.of(scratch, 0, len), values.of(data, A.valueStart(r, i), A.valueLength(r, i)));
            }
        }
        if (Bodies.hasBody(status)) {
            if (textDefault && !r.hasContentType()) {
                h.field(HttpHeaderNamesLower.CONTENT_TYPE, TEXT_PLAIN);
            }
            if (length >= 0) {
                h.field(HttpHeaderNamesLower.CONTENT_LENGTH, length(length));
            }
        }
        return h;
    }

    private AsciiString date(byte[] line) {
        if (line != dateLine) {
            // "date: " ... "\r\n", a new array each second
            date = new AsciiString(line, 6, line.length - 8, true);
            dateLine = line;
        }
        return date;
    }

    private static AsciiString length(long n) {
        if (n < LENGTHS.length) {
            AsciiString s = LENGTHS[(int) n];
            if (s == null) {
                LENGTHS[(int) n] = s = AsciiString.of(Long.toString(n));
            }
            return s;
        }
        return AsciiString.of(Long.toString(n));
    }

    /** Whether the lower-case name at {@code at} is one HTTP/2 forbids, or content-length (the server sets it). */
    private static boolean connectionSpecific(byte[] a, int at, int len) {
        return is(a, at, len, HttpHeaderNamesLower.CONNECTION)
                || is(a, at, len, HttpHeaderNamesLower.KEEP_ALIVE)
                || is(a, at, len, HttpHeaderNamesLower.PROXY_CONNECTION)
                || is(a, at, len, HttpHeaderNamesLower.TRANSFER_ENCODING)
                || is(a, at, len, HttpHeaderNamesLower.UPGRADE)
                || is(a, at, len, HttpHeaderNamesLower.CONTENT_LENGTH);
    }

    private static boolean is(byte[] a, int at, int len, AsciiString name) {
        return len == name.length() && java.util.Arrays.equals(a, at, at + len, name.array(), 0, len);
    }

    /** The lower-case names this class writes or drops. */
    private static final class HttpHeaderNamesLower {
        static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
        static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");
        static final AsciiString CONNECTION = AsciiString.cached("connection");
        static final AsciiString KEEP_ALIVE = AsciiString.cached("keep-alive");
        static final AsciiString PROXY_CONNECTION = AsciiString.cached("proxy-connection");
        static final AsciiString TRANSFER_ENCODING = AsciiString.cached("transfer-encoding");
        static final AsciiString UPGRADE = AsciiString.cached("upgrade");
    }
}
