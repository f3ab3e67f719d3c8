package dev.zapline.server.internal;

import dev.zapline.transport.TlsInfo;
import io.netty.handler.ssl.SslHandler;

/**
 * What a connection's TLS handshake negotiated, read from its {@link SslHandler} once the handshake has succeeded
 * and kept: null before then and on plaintext. One per connection (HTTP/1.1, ZAP, HTTP/2); event-loop confined.
 */
public final class TlsSession {

    private TlsInfo info;

    /** The handshake's outcome on {@code ssl} (null on plaintext), read the first time it is asked for after it. */
    public TlsInfo of(SslHandler ssl) {
        TlsInfo t = info;
        if (t == null && ssl != null && ssl.handshakeFuture().isSuccess()) {
            info = t = TlsInfo.of(ssl);
        }
        return t;
    }
}
