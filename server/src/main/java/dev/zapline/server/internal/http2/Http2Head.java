package dev.zapline.server.internal.http2;

import dev.zapline.server.internal.CopiedHead;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * {@link RequestHead} over one HTTP/2 stream's header list: the method, {@code :path} (split at '?') and the
 * regular headers copied into one reused array, {@code :authority} answering for {@code host} (RFC 9113 §8.3.1;
 * a CONNECT's target is its authority). Header names arrive lower-case (the decoder refuses upper-case ones), so
 * a lookup compares bytes. Also the stream's state while its request and response are in flight: its id, its
 * accumulated body and whether the connection waits on it. Lent with its {@link Ctx}; event-loop confined.
 */
public final class Http2Head extends CopiedHead {

    private static final String PROTOCOL = "HTTP/2.0";

    public Http2Head() {
        super(512);
    }

    private int used;
    private int[] at = new int[32];
    private int count;

    public int streamId;
    /** The request's body bytes so far (also counted when the body is refused and dropped). */
    public long bodyBytes;
    /** Body bytes this request holds (counted in the connection's buffered bodies). */
    public long held;
    /** Body bytes received whose flow-control credit is held back (see the connection's buffered bodies). */
    public int unconsumed;
    /** When the HEADERS of a request with a body arrived, on the loop's ticker: it must end within the idle timeout. */
    public long arrivedAt;
    /** Whether the request was dispatched (or refused): later DATA is not its body. */
    public boolean dispatched;
    /** Whether the response is still being made after dispatch returned (handed off or streaming). */
    public boolean pending;
    /** Whether the stream is gone (reset or the connection closed): what is still written is dropped. */
    public boolean gone;
    /** When the request was dispatched ({@link System#nanoTime()}), with metrics on. */
    public long dispatchedAt;
    /** Whether a regular field's value starts or ends with whitespace, which makes the request malformed. */
    public boolean untrimmed;

    /**
     * Copies {@code headers} (a request header list the decoder validated) in, noting on the way whether a regular
     * field's value is {@link #untrimmed} (checked here so the fields are walked once); returns this.
     */
    public Http2Head wrap(int streamId, Http2Headers headers) {
        this.streamId = streamId;
        used = 0;
        count = 0;
        untrimmed = false;
        authorityStart = -1;
        queryStart = -1;
        CharSequence method = headers.method();
        methodLength = put(method == null ? "GET" : method);
        CharSequence authority = headers.authority();
        if (authority != null) {
            authorityStart = used;
            authorityLength = put(authority);
        }
        CharSequence path = headers.path();
        if (path == null) {
            // CONNECT: the target is host:port (RFC 9113 §8.5)
            targetStart = authorityStart < 0 ? used : authorityStart;
            targetLength = authorityStart < 0 ? 0 : authorityLength;
            pathLength = targetLength;
        } else {
            targetStart = used;
            targetLength = put(path);
            pathLength = targetLength;
            for (int i = targetStart, end = targetStart + targetLength; i < end; i++) {
                if (line[i] == '?') {
                    pathLength = i - targetStart;
                    queryStart = i + 1;
                    break;
                }
            }
        }
        for (Map.Entry<CharSequence, CharSequence> e : headers) {
            CharSequence name = e.getKey();
            if (name.length() > 0 && name.charAt(0) == ':') {
                continue;
            }
            if (count * 4 == at.length) {
                at = Arrays.copyOf(at, at.length * 2);
            }
            int k = count++ * 4;
            at[k] = used;
            at[k + 1] = put(name);
            at[k + 2] = used;
            at[k + 3] = put(e.getValue());
            untrimmed |= Http2RequestRules.untrimmed(line, at[k + 2], at[k + 3]);
        }
        return this;
    }

    /** Adds {@code data} to the body: kept as a slice when it is the whole body, else copied. */
    public void append(ByteBufAllocator alloc, ByteBuf data, boolean last) {
        int n = data.readableBytes();
        ByteBuf b = body;
        if (b == Unpooled.EMPTY_BUFFER) {
            body = last ? data.retainedSlice() : alloc.buffer(n).writeBytes(data);
            return;
        }
        if (b.maxWritableBytes() < n || b.refCnt() > 1) {
            ByteBuf grown = alloc.buffer(Math.max(b.readableBytes() + n, b.capacity() * 2));
            grown.writeBytes(b);
            b.release();
            body = b = grown;
        }
        b.writeBytes(data);
    }

    /** Forgets the request; the body belongs to the connection, which releases it. */
    public void clear() {
        body = Unpooled.EMPTY_BUFFER;
        bodyBytes = 0;
        unconsumed = 0;
        held = 0;
        dispatched = false;
        pending = false;
        gone = false;
        streamId = 0;
    }

    private int put(CharSequence s) {
        int n = s.length();
        if (used + n > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, used + n));
        }
        if (s instanceof AsciiString a) {
            System.arraycopy(a.array(), a.arrayOffset(), line, used, n);
        } else {
            for (int i = 0; i < n; i++) {
                line[used + i] = (byte) s.charAt(i);
            }
        }
        used += n;
        return n;
    }

    private int find(byte[] lowerName) {
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            if (Arrays.equals(line, at[k], at[k] + at[k + 1], lowerName, 0, lowerName.length)) {
                return k;
            }
        }
        return -1;
    }

    @Override
    protected String fieldAsString(byte[] lowerName) {
        int k = find(lowerName);
        return k < 0 ? null : new String(line, at[k + 2], at[k + 3], StandardCharsets.ISO_8859_1);
    }

    @Override
    protected boolean hasField(byte[] lowerName) {
        return find(lowerName) >= 0;
    }

    @Override
    protected boolean fieldEquals(byte[] lowerName, byte[] value) {
        int k = find(lowerName);
        return k >= 0 && Arrays.equals(line, at[k + 2], at[k + 2] + at[k + 3], value, 0, value.length);
    }

    @Override
    protected int copyField(byte[] lowerName, byte[] dst, int offset) {
        int k = find(lowerName);
        if (k < 0) {
            return -1;
        }
        int n = at[k + 3];
        if (n <= dst.length - offset) {
            System.arraycopy(line, at[k + 2], dst, offset, n);
        }
        return n;
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }
}
