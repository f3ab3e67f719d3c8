package dev.zapline.server;

import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;

/**
 * {@link RequestHead} over a zaphttp request frame read in place: method and target are copied into a small
 * reused array (the router matches arrays), headers are walked where they lie, the body is a slice of the frame.
 * One per connection, re-pointed per request.
 */
final class ZapHead implements RequestHead {

    private static final byte[] GET = {'G', 'E', 'T'};

    private final ZapMessage msg = new ZapMessage();
    private final ZapHttpRequest req = new ZapHttpRequest();
    private final ByteBufZap adapter = new ByteBufZap();
    private final HeaderCursor cursor = new HeaderCursor();
    private final ZapSlice headers = new ZapSlice();
    private final ZapSlice slice = new ZapSlice();
    private final ZapSlice target = new ZapSlice();
    private byte[] line = new byte[256];
    private int methodLength;
    private int targetStart;
    private int targetLength;
    private int pathLength;
    private int queryStart;
    private ByteBuf body = Unpooled.EMPTY_BUFFER;

    /**
     * Reads the request frame of {@code length} bytes at absolute {@code index} of {@code frames}.
     *
     * @throws ZapFormatException for a bad header, a wrong frame type, a pointer outside the frame, a malformed
     *     header block or a target that is not an absolute path
     */
    void load(ByteBuf frames, int index, int length) {
        req.wrap(adapter.wrap(msg, frames, index, length));
        ZapSlice m = req.method(slice);
        methodLength = m.length() == 0 ? GET.length : m.length();
        ZapSlice t = req.target(target);
        if (t.length() == 0 || t.byteAt(0) != '/') {
            throw new ZapFormatException(16 + 8, "request target must be an absolute path starting with '/'");
        }
        ensure(methodLength + t.length());
        if (m.length() == 0) {
            System.arraycopy(GET, 0, line, 0, GET.length);
        } else {
            m.getBytes(line, 0);
        }
        targetStart = methodLength;
        targetLength = t.getBytes(line, targetStart);
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

    private void ensure(int n) {
        if (n > line.length) {
            line = Arrays.copyOf(line, Math.max(n, line.length * 2));
        }
    }

    void clear() {
        if (body != Unpooled.EMPTY_BUFFER) {
            ByteBuf b = body;
            body = Unpooled.EMPTY_BUFFER;
            if (b.refCnt() > 0) {
                b.release();
            }
        }
    }

    /** The request's header block as received, for walking with a {@link HeaderCursor}; valid with the request. */
    ZapSlice headerBlock() {
        return headers;
    }

    @Override
    public byte[] bytes() {
        return line;
    }

    @Override
    public int methodStart() {
        return 0;
    }

    @Override
    public int methodLength() {
        return methodLength;
    }

    @Override
    public int targetStart() {
        return targetStart;
    }

    @Override
    public int targetLength() {
        return targetLength;
    }

    @Override
    public int pathLength() {
        return pathLength;
    }

    @Override
    public int queryStart() {
        return queryStart;
    }

    @Override
    public int queryLength() {
        return queryStart < 0 ? 0 : targetStart + targetLength - queryStart;
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
    public String headerAsString(byte[] lowerName) {
        return find(lowerName) ? cursor.value(slice).asString() : null;
    }

    @Override
    public boolean hasHeader(byte[] lowerName) {
        return find(lowerName);
    }

    @Override
    public boolean headerEquals(byte[] lowerName, byte[] value) {
        return find(lowerName) && cursor.value(slice).contentEquals(value);
    }

    @Override
    public int copyHeader(byte[] lowerName, byte[] dst, int offset) {
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

    @Override
    public ByteBuf body() {
        return body;
    }
}
