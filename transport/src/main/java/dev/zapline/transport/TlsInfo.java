package dev.zapline.transport;

import dev.zapline.transport.internal.OpenSslDetails;
import io.netty.handler.ssl.SslHandler;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;

/**
 * What one TLS connection negotiated.
 *
 * @param protocol the protocol version, e.g. {@code TLSv1.3}
 * @param cipher the cipher suite, e.g. {@code TLS_AES_128_GCM_SHA256}
 * @param group the key-exchange group, e.g. {@code X25519MLKEM768} or {@code X25519}, as the OpenSSL engine
 *     (BoringSSL) names it; {@code "unknown"} under the JDK's JSSE, which has no API that tells
 * @param alpn the ALPN protocol agreed, or null when none was
 * @param resumed whether the session was resumed (OpenSSL engine; always false under the JDK's JSSE, which does
 *     not tell)
 */
public record TlsInfo(String protocol, String cipher, String group, String alpn, boolean resumed) {

    /** The group name when the provider cannot tell. */
    public static final String UNKNOWN = "unknown";

    /**
     * Reads what {@code h}'s engine negotiated; call once its handshake has succeeded. Allocates (strings from
     * the engine): once per connection, not per request.
     */
    public static TlsInfo of(SslHandler h) {
        SSLEngine e = h.engine();
        SSLSession s = e.getSession();
        String group = UNKNOWN;
        boolean resumed = false;
        if (OpenSslDetails.isOpenSsl(e)) {
            String g = OpenSslDetails.group(e);
            group = g != null ? g : UNKNOWN;
            resumed = OpenSslDetails.resumed(e);
        }
        String alpn = h.applicationProtocol();
        return new TlsInfo(
                s.getProtocol(), s.getCipherSuite(), group, alpn == null || alpn.isEmpty() ? null : alpn, resumed);
    }
}
