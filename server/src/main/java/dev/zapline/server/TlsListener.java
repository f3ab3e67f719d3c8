package dev.zapline.server;

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
final class TlsListener {

    private final SslContext context;
    private final long timeoutMillis;
    private final int max;
    private final TlsStats stats;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Whether the listener offers HTTP/2 in ALPN. */
    private final boolean h2;

    TlsListener(ServerTls tls, TlsStats stats) {
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
    void install(Channel ch, Connection connection, ServerContext server) {
        if (inFlight.incrementAndGet() > max) {
            inFlight.decrementAndGet();
            stats.refuse();
            ch.close();
            return;
        }
        stats.started();
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
                stats.completed(connection.tls());
            } else {
                stats.failed(TlsFailure.reason(f.cause()));
            }
        });
    }

    /** Handshakes in flight now (for tests). */
    int inFlight() {
        return inFlight.get();
    }
}
