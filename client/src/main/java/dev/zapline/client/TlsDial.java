package dev.zapline.client;

import dev.zapline.transport.ClientTls;
import dev.zapline.transport.TlsFailure;
import dev.zapline.transport.TlsInfo;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The client side of opening a TLS connection, shared by {@link ZapChannel} and the load generator's HTTP/1.1
 * connections: the {@link SslHandler} goes first in the pipeline, and the connection counts as open only once its
 * handshake is done. Per connection, never per request.
 *
 * <p>Use: install {@link #handlers} as the bootstrap's handler; when the connect succeeds, wait on {@link #handshake}.
 *
 * <p>The future of {@link #handshake} completes on the channel's event loop.
 */
public final class TlsDial {

    private TlsDial() {}

    /** What a handshake came to: what was negotiated, and how long it took from the TCP connection. */
    public record Established(TlsInfo info, long nanos) {}

    /** The channel's handlers: TLS for {@code host:port} first ({@link ClientTls#newHandler}), then {@code next}. */
    public static ChannelHandler handlers(ClientTls tls, String host, int port, ChannelHandler next) {
        return new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(tls.newHandler(ch.alloc(), host, port), next);
            }
        };
    }

    /**
     * Call when {@code ch}'s TCP connection is established: completes when its handshake ends, with what was
     * negotiated and the time since this call by {@code nanoClock}, or exceptionally with a
     * {@link TlsHandshakeException} whose reason is {@link TlsFailure#clientReason}.
     *
     * @throws IllegalStateException when {@code ch} has no {@link SslHandler}
     */
    public static CompletableFuture<Established> handshake(Channel ch, LongSupplier nanoClock) {
        SslHandler ssl = ch.pipeline().get(SslHandler.class);
        if (ssl == null) {
            throw new IllegalStateException("channel " + ch + " has no TLS handler");
        }
        long start = nanoClock.getAsLong();
        CompletableFuture<Established> done = new CompletableFuture<>();
        ssl.handshakeFuture().addListener(f -> {
            if (f.isSuccess()) {
                done.complete(new Established(TlsInfo.of(ssl), nanoClock.getAsLong() - start));
            } else {
                done.completeExceptionally(new TlsHandshakeException(TlsFailure.clientReason(f.cause()), f.cause()));
            }
        });
        return done;
    }
}
