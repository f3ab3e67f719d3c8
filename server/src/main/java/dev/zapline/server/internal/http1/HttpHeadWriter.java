package dev.zapline.server.internal.http1;

import dev.zapline.codec.http1.Http1ResponseWriter;
import dev.zapline.codec.http1.HttpDate;
import dev.zapline.server.Ctx;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.internal.Bodies;
import dev.zapline.server.internal.ServerAccess;
import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Assembles an HTTP/1.1 response head, and a small body with it, in one array and writes it to the connection's
 * buffer with one copy, instead of one buffer write per piece. The status line and {@code date} line of a 200
 * response are kept as one prefix, rebuilt when the date's second changes.
 *
 * <p>One per event loop (its array is reused by every response the loop writes); not thread-safe.
 */
public final class HttpHeadWriter {

    private static final ServerAccess A = ServerAccess.get();

    /** Bodies up to this many bytes are copied with the head. */
    public static final int INLINE_BODY = 1024;

    private static final byte[] OK_LINE = Http1ResponseWriter.statusLineBytes(200);

    private final HttpDate date = new HttpDate();
    /** The date line {@link #okPrefix} was built with (compared by identity: a new second is a new array). */
    private byte[] okDate;

    private byte[] okPrefix = new byte[0];
    private byte[] scratch = new byte[2048];

    /** The {@code date:} header line for {@code millis}, formatted at most once a second. */
    public byte[] dateLine(long millis) {
        return date.line(millis);
    }

    /**
     * Writes to {@code out}: status line, the date {@code line}, the handler's headers, a default content type,
     * content-length (when the status allows a body; -1 for a streamed body, which gets chunked framing on
     * HTTP/1.1), the connection header, the empty line, then {@code length} bytes of {@code body} at {@code offset}
     * unless it is null.
     */
    public void head(
            ByteBuf out,
            byte[] line,
            Ctx ctx,
            long contentLength,
            byte[] defaultType,
            boolean keepAlive,
            boolean http10,
            byte[] body,
            int offset,
            int length) {
        int status = ctx.status();
        ResponseHeaders h = ctx.responseHeaders();
        boolean hasBody = Bodies.hasBody(status);
        byte[] statusLine = status == 200 ? null : Http1ResponseWriter.statusLineBytes(status);
        int max = (statusLine == null ? OK_LINE.length : statusLine.length)
                + line.length
                + A.size(h)
                + (defaultType == null ? 0 : defaultType.length)
                + Http1ResponseWriter.MAX_CONTENT_LENGTH_LINE
                + HttpResponses.CONNECTION_KEEP_ALIVE.length
                + 2
                + (body == null ? 0 : length);
        byte[] a = scratch.length >= max ? scratch : grow(max);
        int p;
        if (statusLine == null) {
            byte[] prefix = line == okDate ? okPrefix : okPrefix(line);
            System.arraycopy(prefix, 0, a, 0, prefix.length);
            p = prefix.length;
        } else {
            p = put(a, 0, statusLine);
            p = put(a, p, line);
        }
        p = A.writeHttp(h, a, p);
        if (hasBody) {
            if (defaultType != null && !h.hasContentType()) {
                p = put(a, p, defaultType);
            }
            if (contentLength >= 0) {
                p = Http1ResponseWriter.contentLength(a, p, contentLength);
            } else if (!http10) {
                p = put(a, p, HttpResponses.CHUNKED);
            }
        }
        if (!keepAlive) {
            p = put(a, p, HttpResponses.CONNECTION_CLOSE);
        } else if (http10) {
            p = put(a, p, HttpResponses.CONNECTION_KEEP_ALIVE);
        }
        a[p++] = '\r';
        a[p++] = '\n';
        if (body != null) {
            System.arraycopy(body, offset, a, p, length);
            p += length;
        }
        out.writeBytes(a, 0, p);
    }

    private byte[] okPrefix(byte[] line) {
        int n = OK_LINE.length + line.length;
        if (okPrefix.length != n) {
            okPrefix = new byte[n];
        }
        System.arraycopy(OK_LINE, 0, okPrefix, 0, OK_LINE.length);
        System.arraycopy(line, 0, okPrefix, OK_LINE.length, line.length);
        okDate = line;
        return okPrefix;
    }

    private byte[] grow(int max) {
        scratch = Arrays.copyOf(scratch, Math.max(max, scratch.length * 2));
        return scratch;
    }

    private static int put(byte[] a, int at, byte[] b) {
        System.arraycopy(b, 0, a, at, b.length);
        return at + b.length;
    }
}
