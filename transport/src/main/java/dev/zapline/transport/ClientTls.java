package dev.zapline.transport;

import dev.zapline.transport.internal.Contexts;
import dev.zapline.transport.internal.KeyMaterial;
import dev.zapline.transport.internal.Sni;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.OpenSslSessionContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.NetUtil;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * A client's TLS settings: whom to trust (the JDK's default trust store, a CA file, or nobody checked), SNI,
 * key-exchange groups (default {@link TlsGroups#DEFAULT}), protocol versions (default TLS 1.3 only), ALPN,
 * resumption and handshake timeout. Immutable: each {@code with...} returns a copy.
 *
 * {@snippet class=dev.zapline.transport.snippets.TlsSnippets region=client}
 *
 * <p>Thread-safe. {@link #context()} is built on first use and shared; {@link #newHandler} may be called from any
 * thread (typically each connection's event loop).
 */
public final class ClientTls {

    public static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    private final boolean insecure;
    private final Path caCert;
    private final String sni;
    private final TlsProvider provider;
    private final List<String> groups;
    private final List<String> protocols;
    private final List<String> alpn;
    private final boolean resumption;
    private final Duration handshakeTimeout;
    private volatile SslContext context;

    private ClientTls(
            boolean insecure,
            Path caCert,
            String sni,
            TlsProvider provider,
            List<String> groups,
            List<String> protocols,
            List<String> alpn,
            boolean resumption,
            Duration handshakeTimeout) {
        this.insecure = insecure;
        this.caCert = caCert;
        this.sni = sni;
        this.provider = provider;
        this.groups = groups;
        this.protocols = protocols;
        this.alpn = alpn;
        this.resumption = resumption;
        this.handshakeTimeout = handshakeTimeout;
    }

    /** Verify against the JDK's default trust store, groups {@link TlsGroups#DEFAULT}, TLS 1.3, resumption on. */
    public static ClientTls defaults() {
        return new ClientTls(
                false, null, null, null, TlsGroups.DEFAULT, TlsVersions.DEFAULT, List.of(), true, HANDSHAKE_TIMEOUT);
    }

    /** Accept any certificate and any host name (for tests and self-signed servers; never verifies). */
    public ClientTls withInsecure(boolean on) {
        return new ClientTls(on, caCert, sni, provider, groups, protocols, alpn, resumption, handshakeTimeout);
    }

    /**
     * Trust the certificates of this PEM file instead of the JDK's default store (read when the context is built).
     *
     * @throws IllegalArgumentException when the file holds no PEM certificate
     */
    public ClientTls withCaCert(Path pem) {
        KeyMaterial.readCertificates(pem);
        return new ClientTls(insecure, pem, sni, provider, groups, protocols, alpn, resumption, handshakeTimeout);
    }

    /** The SNI host name to send (and to verify the certificate against), instead of the host dialed. */
    public ClientTls withSni(String name) {
        return new ClientTls(insecure, caCert, name, provider, groups, protocols, alpn, resumption, handshakeTimeout);
    }

    /** Key-exchange groups to offer, in preference order (see {@link TlsGroups#parse}). */
    public ClientTls withGroups(List<String> g) {
        List<String> parsed = TlsGroups.parse(String.join(",", g));
        return new ClientTls(insecure, caCert, sni, provider, parsed, protocols, alpn, resumption, handshakeTimeout);
    }

    public ClientTls withProtocols(List<String> p) {
        return new ClientTls(
                insecure, caCert, sni, provider, groups, TlsVersions.check(p), alpn, resumption, handshakeTimeout);
    }

    /** ALPN protocols to offer (none by default). */
    public ClientTls withAlpn(List<String> a) {
        return new ClientTls(
                insecure, caCert, sni, provider, groups, protocols, List.copyOf(a), resumption, handshakeTimeout);
    }

    /** Offer a cached session to the same host and port (on by default); off, every handshake is a full one. */
    public ClientTls withResumption(boolean on) {
        return new ClientTls(insecure, caCert, sni, provider, groups, protocols, alpn, on, handshakeTimeout);
    }

    public ClientTls withHandshakeTimeout(Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("handshake timeout " + d + " must be positive");
        }
        return new ClientTls(insecure, caCert, sni, provider, groups, protocols, alpn, resumption, d);
    }

    /** A provider other than {@link TlsProvider#current()} (tests of the JDK fallback). */
    public ClientTls withProvider(TlsProvider p) {
        return new ClientTls(insecure, caCert, sni, p, groups, protocols, alpn, resumption, handshakeTimeout);
    }

    /**
     * The Netty client context, built on first call and cached.
     *
     * @throws IllegalArgumentException when none of the groups is available with the provider
     * @throws IllegalStateException when the context cannot be built
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
        SslContextBuilder b = SslContextBuilder.forClient();
        if (insecure) {
            b.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
        } else {
            if (caCert != null) {
                b.trustManager(KeyMaterial.readCertificates(caCert).toArray(new java.security.cert.X509Certificate[0]));
            }
            b.endpointIdentificationAlgorithm("HTTPS");
        }
        SslContext c = Contexts.build(Contexts.common(b, p, groups, protocols, alpn), p, groups, "client");
        if (!resumption && c.sessionContext() instanceof OpenSslSessionContext s) {
            s.setSessionCacheEnabled(false);
        }
        return c;
    }

    /**
     * A handler for one connection to {@code host:port}: SNI is {@link #withSni the one set}, else {@code host}
     * unless it is an IP literal; the certificate is checked for that name (or the IP) unless insecure. With
     * resumption off no cached session is offered. Its handshake timeout is set.
     */
    public SslHandler newHandler(ByteBufAllocator alloc, String host, int port) {
        SslContext c = context();
        boolean ip = NetUtil.isValidIpV4Address(host) || NetUtil.isValidIpV6Address(host);
        SslHandler h;
        if (resumption || provider() == TlsProvider.OPENSSL) {
            // OpenSSL: the context's session cache is off without resumption, so host and port only name the peer.
            h = c.newHandler(alloc, host, port);
        } else {
            // JDK: its client session cache is keyed by host and port; without them no session is offered.
            h = c.newHandler(alloc);
            if (!insecure) {
                SSLEngine e = h.engine();
                SSLParameters sp = e.getSSLParameters();
                sp.setEndpointIdentificationAlgorithm("HTTPS");
                e.setSSLParameters(sp);
            }
            if (sni == null && !ip) {
                Sni.set(h.engine(), host);
            }
        }
        if (sni != null) {
            Sni.set(h.engine(), sni);
        }
        h.setHandshakeTimeoutMillis(handshakeTimeout.toMillis());
        return h;
    }

    public TlsProvider provider() {
        return provider != null ? provider : TlsProvider.current();
    }

    public boolean insecure() {
        return insecure;
    }

    public String sni() {
        return sni;
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

    public boolean resumption() {
        return resumption;
    }

    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    @Override
    public String toString() {
        return "ClientTls[" + (insecure ? "insecure" : caCert != null ? "ca " + caCert : "default trust")
                + (sni != null ? ", sni " + sni : "") + ", groups " + groups + ", " + protocols + ", alpn " + alpn
                + ", resumption " + resumption + ", handshake timeout " + handshakeTimeout + "]";
    }
}
