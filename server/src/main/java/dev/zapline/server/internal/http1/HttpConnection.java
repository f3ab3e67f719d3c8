package dev.zapline.server.internal.http1;

import dev.zapline.codec.http1.Http1Exception;
import dev.zapline.codec.http1.Http1Request;
import dev.zapline.codec.http1.RequestTarget;
import dev.zapline.server.Ctx;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.Transport;
import dev.zapline.server.internal.Accumulation;
import dev.zapline.server.internal.Bodies;
import dev.zapline.server.internal.Connection;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.ServerContext;
import dev.zapline.server.internal.http2.Http2Preface;
import dev.zapline.server.internal.http2.Http2ServerConnection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;

/**
 * One HTTP/1.1 connection: parses each request head in place, waits for its body (Content-Length or chunked,
 * answering {@code Expect: 100-continue}), dispatches it, and encodes responses with pre-encoded heads. Malformed
 * input gets its status and a closed connection; HTTP/1.0 closes unless keep-alive was asked. A CONNECT request is
 * answered (501, by the dispatcher) and the connection closed: a client asking for a tunnel may already be sending
 * the tunnel's bytes, which must not be read as the next request.
 */
public final class HttpConnection extends Connection {

    private static final ServerAccess A = ServerAccess.get();

    private static final int HEAD = 0;
    private static final int BODY = 1;
    private static final int CHUNKED_BODY = 2;

    private ByteBuf chunkBody;
    /** The body of a Content-Length request: a retained slice of the cumulation, released when the request ends. */
    private ByteBuf bodySlice;

    private int phase = HEAD;
    private long need;
    private boolean keepAlive;
    /**
     * Whether the first bytes were checked for the HTTP/2 connection preface (RFC 9113 §3.4, prior knowledge); set
     * from the start on TLS, where ALPN chose this handler.
     */
    private boolean protocolKnown;
    /** The event loop's head writer, looked up once. */
    private HttpHeadWriter writer;

    public HttpConnection(ServerContext server) {
        super(server);
    }

    /** The head of the request being received, in the lent context. */
    private HttpHead head() {
        Ctx c = lend();
        HttpHead h = A.http(c);
        if (h == null) {
            A.http(c, h = new HttpHead(server.config().limits()));
        }
        return h;
    }

    @Override
    public Transport transport() {
        return Transport.HTTP;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        super.handlerAdded(chc);
        writer = server.headWriter();
    }

    @Override
    public void decode() {
        if (!protocolKnown && !http1()) {
            return;
        }
        try {
            while (canDecode()) {
                if (phase == HEAD) {
                    if (!cumulation.isReadable()) {
                        break;
                    }
                    HttpHead head = head();
                    int n = head.parser.parse(cumulation, head.req);
                    if (n < 0) {
                        break;
                    }
                    cumulation.skipBytes(n);
                    head.parser.reset();
                    startBody(head);
                }
                if (phase == BODY) {
                    HttpHead head = A.http(ctx);
                    if (cumulation.readableBytes() < need) {
                        break;
                    }
                    // retained: a recycled object when the cumulation is pooled; released in requestDone
                    bodySlice = cumulation.readRetainedSlice((int) need);
                    head.body = bodySlice;
                    phase = HEAD;
                    dispatch(head);
                } else if (phase == CHUNKED_BODY) {
                    HttpHead head = A.http(ctx);
                    if (!head.chunked.decode(cumulation, chunkBody)) {
                        break;
                    }
                    head.body = chunkBody;
                    phase = HEAD;
                    dispatch(head);
                }
            }
        } catch (Http1Exception e) {
            reject(e.status(), e.getMessage());
        }
    }

    /**
     * Whether the connection speaks HTTP/1.1: decided at the first byte that differs from the HTTP/2 preface (a
     * prefix of it waits for more). A whole preface hands the connection, bytes read so far included, to
     * {@link Http2ServerConnection}. {@code Upgrade: h2c} is not offered: such a request is answered as HTTP/1.1.
     */
    private boolean http1() {
        if (ssl != null) {
            protocolKnown = true;
            return true;
        }
        int match = Http2Preface.match(cumulation);
        if (match < 0) {
            protocolKnown = true;
            return true;
        }
        if (match > 0) {
            protocolKnown = true;
            toHttp2();
        }
        return false;
    }

    private void toHttp2() {
        ByteBuf read = cumulation;
        cumulation = null;
        // counted as this connection; the HTTP/2 handler does not count it again, nor this one its close
        closed = true;
        Http2ServerConnection h2 = Http2ServerConnection.create(server);
        h2.countedOpen = true;
        chc.pipeline().addAfter(chc.name(), null, h2);
        chc.fireChannelRead(read);
        chc.pipeline().remove(this);
    }

