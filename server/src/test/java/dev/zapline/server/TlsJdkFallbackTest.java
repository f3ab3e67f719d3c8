package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.TlsPeers.Response;
import dev.zapline.transport.TlsInfo;
import dev.zapline.transport.TlsProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.bouncycastle.tls.NamedGroup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server on the JDK's JSSE (what {@code -Dzapline.tls.provider=jdk} selects, given here per app): TLS still
 * works with X25519, and nothing claims a hybrid group it does not have.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsJdkFallbackTest {

    @TempDir
    static Path dir;

    private static TlsTestApp server;

    @BeforeAll
    static void start() {
        server = TlsTestApp.start(TlsTestApp.selfSigned().withProvider(TlsProvider.JDK), dir);
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void describeSaysThereIsNoHybridGroup() {
        assertThat(server.tls.provider()).isEqualTo(TlsProvider.JDK);
        assertThat(server.tls.provider().describe()).contains("no post-quantum hybrid group");
    }

    @Test
    void aClientOfferingTheHybridGroupAndX25519GetsX25519() throws Exception {
        try (BcClient c = BcClient.connect(
                server.https, server.tls.certificateChain().get(0), NamedGroup.X25519MLKEM768, NamedGroup.x25519)) {
            assertThat(c.serverHelloGroup()).isEqualTo(NamedGroup.x25519);
            Response r = TlsPeers.exchange(c.out(), c.in(), "GET /tls HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertThat(r.body()).matches("TLSv1\\.3 TLS_[A-Z0-9_]+ " + TlsInfo.UNKNOWN + " http/1\\.1 false");
        }
    }

    @Test
    void aClientOfferingOnlyTheHybridGroupFailsAndTheFailureIsCounted() throws Exception {
        // JSSE does not know the group: it fails the handshake (JDK 25 says "Unexpected key_share extension in
        // HelloRetryRequest", not "No common named group"), counted under that reason.
        long before = failures();
        assertThatThrownBy(() -> BcClient.connect(
                        server.https, server.tls.certificateChain().get(0), NamedGroup.X25519MLKEM768))
                .isInstanceOf(IOException.class);
        Eventually.equal(
                TlsJdkFallbackTest::failures,
                before + 1,
                () -> server.app.tlsStats().summary());
    }

    private static long failures() {
        return server.app.tlsStats().failures().values().stream()
                .mapToLong(Long::longValue)
                .sum();
    }

    @Test
    void theJsseClientIsServedToo() throws Exception {
        try (SSLSocket s = TlsPeers.connect(TlsPeers.trusting(server.tls), server.https)) {
            assertThat(TlsPeers.get(s, "/health")).isEqualTo(new Response(200, "ok"));
            assertThat(s.getSession().getProtocol()).isEqualTo("TLSv1.3");
        }
    }
}
