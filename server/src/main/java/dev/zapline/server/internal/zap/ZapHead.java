package dev.zapline.server.internal.zap;

import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.http1.RequestTarget;
import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.server.internal.CopiedHead;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;

/**
 * {@link RequestHead} over a zaphttp request frame read in place: method and target are copied into a small
 * reused array (the router matches arrays), headers are walked where they lie, the body is a slice of the frame.
 * The target is the request-target as the client sent it; an absolute-form one is read in origin form, as on
 * HTTP/1.1. One per connection, re-pointed per request.
 */
public final class ZapHead extends CopiedHead {

    private static final byte[] GET = {'G', 'E', 'T'};

    private final ZapMessage msg = new ZapMessage();
    private final ZapHttpRequest req = new ZapHttpRequest();
    private final ByteBufZap adapter = new ByteBufZap();
    private final HeaderCursor cursor = new HeaderCursor();
    private final ZapSlice headers = new ZapSlice();
    private final ZapSlice slice = new ZapSlice();
    private final ZapSlice target = new ZapSlice();

    public ZapHead() {
        super(256);
    }

    /**
     * Reads the request frame of {@code length} bytes at absolute {@code index} of {@code frames}.
     *
     * @throws ZapFormatException for a bad header, a wrong frame type, a pointer outside the frame, a malformed
     *     header block or a target that is not an absolute path
     */
    public void load(ByteBuf frames, int index, int length) {
        req.wrap(adapter.wrap(msg, frames, index, length));
        ZapSlice m = req.method(slice);
        methodLength = m.length() == 0 ? GET.length : m.length();
        ZapSlice t = req.target(target);
        ensure(methodLength + t.length());
        if (m.length() == 0) {
            System.arraycopy(GET, 0, line, 0, GET.length);
        } else {
            m.getBytes(line, 0);
        }
        targetStart = methodLength;
        targetLength = t.getBytes(line, targetStart);
        authorityStart = -1;
        authorityLength = 0;
        if (targetLength == 0 || line[targetStart] != '/') {
            otherForm();
        }
        queryStart = -1;
        pathLength = targetLength;
        for (int i = targetStart; i < targetStart + targetLength; i++) {
            if (line[i] == '?') {
                queryStart = i + 1;
                pathLength = i - targetStart;
                break;
            }
        }
        req.headers(headers);
        for (cursor.reset(headers); cursor.next(); ) {
            // walk once so that a malformed block is refused here rather than read as fewer headers later
        }
        if (cursor.malformed()) {
            throw new ZapFormatException(16 + 24, "malformed header block (" + headers.length() + " bytes)");
        }
        ZapSlice b = req.body(slice);
        // A retained slice of a pooled buffer is a recycled object: no allocation per request. clear() releases it.
        body = b.length() == 0 ? Unpooled.EMPTY_BUFFER : frames.retainedSlice(index + b.position(), b.length());
    }

    /**
     * A target that is not an absolute path, as Go's {@code RequestURI} may carry it: an absolute http or https URI
     * is re-pointed at its path and query ("/" and the query written after it when the path is empty) with its
     * authority answering for Host (RFC 9112 §3.2.2); host:port is left as it is for CONNECT, which the dispatcher
     * answers; anything else is refused.
     */
    private void otherForm() {
        int start = targetStart;
        int end = start + targetLength;
        int scheme = RequestTarget.schemeLength(line, start, end);
        if (scheme == 0) {
            if (RequestTarget.isConnect(line, 0, methodLength) && RequestTarget.isAuthorityForm(line, start, end)) {
                return;
            }
            throw new ZapFormatException(
                    16 + 8,
                    "request target must be an absolute path starting with '/' (or an"
                            + " http or https URI; host:port for CONNECT)");
        }
        int authorityEnd = RequestTarget.authorityEnd(line, start + scheme, end);
        String problem = RequestTarget.authorityProblem(line, start + scheme, authorityEnd);
        if (problem != null) {
            throw new ZapFormatException(16 + 8, problem);
        }
        authorityStart = start + scheme;
        authorityLength = authorityEnd - authorityStart;
        if (authorityEnd < end && line[authorityEnd] == '/') {
            targetStart = authorityEnd;
            targetLength = end - authorityEnd;
            return;
        }
        int rest = end - authorityEnd;
        ensure(end + 1 + rest);
        line[end] = '/';
        System.arraycopy(line, authorityEnd, line, end + 1, rest);
        targetStart = end;
        targetLength = 1 + rest;
    }

    private void ensure(int n) {
        if (n > line.length) {
            line = Arrays.copyOf(line, Math.max(n, line.length * 2));
        }
    }

    public void clear() {
        if (body != Unpooled.EMPTY_BUFFER) {
            ByteBuf b = body;
            body = Unpooled.EMPTY_BUFFER;
            if (b.refCnt() > 0) {
                b.release();
            }
        }
    }

    /** The request's header block as received, for walking with a {@link HeaderCursor}; valid with the request. */
    public ZapSlice headerBlock() {
        return headers;
    }

    private boolean find(byte[] lowerName) {
        for (cursor.reset(headers); cursor.next(); ) {
            if (cursor.nameEqualsIgnoreCase(lowerName)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected String fieldAsString(byte[] lowerName) {
        return find(lowerName) ? cursor.value(slice).asString() : null;
    }

    @Override
    protected boolean hasField(byte[] lowerName) {
        return find(lowerName);
    }

    @Override
    protected boolean fieldEquals(byte[] lowerName, byte[] value) {
        return find(lowerName) && cursor.value(slice).contentEquals(value);
    }

    @Override
    protected int copyField(byte[] lowerName, byte[] dst, int offset) {
        if (!find(lowerName)) {
            return -1;
        }
        ZapSlice v = cursor.value(slice);
        if (v.length() <= dst.length - offset) {
            v.getBytes(dst, offset);
        }
        return v.length();
    }

    @Override
    public String protocol() {
        return req.protoAsString();
    }
}
