package dev.zapline.transport;

import dev.zapline.transport.internal.Contexts;
import dev.zapline.transport.internal.KeyMaterial;
import dev.zapline.transport.internal.NoTicketsContext;
import io.netty.handler.ssl.OpenSslSessionContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

/**
 * A server's TLS settings: certificate and key, key-exchange groups (default {@link TlsGroups#DEFAULT}), protocol
 * versions (default TLS 1.3 only), ALPN, session tickets, handshake timeout and the limit on concurrent handshakes
 * per listener. Immutable: each {@code with...} returns a copy.
 *
 * {@snippet class=dev.zapline.transport.snippets.TlsSnippets region=server}
 *
 * <p>Thread-safe. {@link #context()} is built on first use and then shared by every connection.
 */
public final class ServerTls {

    /** The default time a handshake may take before the connection is closed. */
    public static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    /** The default limit on handshakes in flight per listener. */
    public static final int MAX_HANDSHAKES = 512;

    /** The ALPN protocol of an HTTPS listener. */
    public static final List<String> ALPN_HTTP = List.of("http/1.1");

    /** The ALPN protocols of an HTTPS listener that serves HTTP/2 too, preferred in this order. */
    public static final List<String> ALPN_H2 = List.of("h2", "http/1.1");

    /** The ALPN protocol a ZAPS listener advertises. */
    public static final List<String> ALPN_ZAP = List.of("zap");

    private final KeyMaterial keys;
    private final TlsProvider provider;
    private final List<String> groups;
    private final List<String> protocols;
    private final List<String> alpn;
    private final boolean sessionTickets;
    private final Duration handshakeTimeout;
    private final int maxHandshakes;
    private volatile SslContext context;

    private ServerTls(
            KeyMaterial keys,
            TlsProvider provider,
            List<String> groups,
            List<String> protocols,
            List<String> alpn,
            boolean sessionTickets,
            Duration handshakeTimeout,
            int maxHandshakes) {
        this.keys = keys;
        this.provider = provider;
        this.groups = groups;
        this.protocols = protocols;
        this.alpn = alpn;
        this.sessionTickets = sessionTickets;
        this.handshakeTimeout = handshakeTimeout;
        this.maxHandshakes = maxHandshakes;
    }

    private static ServerTls of(KeyMaterial keys) {
        return new ServerTls(
                keys, null, TlsGroups.DEFAULT, TlsVersions.DEFAULT, ALPN_HTTP, true, HANDSHAKE_TIMEOUT, MAX_HANDSHAKES);
    }

    /**
     * A throwaway self-signed certificate (EC P-256, 30 days) for {@code hosts}, made now: for local use and
     * tests, never for production. With no hosts: {@code localhost}, {@code 127.0.0.1} and {@code ::1}.
     */
    public static ServerTls selfSigned(String... hosts) {
        return of(KeyMaterial.selfSigned(hosts));
    }

    /**
     * The certificate chain (PEM, leaf first) and its private key (PEM: PKCS#8, PKCS#1 or SEC1), read now.
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static ServerTls pem(Path certChain, Path key) {
        return of(KeyMaterial.pem(certChain, key));
    }

    /** Key-exchange groups in preference order (canonical or alias names, see {@link TlsGroups#parse}). */
    public ServerTls withGroups(List<String> g) {
        List<String> parsed = TlsGroups.parse(String.join(",", g));
        return new ServerTls(keys, provider, parsed, protocols, alpn, sessionTickets, handshakeTimeout, maxHandshakes);
    }

    /** Protocol versions, e.g. {@code List.of("TLSv1.3", "TLSv1.2")}. */
    public ServerTls withProtocols(List<String> p) {
        return new ServerTls(
                keys, provider, groups, TlsVersions.check(p), alpn, sessionTickets, handshakeTimeout, maxHandshakes);
    }

    /** ALPN protocols to accept, in preference order; empty for none. */
    public ServerTls withAlpn(List<String> a) {
        return new ServerTls(
                keys, provider, groups, protocols, List.copyOf(a), sessionTickets, handshakeTimeout, maxHandshakes);
    }

