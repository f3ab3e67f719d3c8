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
import io.netty.channel.Channel;

/**
 * What the transports (in {@code internal}) may do to the API's objects that a handler may not: lend a {@link Ctx} to
 * a connection, start and finish its request, reach its per-transport scratch state, record TLS handshakes. The API
 * package keeps these members package-private and registers the one implementation when {@link Ctx} is initialised,
 * so a handler sees none of them and a transport in another package still reaches them without reflection. Hold the
 * instance in a {@code static final} field ({@code ServerAccess.get()}): the calls are then monomorphic and inline.
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

    public abstract Ctx newCtx(JsonCodec json, RouteMatch<Route> match);

    /** Lends {@code c} to {@code r}, answering on {@code ch} (on its event loop). */
    public abstract void bind(Ctx c, Responder r, Channel ch, Transport t);

    /** Takes {@code c} back: a stale reference then fails fast instead of reaching another connection. */
    public abstract void unbind(Ctx c);

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

    public abstract HttpHead http(Ctx c);

    public abstract void http(Ctx c, HttpHead head);

    public abstract ZapHead zap(Ctx c);

    public abstract void zap(Ctx c, ZapHead head);

    public abstract Http2Head h2(Ctx c);

    public abstract void h2(Ctx c, Http2Head head);

    public abstract boolean isDone(HandOff h);

    public abstract int index(Attribute<?> key);

    public abstract void handshakeStarted(TlsStats s);

    public abstract void handshakeCompleted(TlsStats s, TlsInfo info);

    public abstract void handshakeFailed(TlsStats s, String reason);

    public abstract void handshakeRefused(TlsStats s);
}
