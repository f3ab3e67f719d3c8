package dev.zapline.server;

import dev.zapline.server.internal.RequestHead;
import dev.zapline.server.internal.Responder;
import dev.zapline.server.internal.Route;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.route.RouteMatch;
import dev.zapline.transport.TlsInfo;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

/**
 * The one {@link ServerAccess}: the transports' way to this package's non-API members. It is the transports' side
 * of a {@link Ctx}: lending it to a connection and taking it back, starting a request on it, reading the response
 * state the handler set, and finishing it.
 */
final class CtxSide extends ServerAccess {

    @Override
    protected Ctx create(JsonCodec json, RouteMatch<Route> match, Object scratch) {
        return new Ctx(json, match, scratch);
    }

    @Override
    protected Object scratch(Ctx c) {
        return c.scratch;
    }

    @Override
    public void bind(Ctx c, Responder r, Channel ch, Transport t) {
        c.connection = r;
        c.channel = ch;
        c.transport = t;
    }

    @Override
    protected void release(Ctx c) {
        c.connection = null;
        c.channel = null;
        c.transport = null;
        c.head = null;
        c.chain = null;
    }

    @Override
    public void reset(Ctx c, RequestHead head, Handler[] chain, boolean omitBody) {
        c.head = head;
        c.chain = chain;
        c.chainIndex = 0;
        c.handOff = null;
        c.reply.reset(omitBody);
        c.attributes.clear();
        c.done.clear();
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
        return c.reply.omitBody;
    }

    @Override
    public HandOff handOff(Ctx c) {
        return c.handOff;
    }

    @Override
    public boolean streaming(Ctx c) {
        return c.reply.streaming;
    }

    @Override
    public void finished(Ctx c) {
        c.done.run(c);
    }

    @Override
    public ResponseHeaders trailers(Ctx c) {
        return c.reply.trailers();
    }

    @Override
    public void responseLength(Ctx c, long length) {
        c.reply.responseLength = length;
    }

    @Override
    public void addHeader(ResponseHeaders h, byte[] name, byte[] value) {
        h.add(name, value);
    }

    @Override
    public int writeHttp(ResponseHeaders h, byte[] dst, int at) {
        return h.writeHttp(dst, at);
    }

    @Override
    public void writeHttp(ResponseHeaders h, ByteBuf out) {
        h.writeHttp(out);
    }

    @Override
    public int size(ResponseHeaders h) {
        return h.size();
    }

    @Override
    public byte[] array(ResponseHeaders h) {
        return h.array();
    }

    @Override
    public int nameStart(ResponseHeaders h, int i) {
        return h.nameStart(i);
    }

    @Override
    public int nameLength(ResponseHeaders h, int i) {
        return h.nameLength(i);
    }

    @Override
    public int valueStart(ResponseHeaders h, int i) {
        return h.valueStart(i);
    }

    @Override
    public int valueLength(ResponseHeaders h, int i) {
        return h.valueLength(i);
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
