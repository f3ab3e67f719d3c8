package dev.zapline.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import java.util.Arrays;

/**
 * One connection's outbound buffer, reused across flushes. Each flush sends a retained slice of what was appended
 * since the last one, so once the socket has taken it (the slice released, the buffer's count back to ours alone)
 * the next batch starts again at the buffer's beginning. A slice the socket has not taken yet covers only its own
 * bytes; appending after them is safe, and when the room runs out a new buffer takes over (the old one lives until
 * its slices are written). Whole requests written as arrays ({@link #append}) are staged in a heap array first and
 * reach the direct buffer in one copy per flush. Used by the ZAP client and the load generator's connections;
 * confined to the connection's event loop.
 */
public final class Outbound {

    /** Small, as a connection idle between requests keeps it (10,000 of them); a batch grows it in place. */
    private static final int INITIAL = 256;

    /** A staged array larger than this is let go after its flush (10,000 connections each keep theirs). */
    private static final int KEPT_STAGED = 4096;

    private ByteBuf out;
    /** Bytes {@link #append}ed since the last flush, after {@link #out}'s readable ones; null until needed. */
    private byte[] staged;

    private int stagedLength;

    /**
     * Appends {@code length} bytes of {@code src} at {@code offset}: a plain array copy, moved to the socket's
     * buffer in one copy per flush rather than one per request (a small copy into a direct buffer costs more in
     * its checks than in the bytes it moves).
     */
    public void append(byte[] src, int offset, int length) {
        byte[] s = staged;
        int n = stagedLength;
        if (s == null || s.length - n < length) {
            int size = Math.max(Math.max(INITIAL, n + length), s == null ? 0 : 2 * s.length);
            s = s == null ? new byte[size] : Arrays.copyOf(s, size);
            staged = s;
        }
        System.arraycopy(src, offset, s, n, length);
        stagedLength = n + length;
    }

    /** The buffer to append to, with room for {@code n} more bytes (what {@link #append} staged is in it first). */
    public ByteBuf room(ByteBufAllocator alloc, int n) {
        if (stagedLength > 0) {
            unstage(alloc);
        }
        return direct(alloc, n);
    }

    /** Moves what {@link #append} staged into the socket's buffer, after what is there. */
    private void unstage(ByteBufAllocator alloc) {
        int n = stagedLength;
        stagedLength = 0;
        direct(alloc, n).writeBytes(staged, 0, n);
        if (staged.length > KEPT_STAGED) {
            staged = null;
        }
    }

    private ByteBuf direct(ByteBufAllocator alloc, int n) {
        ByteBuf o = out;
        if (o != null && !o.isReadable() && o.refCnt() == 1) {
            o.clear();
        }
        if (o == null) {
            o = alloc.ioBuffer(Math.max(INITIAL, n));
            out = o;
        } else if (o.writableBytes() < n && (o.refCnt() > 1 || o.maxWritableBytes() < n)) {
            ByteBuf fresh = alloc.ioBuffer(Math.max(INITIAL, o.readableBytes() + n));
            fresh.writeBytes(o); // what is appended but not flushed yet moves along
            o.release();
            o = fresh;
            out = o;
        }
        return o;
    }

    /** Sends what was appended since the last flush on {@code ch}; when {@code discard}, drops it instead. */
    public void flush(Channel ch, boolean discard) {
        if (stagedLength > 0) {
            if (discard) {
                stagedLength = 0;
            } else {
                unstage(ch.alloc());
            }
        }
        ByteBuf o = out;
        if (o == null || !o.isReadable()) {
            return;
        }
        if (discard) {
            o.skipBytes(o.readableBytes());
        } else {
            int n = o.readableBytes();
            ch.writeAndFlush(o.retainedSlice(), ch.voidPromise());
            o.skipBytes(n);
        }
    }

    /** Lets the buffer go (the connection is closed); a later {@link #room} starts a new one. */
    public void release() {
        staged = null;
        stagedLength = 0;
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
