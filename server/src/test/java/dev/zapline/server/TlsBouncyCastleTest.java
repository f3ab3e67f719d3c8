package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.TlsPeers.Response;
import dev.zapline.transport.TlsFailure;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.bouncycastle.tls.AlertDescription;
import org.bouncycastle.tls.NamedGroup;
import org.bouncycastle.tls.TlsFatalAlertReceived;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * BouncyCastle's TLS stack, independent of BoringSSL, as the client: offering only the hybrid post-quantum group
 * it gets it (both sides say so), offering only a group the server does not enable it fails cleanly.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsBouncyCastleTest {

    @TempDir
    static Path dir;

    private static TlsTestApp server;
    private static X509Certificate cert;

    @BeforeAll
    static void start() {
        server = TlsTestApp.start(TlsTestApp.selfSigned(), dir);
        cert = server.tls.certificateChain().get(0);
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void offeringOnlyX25519Mlkem768NegotiatesItOnBothSides() throws Exception {
        try (BcClient c = BcClient.connect(server.https, cert, NamedGroup.X25519MLKEM768)) {
            assertThat(c.serverHelloGroup()).as("the client's view").isEqualTo(NamedGroup.X25519MLKEM768);
            Response r = TlsPeers.exchange(c.out(), c.in(), "GET /tls HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body())
                    .as("the server's view")
                    .matches("TLSv1\\.3 TLS_[A-Z0-9_]+ X25519MLKEM768 http/1\\.1 false");
        }
        assertThat(server.app.tlsStats().groups()).containsKey("X25519MLKEM768");
    }

    @Test
    void offeringBothTheServerPrefersTheHybridGroup() throws Exception {
        try (BcClient c = BcClient.connect(server.https, cert, NamedGroup.x25519, NamedGroup.X25519MLKEM768)) {
            // the key share offered first is X25519: the server asks again (HelloRetryRequest) for its preference
            assertThat(c.serverHelloGroup()).isIn(NamedGroup.X25519MLKEM768, NamedGroup.x25519);
            Response r = TlsPeers.exchange(c.out(), c.in(), "GET /tls HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertThat(r.body())
                    .contains(" " + NamedGroup.getName(c.serverHelloGroup()).toUpperCase() + " ");
        }
    }

    @Test
    void offeringOnlyAGroupTheServerDoesNotEnableFailsCleanlyAndTheServerStaysHealthy() throws Exception {
        long before = server.app.tlsStats().failures(TlsFailure.NO_SHARED_GROUP);
        assertThatThrownBy(() -> BcClient.connect(server.https, cert, NamedGroup.secp384r1))
                .isInstanceOf(TlsFatalAlertReceived.class)
                .satisfies(e -> assertThat(((TlsFatalAlertReceived) e).getAlertDescription())
                        .isEqualTo(AlertDescription.handshake_failure));
        Eventually.equal(
                () -> server.app.tlsStats().failures(TlsFailure.NO_SHARED_GROUP),
                before + 1,
                () -> server.app.tlsStats().summary());
        try (SSLSocket s = TlsPeers.connect(TlsPeers.trusting(server.tls), server.https)) {
            assertThat(TlsPeers.get(s, "/health")).isEqualTo(new Response(200, "ok"));
        }
        try (BcClient c = BcClient.connect(server.https, cert, NamedGroup.X25519MLKEM768)) {
            assertThat(c.serverHelloGroup()).isEqualTo(NamedGroup.X25519MLKEM768);
        }
    }
}
