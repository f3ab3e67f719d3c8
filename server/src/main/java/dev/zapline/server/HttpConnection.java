package dev.zapline.server;

import dev.zapline.codec.http1.ChunkedDecoder;
import dev.zapline.codec.http1.Http1Exception;
import dev.zapline.codec.http1.Http1HeadParser;
import dev.zapline.codec.http1.Http1Request;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;

/**
 * One HTTP/1.1 connection: accumulates bytes, parses each request head in place, waits for its body, dispatches
 * it through the {@link Ctx} the connection owns, and encodes responses into one outbound buffer that is flushed
 * once per read batch. Pipelined requests are answered in order; a handed-off request holds the ones behind it.
 * Malformed input gets its status and a closed connection. Everything runs on the channel's event loop.
 */
final class HttpConnection extends ChannelInboundHandlerAdapter implements Responder {

    private static final int HEAD = 0;
    private static final int BODY = 1;
    private static final int CHUNKED_BODY = 2;
    /** First size of a read batch's response buffer: room for a few dozen small pipelined responses. */
    private static final int OUT_INITIAL = 4096;

    private final ServerContext server;
    private final Http1HeadParser parser;
    private final ChunkedDecoder chunked;
    private final HttpHead head = new HttpHead();
    private ChannelHandlerContext chc;
    private Ctx ctx;

    private ByteBuf cumulation;
    private ByteBuf pending;
    private ByteBuf out;
    private ByteBuf chunkBody;
    private int phase = HEAD;
    private long need;
    private boolean keepAlive;
    private boolean paused;
    private boolean closing;
    private boolean closed;
    private boolean inRead;
    private boolean draining;

