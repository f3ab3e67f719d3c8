package dev.zapline.server.baseline;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.charset.StandardCharsets;

/**
 * The raw baseline's one handler: the least a correct Netty server does to answer {@code GET /health} over HTTP/1.1
 * keep-alive. It reads every byte it is sent: each read is scanned line by line (SWAR {@code indexOf('\n')}) for
 * the empty line that ends a request head, keeping its place across reads, so heads split over several reads and
 * several pipelined heads in one read are both answered, in order; the request line must start with
 * {@code GET /health }, anything else gets a 404 and the connection closes. Each answer is one copy of a cached
 * response ({@link CachedResponses}) into one buffer per read batch, flushed once in {@code channelReadComplete}.
 *
 * <p>Deliberately not handled (a GET health check needs none of it): request bodies, {@code connection: close},
 * HTTP/1.0 keep-alive, header limits. Nothing is accumulated, so a long line costs no memory. One instance per
 * channel, on its event loop.
 */
public final class RawHealthHandler extends ChannelInboundHandlerAdapter {

    private static final byte[] REQUEST_LINE_START = "GET /health ".getBytes(StandardCharsets.US_ASCII);
    private static final int OUT_INITIAL = 1024;

    private final CachedResponses responses;
    private ByteBuf out;
    private int lineLength;
    private boolean lineIsCr;
    private boolean requestLine = true;
    private boolean wrongTarget;
    private boolean closing;

    public RawHealthHandler(CachedResponses responses) {
        this.responses = responses;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            if (!closing) {
                scan(ctx, in);
            }
        } finally {
            in.release();
        }
    }

    private void scan(ChannelHandlerContext ctx, ByteBuf in) {
        int i = in.readerIndex();
        int end = in.writerIndex();
        while (i < end && !closing) {
            int nl = in.indexOf(i, end, (byte) '\n');
            int stop = nl < 0 ? end : nl;
            if (requestLine) {
                checkRequestLine(in, i, stop);
            }
            if (nl < 0) {
                lineIsCr = lineLength == 0 && end - i == 1 && in.getByte(i) == '\r';
                lineLength += end - i;
                return;
            }
            int length = lineLength + (nl - i);
            boolean empty = length == 0 || length == 1 && (nl > i ? in.getByte(nl - 1) == '\r' : lineIsCr);
            i = nl + 1;
            lineLength = 0;
            lineIsCr = false;
            if (requestLine) {
                requestLine = false;
                wrongTarget |= length < REQUEST_LINE_START.length;
            } else if (empty) {
                respond(ctx);
            }
        }
    }

    /** Compares the part of the request line in {@code [from, to)} with its expected start. */
    private void checkRequestLine(ByteBuf in, int from, int to) {
        for (int k = lineLength, at = from; k < REQUEST_LINE_START.length && at < to; k++, at++) {
            if (in.getByte(at) != REQUEST_LINE_START[k]) {
                wrongTarget = true;
            }
        }
    }

    private void respond(ChannelHandlerContext ctx) {
        if (out == null) {
            out = ctx.alloc().ioBuffer(OUT_INITIAL);
        }
        if (wrongTarget) {
            out.writeBytes(responses.notFound());
            closing = true;
        } else {
            out.writeBytes(responses.ok());
        }
        requestLine = true;
        wrongTarget = false;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ByteBuf o = out;
        out = null;
        flushBatch(ctx, o, closing);
    }

    /**
     * Writes a read batch's responses ({@code out}, or nothing when null) with one flush, closing the connection
     * after them when {@code close}. Shared with the bench's other raw handlers.
     */
    public static void flushBatch(ChannelHandlerContext ctx, ByteBuf out, boolean close) {
        if (out == null) {
            return;
        }
        if (close) {
            ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.write(out, ctx.voidPromise());
            ctx.flush();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
