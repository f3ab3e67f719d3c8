package dev.zapline.server.internal;

import dev.zapline.codec.buffer.StagedBytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;

/**
 * A connection's responses of one read batch, collected in one buffer and written with one flush at its end (or at
 * once outside a read); the buffer is taken from the channel's allocator when the first response of a batch is
 * written. A transport may instead lay small responses straight into a heap array ({@link #stage}, a
 * {@link StagedBytes}), which reaches the buffer in one copy when the batch is flushed, when the array is full, or
 * when something is written to {@link #buffer} (so the order holds). Shared by the byte-stream transports
 * (HTTP/1.1, ZAP, RPC). Event-loop confined.
 */
public final class Outbound {

    /** First size of a read batch's response buffer: room for a few dozen small pipelined responses. */
    private static final int INITIAL = 4096;

    private ByteBuf out;
    private final StagedBytes staged = new StagedBytes();

    /** The buffer responses are written to, allocated from {@code alloc} if the batch has none yet. */
    public ByteBuf buffer(ByteBufAllocator alloc) {
        if (!staged.isEmpty()) {
            unstage(alloc);
        }
        return direct(alloc, INITIAL);
    }

    private ByteBuf direct(ByteBufAllocator alloc, int size) {
        if (out == null) {
            out = alloc.buffer(Math.max(INITIAL, size));
        }
        return out;
    }

    /**
     * The staged bytes, with room for {@code n} more ({@link StagedBytes#room}); what was staged before moves to the
     * buffer first when they would not fit beside it.
     *
     * @throws IllegalArgumentException when {@code n} is over {@link StagedBytes#MAX}
     */
    public StagedBytes stage(ByteBufAllocator alloc, int n) {
        if (n > StagedBytes.MAX) {
            throw new IllegalArgumentException(n + " bytes cannot be staged (at most " + StagedBytes.MAX + ")");
        }
        if (!staged.fits(n)) {
            unstage(alloc);
        }
        return staged;
    }

    private void unstage(ByteBufAllocator alloc) {
        staged.moveTo(direct(alloc, staged.end()));
    }

    /** Whether nothing is waiting to be written. */
    public boolean isEmpty() {
        return out == null && staged.isEmpty();
    }

    /**
     * Writes and flushes what is collected and returns its size, or -1 if nothing was; with {@code close}, closes
     * the channel once it is written (at once when nothing was collected).
     */
    public int flush(ChannelHandlerContext chc, boolean close) {
        if (!staged.isEmpty()) {
            unstage(chc.alloc());
        }
        ByteBuf o = out;
        if (o == null) {
            if (close) {
                chc.close();
            }
            return -1;
        }
        out = null;
        int n = o.readableBytes();
        if (close) {
            chc.writeAndFlush(o).addListener(ChannelFutureListener.CLOSE);
        } else {
            chc.writeAndFlush(o, chc.voidPromise());
        }
        return n;
    }

    /** Releases what was collected and not written; the connection is gone. */
    public void release() {
        staged.release();
        out = Accumulation.releaseQuietly(out);
    }
}
