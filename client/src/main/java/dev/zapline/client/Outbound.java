package dev.zapline.client;

import dev.zapline.codec.buffer.StagedBytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;

/**
 * One connection's outbound buffer, reused across flushes. Each flush sends a retained slice of what was appended
 * since the last one, so once the socket has taken it (the slice released, the buffer's count back to ours alone)
 * the next batch starts again at the buffer's beginning. A slice the socket has not taken yet covers only its own
 * bytes; appending after them is safe, and when the room runs out a new buffer takes over (the old one lives until
 * its slices are written). Whole requests written as arrays ({@link #append}) are staged in a heap array first
 * ({@link StagedBytes}) and reach the direct buffer in one copy per flush, or earlier when the array is full. Used by
 * the ZAP client and the load generator's connections; confined to the connection's event loop.
 */
public final class Outbound {

    /** Small, as a connection idle between requests keeps it (10,000 of them); a batch grows it in place. */
    private static final int INITIAL = 256;

    private ByteBuf out;
    /** Bytes {@link #append}ed since the last flush, after {@link #out}'s readable ones. */
    private final StagedBytes staged = new StagedBytes();

    /**
     * Appends {@code length} bytes of {@code src} at {@code offset}: staged, moved to the socket's buffer in one copy
     * per flush rather than one per request; bytes larger than the staging array go straight to the buffer.
     */
    public void append(ByteBufAllocator alloc, byte[] src, int offset, int length) {
        if (length > StagedBytes.MAX) {
            room(alloc, length).writeBytes(src, offset, length);
            return;
        }
        if (!staged.fits(length)) {
            unstage(alloc);
        }
        staged.append(src, offset, length);
    }

    /** The buffer to append to, with room for {@code n} more bytes (what {@link #append} staged is in it first). */
    public ByteBuf room(ByteBufAllocator alloc, int n) {
        if (!staged.isEmpty()) {
            unstage(alloc);
        }
        return direct(alloc, n);
    }

    /** Moves what {@link #append} staged into the socket's buffer, after what is there. */
    private void unstage(ByteBufAllocator alloc) {
        staged.moveTo(direct(alloc, staged.end()));
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
        if (!staged.isEmpty()) {
            if (discard) {
                staged.clear();
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
        staged.release();
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
