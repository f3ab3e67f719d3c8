package dev.zapline.load.engine;

import dev.zapline.client.Outbound;
import dev.zapline.codec.http1.Http1Exception;
import dev.zapline.codec.http1.Http1ResponseLimits;
import dev.zapline.codec.http1.Http1ResponseParser;
import dev.zapline.load.metrics.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * One HTTP/1.1 connection of {@link HttpLoadClient}: the handler that reads responses in place and the
 * {@link Connection} the engine writes through. Requests may be pipelined; responses come back in order. Confined
 * to the channel's event loop; nothing allocated per request once the buffer pool is warm.
 *
 * <p>Each read is copied into one heap buffer the connection keeps (one copy per read batch, a few nanoseconds per
 * response): over an array, {@link Http1ResponseParser} reads a whole head in one pass instead of one
 * {@code ByteProcessor} call per byte of a direct buffer, which was the largest share of the loader's CPU.
 */
final class Http1Connection extends ChannelInboundHandlerAdapter implements Connection {

    /** First size of the inbound buffer: a read batch of a few dozen small pipelined responses. */
    private static final int IN_INITIAL = 8192;

    private final byte[][] requests;
    private final ConnectionEvents events;
    private final Http1ResponseParser parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
    private Channel channel;
    private ByteBuf cumulation;
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
        ByteBuf acc = cumulation;
        if (acc == null) {
            acc = chc.alloc().heapBuffer(Math.max(IN_INITIAL, in.readableBytes()));
            cumulation = acc;
        } else if (acc.writableBytes() < in.readableBytes()) {
            acc.discardReadBytes();
            acc.ensureWritable(in.readableBytes());
        }
        acc.writeBytes(in);
        in.release();
        decode();
        if (cumulation != null && !cumulation.isReadable()) {
            cumulation.clear();
        }
    }

    private void decode() {
        while (!closed && cumulation.isReadable()) {
            int before = cumulation.readerIndex();
            int r;
            try {
                r = parser.parse(cumulation);
            } catch (Http1Exception e) {
                fail(Outcome.PROTOCOL_ERROR);
                return;
            }
            bytes += cumulation.readerIndex() - before;
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
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
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
