package dev.zapline.server.internal.http2;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.internal.Attributes;
import dev.zapline.server.internal.Bodies;
import dev.zapline.server.internal.Dispatcher;
import dev.zapline.server.internal.Responder;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.ServerContext;
import dev.zapline.server.internal.TlsSession;
import dev.zapline.transport.TlsInfo;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.Locale;

/**
 * How an {@link Http2ServerConnection} answers its streams: the {@link Responder} every stream's {@link Ctx} is
 * bound to, finding the stream from {@link Ctx#h2}. A complete response is HEADERS (with content-length) and one
 * DATA frame with END_STREAM, or END_STREAM on the HEADERS when there is no body (HEAD, 204, 304, empty); a
 * streamed one is HEADERS, a DATA frame per piece and an empty DATA frame with END_STREAM. What a stream that is
 * gone (reset, or already ended) still writes is dropped. One per connection, on its event loop.
 */
public final class Http2Responses implements Responder {

    private static final ServerAccess A = ServerAccess.get();

    private final Http2ServerConnection connection;
    private final Http2ResponseHead head = new Http2ResponseHead();
    private final Attributes attributes = new Attributes();
    private ChannelHandlerContext chc;
    private ServerContext server;
    private final TlsSession tls = new TlsSession();

    public Http2Responses(Http2ServerConnection connection) {
        this.connection = connection;
    }

    public void bind(ChannelHandlerContext chc, ServerContext server) {
        this.chc = chc;
        this.server = server;
    }

    @Override
    public void respond(Ctx ctx, byte[] body, int offset, int length) {
        A.responseLength(ctx, length);
        if (A.h2(ctx).gone) {
            return;
        }
        ByteBuf data = hasBody(ctx) && length > 0 ? chc.alloc().buffer(length).writeBytes(body, offset, length) : null;
        complete(ctx, data, length, false);
    }

    @Override
    public void respond(Ctx ctx, ByteBuf body) {
        A.responseLength(ctx, body.readableBytes());
        if (A.h2(ctx).gone || !hasBody(ctx) || !body.isReadable()) {
            long n = body.readableBytes();
            body.release();
            if (!A.h2(ctx).gone) {
                complete(ctx, null, n, false);
            }
            return;
        }
        complete(ctx, body, body.readableBytes(), false);
    }

    @Override
    public void respond(Ctx ctx, CharSequence text) {
        int length = Bodies.utf8Length(text);
        A.responseLength(ctx, length);
        if (A.h2(ctx).gone) {
            return;
        }
        ByteBuf data = null;
        if (hasBody(ctx) && length > 0) {
            data = chc.alloc().buffer(length);
            ByteBufUtil.reserveAndWriteUtf8(data, text, length);
        }
        complete(ctx, data, length, true);
    }

    private static boolean hasBody(Ctx ctx) {
        return !A.omitBody(ctx) && Bodies.hasBody(ctx.status());
    }

    /**
     * HEADERS with content-length {@code length}, then {@code data} with END_STREAM (or, without data, END_STREAM on
     * the HEADERS).
     */
    private void complete(Ctx ctx, ByteBuf data, long length, boolean text) {
        int id = A.h2(ctx).streamId;
        A.h2(ctx).gone = true;
        Http2Headers h = head.head(ctx, server.dateLine(), length, text);
        connection.encoder().writeHeaders(chc, id, h, 0, data == null, chc.newPromise());
        if (data != null) {
            connection.encoder().writeData(chc, id, data, 0, true, chc.newPromise());
        }
        connection.afterWrite();
    }

    @Override
    public void startStream(Ctx ctx) {
        Http2Head s = A.h2(ctx);
        if (s.gone) {
            return;
        }
        boolean body = hasBody(ctx);
        Http2Headers h = head.head(ctx, server.dateLine(), -1, false);
        connection.encoder().writeHeaders(chc, s.streamId, h, 0, !body, chc.newPromise());
        s.gone = !body;
        connection.afterWrite();
    }

    @Override
    public void streamChunk(Ctx ctx, ByteBuf data) {
        if (A.h2(ctx).gone || !data.isReadable()) {
            data.release();
            return;
        }
        connection.encoder().writeData(chc, A.h2(ctx).streamId, data, 0, false, chc.newPromise());
        connection.afterWrite();
    }

    @Override
    public void endStream(Ctx ctx) {
        Http2Head s = A.h2(ctx);
        if (!s.gone) {
            s.gone = true;
            ResponseHeaders trailers = A.trailers(ctx);
            if (trailers == null) {
                connection.encoder().writeData(chc, s.streamId, Unpooled.EMPTY_BUFFER, 0, true, chc.newPromise());
            } else {
                // a closing HEADERS frame (RFC 9113 §8.1); names lower-cased as HTTP/2 wants them
                Http2Headers t = new DefaultHttp2Headers(false, trailers.count());
                for (int i = 0; i < trailers.count(); i++) {
                    t.add(trailers.name(i).toLowerCase(Locale.ROOT), trailers.value(i));
                }
                connection.encoder().writeHeaders(chc, s.streamId, t, 0, true, chc.newPromise());
            }
        }
        if (s.pending && (A.handOff(ctx) == null || A.isDone(A.handOff(ctx)))) {
            connection.streams.finish(ctx);
        }
        connection.afterWrite();
    }

    @Override
    public void completeHandOff(Ctx ctx, Handler responder) {
        Dispatcher.complete(ctx, responder);
        if (!A.streaming(ctx) && A.h2(ctx).pending) {
            connection.streams.finish(ctx);
        }
        connection.afterWrite();
    }

    @Override
    public TlsInfo tls() {
        return tls.of(connection.ssl);
    }

    @Override
    public Attributes connectionAttributes() {
        return attributes;
    }
}
