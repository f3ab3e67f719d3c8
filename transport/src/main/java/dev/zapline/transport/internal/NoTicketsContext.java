package dev.zapline.transport.internal;

import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.SslContext;
import javax.net.ssl.SSLEngine;

/**
 * A server context whose OpenSSL engines issue no session tickets: Netty clears {@code SSL_OP_NO_TICKET} on each
 * TLS 1.3 engine it makes (BoringSSL resumes TLS 1.3 sessions only by tickets), so it is set again here.
 */
public final class NoTicketsContext extends DelegatingSslContext {

    public NoTicketsContext(SslContext ctx) {
        super(ctx);
    }

    @Override
    protected void initEngine(SSLEngine engine) {
        OpenSslDetails.disableTickets(engine);
    }
}
