package dev.zapline.server.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;

/**
 * A connection's responses of one read batch, collected in one buffer and written with one flush at its end (or at
 * once outside a read); the buffer is taken from the channel's allocator when the first response of a batch is
 * written. Shared by the byte-stream transports (HTTP/1.1, ZAP, RPC). Event-loop confined.
 */
public final class Outbound {

    /** First size of a read batch's response buffer: room for a few dozen small pipelined responses. */
    private static final int INITIAL = 4096;

    private ByteBuf out;

    /** The buffer responses are written to, allocated from {@code alloc} if the batch has none yet. */
    public ByteBuf buffer(ByteBufAllocator alloc) {
        if (out == null) {
            out = alloc.buffer(INITIAL);
        }
        return out;
    }

    /** Whether nothing is waiting to be written. */
    public boolean isEmpty() {
        return out == null;
    }

    /**
     * Writes and flushes what is collected and returns its size, or -1 if nothing was; with {@code close}, closes
     * the channel once it is written (at once when nothing was collected).
     */
    public int flush(ChannelHandlerContext chc, boolean close) {
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
        out = Accumulation.releaseQuietly(out);
    }
}
