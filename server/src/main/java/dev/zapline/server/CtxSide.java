package dev.zapline.server;

import dev.zapline.server.internal.RequestHead;
import dev.zapline.server.internal.Responder;
import dev.zapline.server.internal.Route;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.http1.HttpHead;
import dev.zapline.server.internal.http2.Http2Head;
import dev.zapline.server.internal.route.RouteMatch;
import dev.zapline.server.internal.zap.ZapHead;
import dev.zapline.transport.TlsInfo;
import io.netty.channel.Channel;

/** The one {@link ServerAccess}: the transports' way to this package's non-API members. */
final class CtxSide extends ServerAccess {

    @Override
    public Ctx newCtx(JsonCodec json, RouteMatch<Route> match) {
        return new Ctx(json, match);
    }

    @Override
    public void bind(Ctx c, Responder r, Channel ch, Transport t) {
        c.bind(r, ch, t);
    }

    @Override
    public void unbind(Ctx c) {
        c.unbind();
    }

    @Override
    public void reset(Ctx c, RequestHead head, Handler[] chain, boolean omitBody) {
        c.reset(head, chain, omitBody);
    }

    @Override
    public RouteMatch<Route> match(Ctx c) {
        return c.match;
    }

    @Override
    public RequestHead head(Ctx c) {
        return c.head;
    }

    @Override
    public boolean omitBody(Ctx c) {
        return c.omitBody;
    }

    @Override
    public HandOff handOff(Ctx c) {
        return c.handOff;
    }

    @Override
    public boolean streaming(Ctx c) {
        return c.streaming();
    }

    @Override
    public void finished(Ctx c) {
        c.finished();
    }

    @Override
    public ResponseHeaders trailers(Ctx c) {
        return c.trailers();
    }

    @Override
    public void responseLength(Ctx c, long length) {
        c.responseLength = length;
    }

    @Override
    public HttpHead http(Ctx c) {
        return c.http;
    }

    @Override
    public void http(Ctx c, HttpHead head) {
        c.http = head;
    }

    @Override
    public ZapHead zap(Ctx c) {
        return c.zap;
    }

    @Override
    public void zap(Ctx c, ZapHead head) {
        c.zap = head;
    }

    @Override
    public Http2Head h2(Ctx c) {
        return c.h2;
    }

    @Override
    public void h2(Ctx c, Http2Head head) {
        c.h2 = head;
    }

    @Override
    public boolean isDone(HandOff h) {
        return h.isDone();
    }

    @Override
    public int index(Attribute<?> key) {
        return key.index;
    }

    @Override
    public void handshakeStarted(TlsStats s) {
        s.started();
    }

    @Override
    public void handshakeCompleted(TlsStats s, TlsInfo info) {
        s.completed(info);
    }

    @Override
    public void handshakeFailed(TlsStats s, String reason) {
        s.failed(reason);
    }

    @Override
    public void handshakeRefused(TlsStats s) {
        s.refuse();
    }
}
