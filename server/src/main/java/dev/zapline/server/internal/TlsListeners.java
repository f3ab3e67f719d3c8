package dev.zapline.server.internal;

import dev.zapline.server.ListenAddress;
import dev.zapline.server.TlsStats;
import dev.zapline.server.Transport;
import dev.zapline.transport.ServerTls;
import java.util.List;

/** The settings of each TLS listener kind; a new {@link TlsListener} (own handshake count) per address. */
public record TlsListeners(ServerTls http, ServerTls zap, TlsStats stats) {

    static final TlsListeners NONE = new TlsListeners(null, null, null);

    /**
     * The TLS contexts of {@code addresses}, built before anything binds so a bad certificate or group fails the
     * start; {@code tls} may be null when no address needs TLS.
     */
    public static TlsListeners of(List<ListenAddress> addresses, ServerTls tls, TlsStats stats) {
        ListenAddress first = null;
        boolean zaps = false;
        for (ListenAddress a : addresses) {
            if (a.tls()) {
                first = first == null ? a : first;
                zaps |= a.transport() == Transport.ZAP;
            }
        }
        if (first == null) {
            return NONE;
        }
        if (tls == null) {
            throw new IllegalStateException("address " + first + " needs TLS settings: call tls(ServerTls) before "
                    + "start(), e.g. tls(ServerTls.pem(certChain, key)) or tls(ServerTls.selfSigned()) for local use");
        }
        ServerTls zap = zaps ? tls.forZap() : null;
        ServerTls https = tls.forHttp2();
        https.context();
        if (zap != null) {
            zap.context();
        }
        return new TlsListeners(https, zap, stats);
    }

    /** The TLS listener of {@code a}, or null for a plaintext address. */
    public TlsListener of(ListenAddress a) {
        if (!a.tls()) {
            return null;
        }
        return new TlsListener(a.transport() == Transport.HTTP ? http : zap, stats);
    }
}
