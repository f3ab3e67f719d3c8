package dev.zapline.load.engine;

import dev.zapline.client.Outbound;
import dev.zapline.codec.http1.Http1Exception;
import dev.zapline.codec.http1.Http1ResponseLimits;
import dev.zapline.codec.http1.Http1ResponseParser;
import dev.zapline.load.metrics.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * One HTTP/1.1 connection of {@link HttpLoadClient}: the handler that reads responses in place and the
 * {@link Connection} the engine writes through. Requests may be pipelined; responses come back in order. Confined
 * to the channel's event loop; nothing allocated per request once the buffer pool is warm.
 *
 * <p>Each read is copied into a heap buffer its event loop's thread keeps (one copy per read batch, a few
 * nanoseconds per response): over an array, {@link Http1ResponseParser} reads a whole head in one pass instead of
 * one {@code ByteProcessor} call per byte of a direct buffer, which was the largest share of the loader's CPU. The
 * parser consumes every byte it is given (a head cut by the end of a read is kept in its own state), so the buffer
 * is shared by all the loop's connections and none holds inbound memory of its own between reads: at 10,000 idle
 * connections that was 8 KiB each.
 */
final class Http1Connection extends ChannelInboundHandlerAdapter implements Connection {

    /** Size of the per-thread inbound copy; a larger read is decoded in pieces of this size. */
    private static final int SCRATCH = 64 * 1024;

    /** Not leak-tracked (a wrapped array): it lives as long as its thread. */
    private static final FastThreadLocal<ByteBuf> INBOUND = new FastThreadLocal<>() {
        @Override
        protected ByteBuf initialValue() {
            return Unpooled.wrappedBuffer(new byte[SCRATCH]);
        }
    };

    private final byte[][] requests;
    private final ConnectionEvents events;
    private final Http1ResponseParser parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
    private Channel channel;
    private final Outbound out = new Outbound();
    private int inFlight;
    private long bytes;
    private boolean closed;
    private Outcome reason;
    /** Behind TLS the connection opens when its handshake is done ({@link #opened}), not when TCP is. */
    private final boolean tls;
    /** The connection is open: the engine knows it, so it hears of its end. */
    private boolean opened;

    private Handshake handshake;

    Http1Connection(byte[][] requests, ConnectionEvents events) {
        this(requests, events, false);
    }

    Http1Connection(byte[][] requests, ConnectionEvents events, boolean tls) {
        this.requests = requests;
        this.events = events;
        this.tls = tls;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        channel = chc.channel();
    }

    /**
     * The TLS handshake is done ({@code h} its figures): the connection is open, and {@link ConnectionEvents#onClosed}
     * is called when it goes. A connection whose handshake failed only fails its connect future.
     */
    void opened(Handshake h) {
        opened = true;
        handshake = h;
    }

    @Override
    public void channelActive(ChannelHandlerContext chc) {
        if (!tls) {
            opened = true;
        }
        chc.fireChannelActive();
    }

    @Override
    public Handshake handshake() {
        return handshake;
    }

    @Override
    public boolean write(int i) {
        if (closed || !channel.isActive()) {
            return false;
        }
        byte[] request = requests[i];
        out.room(channel.alloc(), request.length).writeBytes(request);
        inFlight++;
        return true;
    }

    @Override
    public void flush() {
        out.flush(channel, closed);
    }

    @Override
    public boolean isActive() {
        return !closed && channel.isActive();
    }

    @Override
    public void close() {
        fail(Outcome.RESET);
    }

    private void fail(Outcome why) {
        if (reason == null) {
            reason = why;
        }
        closed = true;
        channel.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || closed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ByteBuf scratch = INBOUND.get();
        try {
            while (!closed && in.isReadable()) {
                scratch.clear();
                scratch.writeBytes(in, Math.min(in.readableBytes(), SCRATCH));
                decode(scratch); // consumes it all, or closes the connection
            }
        } finally {
            in.release();
        }
    }

    private void decode(ByteBuf buf) {
        while (!closed && buf.isReadable()) {
            int before = buf.readerIndex();
            int r;
            try {
                r = parser.parse(buf);
            } catch (Http1Exception e) {
                fail(Outcome.PROTOCOL_ERROR);
                return;
            }
            bytes += buf.readerIndex() - before;
            if (r != Http1ResponseParser.RESPONSE_COMPLETE) {
                return;
            }
            if (!complete()) {
                return;
            }
            if (!parser.keepAlive()) {
                fail(Outcome.RESET);
                return;
            }
        }
    }

    private boolean complete() {
        if (inFlight == 0) {
            fail(Outcome.PROTOCOL_ERROR);
            return false;
        }
        inFlight--;
        long n = bytes;
        bytes = 0;
        events.onResponse(parser.status(), n);
        return true;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext chc) {
        events.onReadComplete();
        chc.fireChannelReadComplete();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        fail(Outcome.RESET);
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) {
        closed = true;
        out.release();
        if (reason == null) {
            try {
                if (parser.endOfInput()) {
                    complete();
                }
                reason = Outcome.RESET;
            } catch (Http1Exception e) {
                reason = Outcome.RESET;
            }
        }
        while (inFlight > 0) {
            inFlight--;
            events.onFailure(reason);
        }
        if (opened) {
            events.onClosed();
        }
        chc.fireChannelInactive();
    }
}
