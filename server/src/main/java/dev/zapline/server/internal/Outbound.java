package dev.zapline.server.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.util.Arrays;

/**
 * A connection's responses of one read batch, collected in one buffer and written with one flush at its end (or at
 * once outside a read); the buffer is taken from the channel's allocator when the first response of a batch is
 * written. A transport may instead lay small responses straight into a heap array ({@link #stage}), which reaches
 * the buffer in one copy when the batch is flushed or when something is written to {@link #buffer} (so the order
 * holds): a small copy into a direct buffer costs more in its checks than in its bytes. Shared by the byte-stream
 * transports (HTTP/1.1, ZAP, RPC). Event-loop confined.
 */
public final class Outbound {

    /** First size of a read batch's response buffer: room for a few dozen small pipelined responses. */
    private static final int INITIAL = 4096;

    /** First size of the staged array, kept while the connection lives. */
    private static final int STAGED_INITIAL = 512;

    /**
     * The staged array grows to this at most (10,000 connections each keep theirs): when a batch would outgrow
     * it, what is staged moves to the buffer first and the array starts again from its beginning.
     */
    public static final int MAX_STAGED = 4096;

    private ByteBuf out;
    private byte[] staged;
    private int stagedLength;

    /** The buffer responses are written to, allocated from {@code alloc} if the batch has none yet. */
    public ByteBuf buffer(ByteBufAllocator alloc) {
        if (stagedLength > 0) {
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
     * The staged array with room for {@code n} more bytes, at most {@link #MAX_STAGED}, from {@link #stagedEnd()};
     * the caller writes them and then calls {@link #commit}.
     */
    public byte[] stage(ByteBufAllocator alloc, int n) {
        if (n > MAX_STAGED) {
            throw new IllegalArgumentException(n + " bytes cannot be staged (at most " + MAX_STAGED + ")");
        }
        byte[] s = staged;
        if (s != null && s.length - stagedLength >= n) {
            return s;
        }
        if (stagedLength + n > MAX_STAGED) {
            unstage(alloc);
            if (s.length >= n) {
                return s;
            }
        }
        int size = Math.min(
                MAX_STAGED, Math.max(Math.max(STAGED_INITIAL, stagedLength + n), s == null ? 0 : 2 * s.length));
        s = s == null ? new byte[size] : Arrays.copyOf(s, size);
        staged = s;
        return s;
    }

    /** Where the next staged bytes go in the array {@link #stage} returns. */
    public int stagedEnd() {
        return stagedLength;
    }

    /** Adds {@code n} bytes written from {@link #stagedEnd()} to what is staged. */
    public void commit(int n) {
        stagedLength += n;
    }

    private void unstage(ByteBufAllocator alloc) {
        int n = stagedLength;
        stagedLength = 0;
        direct(alloc, n).writeBytes(staged, 0, n);
    }

    /** Whether nothing is waiting to be written. */
    public boolean isEmpty() {
        return out == null && stagedLength == 0;
    }

    /**
     * Writes and flushes what is collected and returns its size, or -1 if nothing was; with {@code close}, closes
     * the channel once it is written (at once when nothing was collected).
     */
    public int flush(ChannelHandlerContext chc, boolean close) {
        if (stagedLength > 0) {
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
        staged = null;
        stagedLength = 0;
        out = Accumulation.releaseQuietly(out);
    }
}