    private void startBody(HttpHead head) {
        Http1Request r = head.req;
        keepAlive = r.keepAlive() && !draining && !RequestTarget.isConnect(r.head(), r.methodStart(), r.methodLength());
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
                head.chunked.reset();
                chunkBody = chc.alloc().buffer();
                if (r.expectContinue()) {
                    sendContinue();
                }
            }
            default -> {
                head.body = Unpooled.EMPTY_BUFFER;
                dispatch(head);
            }
        }
    }

    private void sendContinue() {
        out().writeBytes(HttpResponses.CONTINUE);
        flushOut();
    }

    @Override
    public boolean midRequest() {
        return phase != HEAD || (cumulation != null && cumulation.isReadable());
    }

    @Override
    public void requestDone() {
        A.http(ctx).body = Unpooled.EMPTY_BUFFER;
        bodySlice = Accumulation.releaseQuietly(bodySlice);
        chunkBody = Accumulation.releaseQuietly(chunkBody);
        if (!keepAlive) {
            closing = true;
        }
    }

    @Override
    public void protocolError(int status, String detail) {
        keepAlive = false;
        closing = true;
        HttpResponses.protocolError(out(), server.dateLine(), status, detail);
    }

    @Override
    public void drain() {
        keepAlive = false;
        super.drain();
    }

    @Override
    public void respond(Ctx ctx, byte[] body, int offset, int length) {
        if (closed) {
            return;
        }
        A.responseLength(ctx, length);
        ByteBuf o = out();
        if (A.omitBody(ctx)) {
            writeHead(o, ctx, length, null);
        } else if (length <= HttpHeadWriter.INLINE_BODY) {
            writer.head(
                    o,
                    server.dateLine(),
                    ctx,
                    length,
                    null,
                    keepAlive,
                    A.http(ctx).req.version() == 10,
                    body,
                    offset,
                    length);
        } else {
            writeHead(o, ctx, length, null);
            o.writeBytes(body, offset, length);
        }
        afterWrite();
    }

    @Override
    public void respond(Ctx ctx, CharSequence text) {
        if (closed) {
            return;
        }
        int length = Bodies.utf8Length(text);
        A.responseLength(ctx, length);
        ByteBuf o = out();
        writeHead(o, ctx, length, HttpResponses.TEXT_PLAIN);
        if (!A.omitBody(ctx)) {
            ByteBufUtil.reserveAndWriteUtf8(o, text, length);
        }
        afterWrite();
    }

    @Override
    public void writeResponse(Ctx ctx, ByteBuf body) {
        ByteBuf o = out();
        writeHead(o, ctx, body.readableBytes(), null);
        if (!A.omitBody(ctx)) {
            o.writeBytes(body);
        }
    }

    @Override
    public void startStream(Ctx ctx) {
        if (!closed) {
            if (A.http(ctx).req.version() == 10) {
                keepAlive = false;
            }
            writeHead(out(), ctx, -1, null);
            afterWrite();
        }
    }

    @Override
    public boolean writeChunk(Ctx ctx, ByteBuf data) {
        if (!Bodies.hasBody(ctx.status())) {
            return false;
        }
        if (A.http(ctx).req.version() == 10) {
            out().writeBytes(data);
        } else {
            HttpResponses.chunk(out(), data);
        }
        return true;
    }

    @Override
    public void endStream(Ctx ctx) {
        if (closed) {
            return;
        }
        if (A.http(ctx).req.version() != 10 && !A.omitBody(ctx) && Bodies.hasBody(ctx.status())) {
            ResponseHeaders trailers = A.trailers(ctx);
            if (trailers == null) {
                out().writeBytes(HttpResponses.LAST_CHUNK);
            } else {
                // the last chunk, its trailer section, the empty line (RFC 9112 §7.1.2)
                ByteBuf o = out();
                o.writeBytes(HttpResponses.LAST_CHUNK, 0, 3);
                A.writeHttp(trailers, o);
                o.writeByte('\r').writeByte('\n');
            }
        }
        streamEnded(ctx);
    }

    private void writeHead(ByteBuf o, Ctx ctx, long length, byte[] defaultType) {
        writer.head(
                o,
                server.dateLine(),
                ctx,
                length,
                defaultType,
                keepAlive,
                A.http(ctx).req.version() == 10,
                null,
                0,
                0);
    }

    @Override
    public void release() {
        super.release();
        bodySlice = Accumulation.releaseQuietly(bodySlice);
        chunkBody = Accumulation.releaseQuietly(chunkBody);
        if (ctx != null && A.http(ctx) != null) {
            A.http(ctx).body = Unpooled.EMPTY_BUFFER;
        }
    }
}
