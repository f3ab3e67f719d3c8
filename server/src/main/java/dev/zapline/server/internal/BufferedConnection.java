package dev.zapline.server.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * The shape every byte-stream server connection shares (HTTP/1.1 and ZAP through {@link Connection}, and RPC): the
 * idle policy ({@link IdleTimer}, started with the handler and stopped when the channel goes), reads dropped once
 * closing, responses collected per read batch in one {@link Outbound} buffer and flushed at the batch's end (or at
 * once outside a read), reading paused while the peer does not read its answers, and everything released when the
 * channel goes inactive or the handler is removed. Runs on the channel's event loop.
 */
public abstract class BufferedConnection extends ChannelInboundHandlerAdapter {

    public ChannelHandlerContext chc;
    /** The connection closes after what is already answered; reads after this are dropped. */
    public boolean closing;
    /** The channel is gone (or, on HTTP/1.1, handed to HTTP/2): nothing is written any more. */
    public boolean closed;

    /** The idle timeout's periodic check, cancelled when the connection goes. */
    protected final IdleTimer idle;
    /** The responses of the current read batch. */
    protected final Outbound out = new Outbound();

    private boolean inRead;

    /** A connection idle after {@code idleNanos} without a read ({@link IdleTimer#halves}). */
    protected BufferedConnection(long idleNanos) {
        this.idle = IdleTimer.halves(idleNanos, this::idleCheck);
    }

    /** Runs every idle-check period; asks {@link #idle} whether the timeout has passed and acts on it. */
    protected abstract void idleCheck();

    /** Takes the bytes of one read (its reference passes); the connection is not closing. */
    protected abstract void read(ByteBuf in);

    /** Writes what the batch collected, if the connection is still there. */
    public abstract void flushOut();

    /** Releases every buffer the connection holds; may run twice (channel inactive, then handler removed). */
    public abstract void release();

    /** The connection is gone, counted once: the first time the channel goes inactive or the handler is removed. */
    protected void countClose() {}

    /** Whether reading waits on a response still being made, whatever the channel's writability. */
    public boolean paused() {
        return false;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        this.chc = chc;
        idle.start(chc.executor());
    }

    @Override
    public final void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || closing) {
            ReferenceCountUtil.release(msg);
            return;
        }
        inRead = true;
        idle.read();
        read(in);
    }

    @Override
    public final void channelReadComplete(ChannelHandlerContext chc) {
        inRead = false;
        flushOut();
    }

    /** The buffer the current batch's responses are written to. */
    public ByteBuf out() {
        return out.buffer(chc.alloc());
    }

    /** After writing a response part: flush now unless a read batch is in progress (it flushes at its end). */
    public void afterWrite() {
        if (!inRead) {
            flushOut();
        }
    }

    /** A peer that does not read its answers stops being read until it catches up. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext chc) {
        if (!paused() && !closing) {
            chc.channel().config().setAutoRead(chc.channel().isWritable());
        }
        chc.fireChannelWritabilityChanged();
    }

    @Override
    public final void channelInactive(ChannelHandlerContext chc) {
        gone();
        chc.fireChannelInactive();
    }

    @Override
    public final void handlerRemoved(ChannelHandlerContext chc) {
        gone();
    }

    private void gone() {
        if (!closed) {
            countClose();
        }
        closed = true;
        idle.stop();
        release();
    }
}