    HttpConnection(ServerContext server) {
        this.server = server;
        this.parser = new Http1HeadParser(server.limits());
        this.chunked = new ChunkedDecoder(server.limits());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        this.chc = chc;
        this.ctx = new Ctx(chc.channel(), Transport.HTTP, this, server.json());
        this.ctx.match = server.dispatcher().newMatch();
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || closing) {
            ReferenceCountUtil.release(msg);
            return;
        }
        inRead = true;
        if (paused) {
            pending = append(pending, in);
            return;
        }
        cumulation = append(cumulation, in);
        process();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext chc) {
        inRead = false;
        flushOut();
    }

    private ByteBuf append(ByteBuf acc, ByteBuf in) {
        if (acc == null) {
            return in;
        }
        if (acc.writableBytes() < in.readableBytes() || acc.refCnt() > 1 || acc.isReadOnly()) {
            ByteBuf grown = chc.alloc().buffer(acc.readableBytes() + in.readableBytes());
            grown.writeBytes(acc);
            acc.release();
            acc = grown;
        }
        acc.writeBytes(in);
        in.release();
        return acc;
    }

    private void process() {
        try {
            while (!paused && !closing && cumulation != null) {
                if (phase == HEAD) {
                    if (!cumulation.isReadable()) {
                        break;
                    }
                    int n = parser.parse(cumulation, head.req);
                    if (n < 0) {
                        break;
                    }
                    cumulation.skipBytes(n);
                    parser.reset();
                    startBody();
                }
                if (phase == BODY) {
                    if (cumulation.readableBytes() < need) {
                        break;
                    }
                    head.body = cumulation.readSlice((int) need);
                    dispatch();
                } else if (phase == CHUNKED_BODY) {
                    if (!chunked.decode(cumulation, chunkBody)) {
                        break;
                    }
                    head.body = chunkBody;
                    dispatch();
                }
            }
        } catch (Http1Exception e) {
            protocolError(e.status(), e.getMessage());
        }
        compact();
    }

    private void startBody() {
        Http1Request r = head.req;
        keepAlive = r.keepAlive() && !draining;
        switch (r.bodyKind()) {
            case Http1Request.BODY_LENGTH -> {
                phase = BODY;
                need = r.contentLength();
                if (r.expectContinue() && cumulation.readableBytes() < need) {
                    sendContinue();
                }
            }
            case Http1Request.BODY_CHUNKED -> {
                phase = CHUNKED_BODY;
                chunked.reset();
                chunkBody = chc.alloc().buffer();
                if (r.expectContinue()) {
                    sendContinue();
                }
            }
            default -> {
                head.body = Unpooled.EMPTY_BUFFER;
                dispatch();
            }
        }
    }

    private void sendContinue() {
        out().writeBytes(HttpResponses.CONTINUE);
        flushOut();
    }

    private void dispatch() {
        phase = HEAD;
        server.dispatcher().dispatch(ctx, head);
        if ((ctx.handOff != null && !ctx.responded()) || ctx.streaming()) {
            paused = true;
            chc.channel().config().setAutoRead(false);
            return;
        }
        finishRequest();
    }

    private void finishRequest() {
        ctx.finished();
        head.body = Unpooled.EMPTY_BUFFER;
        if (chunkBody != null) {
            chunkBody.release();
            chunkBody = null;
        }
        if (!keepAlive) {
            closing = true;
        }
    }

    private void compact() {
        if (cumulation == null || paused) {
            return;
        }
        if (!cumulation.isReadable() || closing) {
            cumulation.release();
            cumulation = null;
        } else if (cumulation.refCnt() > 1) {
            // A handler kept a slice of the last body: move the unread bytes instead of shifting them under it.
            ByteBuf rest = chc.alloc().buffer(cumulation.readableBytes());
            rest.writeBytes(cumulation);
            cumulation.release();
            cumulation = rest;
        } else {
            cumulation.discardSomeReadBytes();
        }
    }

    private void resume() {
        paused = false;
        finishRequest();
        if (pending != null) {
            cumulation = append(cumulation, pending);
            pending = null;
        }
        if (!closing) {
            chc.channel().config().setAutoRead(chc.channel().isWritable());
            process();
        }
        flushOut();
    }

    private void protocolError(int status, String detail) {
        keepAlive = false;
        closing = true;
        HttpResponses.protocolError(out(), server.dateLine(), status, detail);
    }

    private ByteBuf out() {
        if (out == null) {
            out = chc.alloc().buffer(OUT_INITIAL);
        }
        return out;
    }

    private void flushOut() {
        if (closed) {
            return;
        }
        if (out != null) {
            ByteBuf o = out;
            out = null;
            if (closing && !paused) {
                chc.writeAndFlush(o).addListener(ChannelFutureListener.CLOSE);
            } else {
                chc.write(o, chc.voidPromise());
                chc.flush();
            }
        } else if (closing && !paused) {
            chc.close();
        }
    }

    private void afterWrite() {
        if (!inRead) {
            flushOut();
        }
    }

    @Override
    public void respond(Ctx ctx, byte[] body, int offset, int length) {
        if (closed) {
            return;
        }
        ctx.responseLength = length;
        ByteBuf o = out();
        writeHead(o, ctx, length, null);
        if (!ctx.omitBody) {
            o.writeBytes(body, offset, length);
        }
        afterWrite();
    }

    @Override
    public void respond(Ctx ctx, CharSequence text) {
        if (closed) {
            return;
        }
        int length = HttpResponses.utf8Length(text);
        ctx.responseLength = length;
        ByteBuf o = out();
        writeHead(o, ctx, length, HttpResponses.TEXT_PLAIN);
        if (!ctx.omitBody) {
            ByteBufUtil.reserveAndWriteUtf8(o, text, length);
        }
        afterWrite();
    }

    @Override
    public void respond(Ctx ctx, ByteBuf body) {
        try {
            if (closed) {
                return;
            }
            ctx.responseLength = body.readableBytes();
            ByteBuf o = out();
            writeHead(o, ctx, body.readableBytes(), null);
            if (!ctx.omitBody) {
                o.writeBytes(body);
            }
            afterWrite();
        } finally {
            body.release();
        }
    }

    @Override
    public void startStream(Ctx ctx) {
        if (!closed) {
            if (head.req.version() == 10) {
                keepAlive = false;
            }
            writeHead(out(), ctx, -1, null);
            afterWrite();
        }
    }

    @Override
    public void streamChunk(Ctx ctx, ByteBuf data) {
        try {
            if (closed || ctx.omitBody || !HttpResponses.hasBody(ctx.status()) || !data.isReadable()) {
                return;
            }
            if (head.req.version() == 10) {
                out().writeBytes(data);
            } else {
                HttpResponses.chunk(out(), data);
            }
            afterWrite();
        } finally {
            data.release();
        }
    }

    @Override
    public void endStream(Ctx ctx) {
        if (closed) {
            return;
        }
        if (head.req.version() != 10 && !ctx.omitBody && HttpResponses.hasBody(ctx.status())) {
            out().writeBytes(HttpResponses.LAST_CHUNK);
        }
        if (paused && ctx.handOff != null && ctx.handOff.isDone() || paused && ctx.handOff == null) {
            resume();
        } else {
            afterWrite();
        }
    }

    @Override
    public void completeHandOff(Ctx ctx, Handler responder) {
        Dispatcher.complete(ctx, responder);
        if (!ctx.streaming()) {
            resume();
        }
    }

    private void writeHead(ByteBuf o, Ctx ctx, long length, byte[] defaultType) {
        HttpResponses.head(o, ctx, server.dateLine(), length, defaultType, keepAlive, head.req.version() == 10);
    }

    /** Stops keep-alive: an idle connection closes now, a busy one after its current response. */
    void drain() {
        draining = true;
        keepAlive = false;
        boolean idle = !paused && phase == HEAD && (cumulation == null || !cumulation.isReadable()) && out == null;
        if (idle) {
            closing = true;
            chc.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext chc, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            if (paused) {
                return;
            }
            boolean midRequest = phase != HEAD || (cumulation != null && cumulation.isReadable());
            if (midRequest) {
                protocolError(408, "the request did not arrive in time");
                flushOut();
            } else {
                closing = true;
                chc.close();
            }
            return;
        }
        if (evt == ServerContext.DRAIN) {
            drain();
            return;
        }
        super.userEventTriggered(chc, evt);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext chc) {
        if (!paused && !closing) {
            chc.channel().config().setAutoRead(chc.channel().isWritable());
        }
        chc.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        if (!(cause instanceof IOException)) {
            System.getLogger("dev.zapline.server").log(System.Logger.Level.WARNING, "connection failed", cause);
        }
        chc.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) {
        closed = true;
        release();
        chc.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext chc) {
        closed = true;
        release();
    }

    private void release() {
        cumulation = releaseQuietly(cumulation);
        pending = releaseQuietly(pending);
        out = releaseQuietly(out);
        chunkBody = releaseQuietly(chunkBody);
        head.body = Unpooled.EMPTY_BUFFER;
    }

    private static ByteBuf releaseQuietly(ByteBuf b) {
        if (b != null && b.refCnt() > 0) {
            b.release();
        }
        return null;
    }
}
