package dev.zapline.server.internal;

import dev.zapline.server.Attribute;
import dev.zapline.server.Ctx;
import dev.zapline.server.HandOff;
import dev.zapline.server.Handler;
import dev.zapline.server.JsonCodec;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.TlsStats;
import dev.zapline.server.Transport;
import dev.zapline.server.internal.http1.HttpHead;
import dev.zapline.server.internal.http2.Http2Head;
import dev.zapline.server.internal.route.RouteMatch;
import dev.zapline.server.internal.zap.ZapHead;
import dev.zapline.transport.TlsInfo;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

/**
 * What the transports (in {@code internal}) may do to the API's objects that a handler may not: lend a {@link Ctx} to
 * a connection, start and finish its request, reach its per-transport scratch state, record TLS handshakes. The API
 * package keeps these members package-private and registers the one implementation when {@link Ctx} is initialised,
 * so a handler sees none of them and a transport in another package still reaches them without reflection. Hold the
 * instance in a {@code static final} field ({@code ServerAccess.get()}): the calls are then monomorphic and inline.
 *
 * <p>The transports' scratch ({@link #http}, {@link #zap}, {@link #h2}) is kept here, on this side of the seam: a
 * context carries it as one opaque slot ({@link #scratch}) holding a {@link TransportHeads}, so the API package
 * imports no transport package.
 */
public abstract class ServerAccess {

    private static volatile ServerAccess instance;

    /** The implementation, registered by {@link Ctx}'s static initialiser. */
    public static ServerAccess get() {
        ServerAccess a = instance;
        if (a == null) {
            try {
                Class.forName(Ctx.class.getName(), true, Ctx.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = instance;
        }
        return a;
    }

    /** Called once, by {@link Ctx}'s static initialiser; a second call fails. */
    public static synchronized void register(ServerAccess access) {
        if (instance != null) {
            throw new IllegalStateException("ServerAccess already registered");
        }
        instance = access;
    }

    /** A new context, with an empty slot for each transport's scratch. */
    public final Ctx newCtx(JsonCodec json, RouteMatch<Route> match) {
        return create(json, match, new TransportHeads());
    }

    /** Makes a context holding {@code scratch} as its opaque transport slot. */
    protected abstract Ctx create(JsonCodec json, RouteMatch<Route> match, Object scratch);

    /** The opaque slot {@code c} was made with. */
    protected abstract Object scratch(Ctx c);

    /** Lends {@code c} to {@code r}, answering on {@code ch} (on its event loop). */
    public abstract void bind(Ctx c, Responder r, Channel ch, Transport t);

    /**
     * Takes {@code c} back, its transport scratch cleared: a stale reference then fails fast instead of reaching
     * another connection.
     */
    public final void unbind(Ctx c) {
        heads(c).clear();
        release(c);
    }

    /** The API side of {@link #unbind}: forgets the connection, channel and request. */
    protected abstract void release(Ctx c);

    /** Starts a request on {@code c}. */
    public abstract void reset(Ctx c, RequestHead head, Handler[] chain, boolean omitBody);

    public abstract RouteMatch<Route> match(Ctx c);

    public abstract RequestHead head(Ctx c);

    public abstract boolean omitBody(Ctx c);

    public abstract HandOff handOff(Ctx c);

    public abstract boolean streaming(Ctx c);

    /** Runs the request's done listeners: its response is complete. */
    public abstract void finished(Ctx c);

    /** The trailer fields set for the response, or null for none. */
    public abstract ResponseHeaders trailers(Ctx c);

    public abstract void responseLength(Ctx c, long length);

    /** The HTTP/1.1 scratch of {@code c}, or null before it served HTTP/1.1. */
    public final HttpHead http(Ctx c) {
        return heads(c).http;
    }

    public final void http(Ctx c, HttpHead head) {
        heads(c).http = head;
    }

    /** The ZAP scratch of {@code c}, or null before it served ZAP. */
    public final ZapHead zap(Ctx c) {
        return heads(c).zap;
    }

    public final void zap(Ctx c, ZapHead head) {
        heads(c).zap = head;
    }

    /** The HTTP/2 stream scratch of {@code c}, or null before it served HTTP/2. */
    public final Http2Head h2(Ctx c) {
        return heads(c).h2;
    }

    public final void h2(Ctx c, Http2Head head) {
        heads(c).h2 = head;
    }

    private TransportHeads heads(Ctx c) {
        return (TransportHeads) scratch(c);
    }

    /** Adds a header from pre-encoded bytes, unchecked: for the server's own constant names and values. */
    public abstract void addHeader(ResponseHeaders h, byte[] name, byte[] value);

    /**
     * Copies {@code h} as HTTP/1.1 header lines into {@code dst} at {@code at}; returns the index after them. This
     * and the methods below read the raw layout of response headers for the transports' writers; a handler reads
     * them only as strings.
     */
    public abstract int writeHttp(ResponseHeaders h, byte[] dst, int at);

    /** Appends {@code h} as HTTP/1.1 field lines ({@code Name: value\r\n}) to {@code out}. */
    public abstract void writeHttp(ResponseHeaders h, ByteBuf out);

    /** The bytes {@link #writeHttp} writes. */
    public abstract int size(ResponseHeaders h);

    /** The array that names and values of {@code h} index into (valid until the next header is set). */
    public abstract byte[] array(ResponseHeaders h);

    public abstract int nameStart(ResponseHeaders h, int i);

    public abstract int nameLength(ResponseHeaders h, int i);

    public abstract int valueStart(ResponseHeaders h, int i);

    public abstract int valueLength(ResponseHeaders h, int i);

    public abstract boolean isDone(HandOff h);

    public abstract int index(Attribute<?> key);

    public abstract void handshakeStarted(TlsStats s);

    public abstract void handshakeCompleted(TlsStats s, TlsInfo info);

    public abstract void handshakeFailed(TlsStats s, String reason);

    public abstract void handshakeRefused(TlsStats s);
}
