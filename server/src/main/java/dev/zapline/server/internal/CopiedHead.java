package dev.zapline.server.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The part of {@link RequestHead} that a transport which copies its request line into an array of its own (a
 * zaphttp frame's method and target, an HTTP/2 stream's pseudo-headers and headers) answers alike: the array and
 * the method, target, path and query ranges in it, and the authority that answers for {@code host} (an
 * absolute-form target's, HTTP/2's {@code :authority}) before the header fields are looked at. The method starts
 * at 0. Event-loop confined, like its heads.
 */
public abstract class CopiedHead implements RequestHead {

    /** Method, target and whatever else the head copies, from 0. */
    public byte[] line;

    public int methodLength;
    public int targetStart;
    public int targetLength;
    public int pathLength;
    /** Start of the query after '?', or -1. */
    public int queryStart;
    /** Start in {@link #line} of the authority answering for {@code host}, or -1 when there is none. */
    public int authorityStart = -1;

    public int authorityLength;
    /** The request body, empty when there is none; who releases it is the transport's business. */
    public ByteBuf body = Unpooled.EMPTY_BUFFER;

    public CopiedHead(int capacity) {
        line = new byte[capacity];
    }

    @Override
    public final byte[] bytes() {
        return line;
    }

    @Override
    public final int methodStart() {
        return 0;
    }

    @Override
    public final int methodLength() {
        return methodLength;
    }

    @Override
    public final int targetStart() {
        return targetStart;
    }

    @Override
    public final int targetLength() {
        return targetLength;
    }

    @Override
    public final int pathLength() {
        return pathLength;
    }

    @Override
    public final int queryStart() {
        return queryStart;
    }

    @Override
    public final int queryLength() {
        return queryStart < 0 ? 0 : targetStart + targetLength - queryStart;
    }

    @Override
    public final ByteBuf body() {
        return body;
    }

    /** Value of the first header field named {@code lowerName}, or null; the authority was not asked for. */
    protected abstract String fieldAsString(byte[] lowerName);

    /** Whether a header field named {@code lowerName} is present. */
    protected abstract boolean hasField(byte[] lowerName);

    /** Whether the first header field named {@code lowerName} has exactly {@code value}. */
    protected abstract boolean fieldEquals(byte[] lowerName, byte[] value);

    /** {@link #copyHeader} for the header fields. */
    protected abstract int copyField(byte[] lowerName, byte[] dst, int offset);

    /** Whether a lookup of {@code lowerName} is answered by the authority. */
    private boolean byAuthority(byte[] lowerName) {
        return authorityStart >= 0 && HeaderNames.isHost(lowerName);
    }

    /** The authority's bytes are host characters (checked, or the decoder's), so ISO-8859-1 reads them as ASCII. */
    @Override
    public final String headerAsString(byte[] lowerName) {
        if (byAuthority(lowerName)) {
            return new String(line, authorityStart, authorityLength, StandardCharsets.ISO_8859_1);
        }
        return fieldAsString(lowerName);
    }

    @Override
    public final boolean hasHeader(byte[] lowerName) {
        return byAuthority(lowerName) || hasField(lowerName);
    }

    @Override
    public final boolean headerEquals(byte[] lowerName, byte[] value) {
        if (byAuthority(lowerName)) {
            return Arrays.equals(line, authorityStart, authorityStart + authorityLength, value, 0, value.length);
        }
        return fieldEquals(lowerName, value);
    }

    @Override
    public final int copyHeader(byte[] lowerName, byte[] dst, int offset) {
        if (byAuthority(lowerName)) {
            if (authorityLength <= dst.length - offset) {
                System.arraycopy(line, authorityStart, dst, offset, authorityLength);
            }
            return authorityLength;
        }
        return copyField(lowerName, dst, offset);
    }
}
