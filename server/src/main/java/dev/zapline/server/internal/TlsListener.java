package dev.zapline.server.internal;

import dev.zapline.server.TlsStats;
import dev.zapline.server.internal.http1.HttpConnection;
import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsFailure;
import dev.zapline.transport.TlsInfo;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One TLS listener's connection setup: an {@link SslHandler} (with the handshake timeout) in front of the
 * transport's connection handler, which sees only decrypted bytes; the handshakes in flight counted against the
 * limit (a connection accepted above it is closed at once, and counted); each handshake's end counted in the
 * app's {@link TlsStats}, its {@link TlsInfo} read once and kept by the connection for {@link Ctx#tls()}.
 */
public final class TlsListener {

    private static final ServerAccess A = ServerAccess.get();

    private final SslContext context;
    private final long timeoutMillis;
    private final int max;
    private final TlsStats stats;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Whether the listener offers HTTP/2 in ALPN. */
    private final boolean h2;

    public TlsListener(ServerTls tls, TlsStats stats) {
        this.context = tls.context();
        this.timeoutMillis = tls.handshakeTimeout().toMillis();
        this.max = tls.maxHandshakes();
        this.stats = stats;
        this.h2 = tls.alpn().contains("h2");
    }

    /**
     * Installs TLS and {@code connection} on {@code ch}, or closes it when the limit is reached. On an HTTPS
     * listener offering {@code h2}, the handshake's ALPN result chooses between {@code connection} and an HTTP/2
     * one ({@link AlpnSwitch}).
     */
    public void install(Channel ch, Connection connection, ServerContext server) {
        if (inFlight.incrementAndGet() > max) {
            inFlight.decrementAndGet();
            A.handshakeRefused(stats);
            ch.close();
            return;
        }
        A.handshakeStarted(stats);
        SslHandler ssl = context.newHandler(ch.alloc());
        ssl.setHandshakeTimeoutMillis(timeoutMillis);
        connection.ssl = ssl;
        if (connection instanceof HttpConnection && h2) {
            ch.pipeline().addLast(ssl, new AlpnSwitch(ssl, connection, server));
        } else {
            ch.pipeline().addLast(ssl, connection);
        }
        ssl.handshakeFuture().addListener(f -> {
            inFlight.decrementAndGet();
            if (f.isSuccess()) {
                A.handshakeCompleted(stats, connection.tls());
            } else {
                A.handshakeFailed(stats, TlsFailure.reason(f.cause()));
            }
        });
    }

    /** Handshakes in flight now (for tests). */
    public int inFlight() {
        return inFlight.get();
    }
}
