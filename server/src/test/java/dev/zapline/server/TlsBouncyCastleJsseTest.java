package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.TlsPeers.Response;
import dev.zapline.transport.TlsFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jsse.BCSSLParameters;
import org.bouncycastle.jsse.BCSSLSocket;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * BouncyCastle's JSSE provider as the client, used through an instance (never registered with the JCA, so the
 * JDK's own provider stays the default), with its named groups set to one group. Its API does not tell the
 * negotiated group, so the client's view is that the handshake it completed offered only that group; the server's
 * {@link Ctx#tls()} says which it was ({@link TlsBouncyCastleTest} reads the client's view off the wire). The
 * server's certificate is RSA ({@link RsaPem} says why).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsBouncyCastleJsseTest {

    @TempDir
    static Path dir;

    private static TlsTestApp server;
    private static SSLContext bc;

    @BeforeAll
    static void start() throws Exception {
        server = TlsTestApp.start(RsaPem.serverTls(dir), dir);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setCertificateEntry("server", server.tls.certificateChain().get(0));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(ks);
        bc = SSLContext.getInstance("TLSv1.3", new BouncyCastleJsseProvider(new BouncyCastleProvider()));
        bc.init(null, tmf.getTrustManagers(), null);
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    private static SSLSocket connect(String group) throws Exception {
        SSLSocket s = (SSLSocket)
                bc.getSocketFactory().createSocket(TlsPeers.plain(server.https), "localhost", server.https, true);
        BCSSLParameters p = ((BCSSLSocket) s).getParameters();
        p.setNamedGroups(new String[] {group});
        p.setProtocols(new String[] {"TLSv1.3"});
        p.setApplicationProtocols(new String[] {"http/1.1"});
        ((BCSSLSocket) s).setParameters(p);
        s.startHandshake();
        return s;
    }

    @Test
    void offeringOnlyX25519Mlkem768TheHandshakeCompletesWithIt() throws Exception {
        try (SSLSocket s = connect("X25519MLKEM768")) {
            assertThat(s.getSession().getProtocol()).isEqualTo("TLSv1.3");
            assertThat(s.getApplicationProtocol()).isEqualTo("http/1.1");
            assertThat(TlsPeers.get(s, "/tls").body())
                    .matches("TLSv1\\.3 " + s.getSession().getCipherSuite() + " X25519MLKEM768 http/1\\.1 false");
        }
    }

    @Test
    void offeringOnlySecp384r1FailsWithAnAlertAndTheServerCountsNoSharedGroup() throws Exception {
        long before = server.app.tlsStats().failures(TlsFailure.NO_SHARED_GROUP);
        assertThatThrownBy(() -> connect("secp384r1"))
                .isInstanceOf(IOException.class)
                .satisfies(e -> assertThat(TlsFailure.reason(e)).isEqualTo("tls: alert handshake_failure"));
        Eventually.equal(
                () -> server.app.tlsStats().failures(TlsFailure.NO_SHARED_GROUP),
                before + 1,
                () -> server.app.tlsStats().summary());
        try (SSLSocket s = connect("X25519MLKEM768")) {
            assertThat(TlsPeers.get(s, "/health")).isEqualTo(new Response(200, "ok"));
        }
    }
}
