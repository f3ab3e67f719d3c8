package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.TlsPeers.Response;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** https:// beside http:// on one app, driven by the JDK's JSSE client over loopback sockets. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsServerTest {

    @TempDir
    static Path dir;

    private static TlsTestApp server;
    private static SSLContext jsse;

    @BeforeAll
    static void start() throws Exception {
        server = TlsTestApp.start(TlsTestApp.selfSigned(), dir);
        jsse = TlsPeers.trusting(server.tls);
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void httpsServesTheSameHandlersAndCtxTlsSaysWhatWasNegotiated() throws Exception {
        try (SSLSocket s = TlsPeers.connect(jsse, server.https)) {
            assertThat(TlsPeers.get(s, "/health")).isEqualTo(new Response(200, "ok"));
            assertThat(TlsPeers.get(s, "/tls").body())
                    .matches("TLSv1\\.3 TLS_[A-Z0-9_]+ X25519 http/1\\.1 (true|false)")
                    .contains(" " + s.getSession().getCipherSuite() + " ");
        }
    }

    @Test
    void thePlaintextListenerBesideItHasNoTls() throws Exception {
        try (Socket s = TlsPeers.plain(server.http)) {
            assertThat(TlsPeers.get(s, "/tls")).isEqualTo(new Response(200, "plaintext"));
        }
    }

    @Test
    void tlsInfoIsReadOncePerConnectionNotPerRequest() throws Exception {
        String first;
        try (SSLSocket s = TlsPeers.connect(jsse, server.https)) {
            first = TlsPeers.get(s, "/tls/id").body();
            assertThat(TlsPeers.get(s, "/tls/id").body()).isEqualTo(first);
            assertThat(TlsPeers.get(s, "/tls/id").body()).isEqualTo(first);
        }
        try (SSLSocket s = TlsPeers.connect(jsse, server.https)) {
            assertThat(TlsPeers.get(s, "/tls/id").body()).isNotEqualTo(first);
        }
    }

    @Test
    void handshakesAreCountedByProtocolCipherAndGroup() throws Exception {
        long before = server.app.tlsStats().handshakes();
        long x25519 = server.app.tlsStats().groups().getOrDefault("X25519", 0L);
        try (SSLSocket s = TlsPeers.connect(jsse, server.https)) {
            assertThat(TlsPeers.get(s, "/health").status()).isEqualTo(200);
        }
        TlsStats stats = server.app.tlsStats();
        assertThat(stats.handshakes()).isGreaterThan(before);
        assertThat(stats.groups().get("X25519")).isGreaterThan(x25519);
        assertThat(stats.protocols()).containsKey("TLSv1.3");
        assertThat(stats.ciphers().keySet()).allMatch(c -> c.startsWith("TLS_"));
        assertThat(stats.summary()).startsWith("tls: ").contains("groups: ").contains("X25519 ");
    }

    @Test
    void theAddressesSayHttpsAndZaps() {
        assertThat(server.app.addresses())
                .extracting(ListenAddress::toString)
                .containsExactly(
                        "https://127.0.0.1:" + server.https,
                        "zaps://127.0.0.1:" + server.zaps,
                        "http://127.0.0.1:" + server.http);
    }

    @Test
    void aTlsAddressWithoutSettingsFailsAtStartSayingWhatToDo() {
        App app = App.create().get("/", ctx -> ctx.send("x")).listen("zaps://127.0.0.1:0");
        assertThatThrownBy(app::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("zaps://127.0.0.1:0 needs TLS settings")
                .hasMessageContaining("tls(ServerTls");
        assertThat(app.addresses()).isEmpty();
    }

    @Test
    void aSecondConnectionFromTheSameClientResumesItsSession() throws Exception {
        SSLContext client = TlsPeers.trusting(server.tls);
        try (SSLSocket s = TlsPeers.connect(client, server.https)) {
            // reading a response also reads the session ticket the server sent before it
            assertThat(TlsPeers.get(s, "/tls").body()).endsWith(" false");
        }
        long resumed = server.app.tlsStats().resumed();
        try (SSLSocket s = TlsPeers.connect(client, server.https)) {
            assertThat(TlsPeers.get(s, "/tls").body()).endsWith(" true");
        }
        assertThat(server.app.tlsStats().resumed()).isEqualTo(resumed + 1);
    }

    @Test
    void withoutTicketsNothingIsResumed() throws Exception {
        try (TlsTestApp noTickets = TlsTestApp.start(TlsTestApp.selfSigned().withSessionTickets(false), dir)) {
            SSLContext client = TlsPeers.trusting(noTickets.tls);
            for (int i = 0; i < 2; i++) {
                try (SSLSocket s = TlsPeers.connect(client, noTickets.https)) {
                    assertThat(TlsPeers.get(s, "/tls").body()).endsWith(" false");
                }
            }
        }
    }
}
