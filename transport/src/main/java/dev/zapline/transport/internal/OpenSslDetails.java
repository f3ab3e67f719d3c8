package dev.zapline.transport.internal;

import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.internal.tcnative.SSL;
import javax.net.ssl.SSLEngine;

/**
 * What Netty's OpenSSL engine does not expose but tcnative's {@link SSL} does, through the engine's native
 * {@code SSL*}: the negotiated group ({@code SSL_get_group_id} and {@code SSL_get_group_name}, tcnative 2.0.81+) and
 * whether the session was resumed.
 */
public final class OpenSslDetails {

    private OpenSslDetails() {}

    public static boolean isOpenSsl(SSLEngine e) {
        return e instanceof ReferenceCountedOpenSslEngine;
    }

    /** The group's name, or null when none applies or the engine is already freed. */
    public static String group(SSLEngine e) {
        ReferenceCountedOpenSslEngine o = (ReferenceCountedOpenSslEngine) e;
        synchronized (o) {
            long ssl = o.sslPointer();
            if (ssl == 0) {
                return null;
            }
            try {
                return SSL.getGroupName(ssl);
            } catch (Exception ex) {
                return null;
            }
        }
    }

    public static boolean resumed(SSLEngine e) {
        ReferenceCountedOpenSslEngine o = (ReferenceCountedOpenSslEngine) e;
        synchronized (o) {
            long ssl = o.sslPointer();
            return ssl != 0 && SSL.isSessionReused(ssl);
        }
    }

    /** Sets {@code SSL_OP_NO_TICKET} on a fresh engine (no handshake yet). */
    public static void disableTickets(SSLEngine e) {
        if (!isOpenSsl(e)) {
            return;
        }
        ReferenceCountedOpenSslEngine o = (ReferenceCountedOpenSslEngine) e;
        synchronized (o) {
            long ssl = o.sslPointer();
            if (ssl != 0) {
                SSL.setOptions(ssl, SSL.SSL_OP_NO_TICKET);
            }
        }
    }
}