    /**
     * Session resumption with tickets, on by default; off, the OpenSSL engine resumes no session at all (its
     * session cache is off too). Under the JDK's JSSE resumption follows its own settings
     * ({@code jdk.tls.server.enableSessionTicketExtension}); this switch applies to OpenSSL.
     */
    public ServerTls withSessionTickets(boolean on) {
        return new ServerTls(keys, provider, groups, protocols, alpn, on, handshakeTimeout, maxHandshakes);
    }

    /** How long a handshake may take before the connection is closed (default 10 s). */
    public ServerTls withHandshakeTimeout(Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("handshake timeout " + d + " must be positive");
        }
        return new ServerTls(keys, provider, groups, protocols, alpn, sessionTickets, d, maxHandshakes);
    }

    /**
     * At most {@code n} handshakes in flight per listener (default 512): a connection accepted above it is closed
     * at once, and counted, so a flood of half-open handshakes cannot starve established connections.
     */
    public ServerTls withMaxHandshakes(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("max handshakes " + n + " < 1");
        }
        return new ServerTls(keys, provider, groups, protocols, alpn, sessionTickets, handshakeTimeout, n);
    }

    /** A provider other than {@link TlsProvider#current()} (tests of the JDK fallback). */
    public ServerTls withProvider(TlsProvider p) {
        return new ServerTls(keys, p, groups, protocols, alpn, sessionTickets, handshakeTimeout, maxHandshakes);
    }

    /**
     * The Netty server context, built on first call and cached.
     *
     * @throws IllegalArgumentException when none of the groups is available with the provider
     * @throws IllegalStateException when the context cannot be built (the message says why)
     */
    public SslContext context() {
        SslContext c = context;
        if (c == null) {
            synchronized (this) {
                c = context;
                if (c == null) {
                    context = c = build();
                }
            }
        }
        return c;
    }

    private SslContext build() {
        TlsProvider p = provider();
        SslContextBuilder b =
                Contexts.common(SslContextBuilder.forServer(keys.key(), keys.chainArray()), p, groups, protocols, alpn);
        SslContext c = Contexts.build(b, p, groups, "server");
        if (c.sessionContext() instanceof OpenSslSessionContext s) {
            if (sessionTickets) {
                // No keys given: BoringSSL makes and rotates them itself.
                s.setTicketKeys();
            } else {
                s.setSessionCacheEnabled(false);
                return new NoTicketsContext(c);
            }
        }
        return c;
    }

    /** A copy for a ZAPS listener: the same settings, advertising {@link #ALPN_ZAP} (its context is its own). */
    public ServerTls forZap() {
        return alpn.equals(ALPN_ZAP) ? this : withAlpn(ALPN_ZAP);
    }

    /**
     * A copy for an HTTPS listener that serves HTTP/2: with the default ALPN ({@link #ALPN_HTTP}) it offers
     * {@link #ALPN_H2} instead; ALPN set otherwise is kept as it is. A client offering no ALPN gets HTTP/1.1.
     */
    public ServerTls forHttp2() {
        return alpn.equals(ALPN_HTTP) ? withAlpn(ALPN_H2) : this;
    }

    public boolean isSelfSigned() {
        return keys.selfSigned();
    }

    /** The certificate chain as PEM text (a client's CA file for a self-signed certificate). */
    public String certificatePem() {
        return keys.chainPem();
    }

    /**
     * The private key as PKCS#8 PEM text: with {@link #certificatePem()}, the pair written to files another server
     * reads (a benchmark's second server on the same certificate). A secret: write it where only its owner reads.
     */
    public String privateKeyPem() {
        return keys.keyPem();
    }

    public List<X509Certificate> certificateChain() {
        return keys.chain();
    }

    /** The provider used: the one given, else {@link TlsProvider#current()}. */
    public TlsProvider provider() {
        return provider != null ? provider : TlsProvider.current();
    }

    public List<String> groups() {
        return groups;
    }

    public List<String> protocols() {
        return protocols;
    }

    public List<String> alpn() {
        return alpn;
    }

    public boolean sessionTickets() {
        return sessionTickets;
    }

    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    public int maxHandshakes() {
        return maxHandshakes;
    }

    @Override
    public String toString() {
        return "ServerTls[" + (isSelfSigned() ? "self-signed" : "pem") + ", groups " + groups + ", " + protocols
                + ", alpn " + alpn + ", tickets " + sessionTickets + ", handshake timeout " + handshakeTimeout
                + ", max handshakes " + maxHandshakes + "]";
    }
}
