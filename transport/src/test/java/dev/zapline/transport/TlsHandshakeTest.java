package dev.zapline.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.transport.Loopback.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** ServerTls against ClientTls over loopback sockets: what is negotiated, as both sides' {@link TlsInfo} says. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsHandshakeTest {

    @TempDir
    Path dir;

    private ServerTls serverTls;
    private Loopback server;
    private ClientTls trusting;

    @BeforeEach
    void start() throws Exception {
        serverTls = ServerTls.selfSigned("localhost", "127.0.0.1");
        server = new Loopback(serverTls);
        Path ca = Files.writeString(dir.resolve("ca.pem"), serverTls.certificatePem());
        trusting = ClientTls.defaults().withCaCert(ca);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void defaultsOnBothSidesNegotiateTheHybridGroupOverTls13() throws Exception {
        Outcome client = server.connect(trusting.withAlpn(List.of("http/1.1")), "localhost");
        Outcome srv = server.serverOutcome();
        assertThat(client.failure()).isNull();
        assertThat(client.info().group()).isEqualTo("X25519MLKEM768");
        assertThat(srv.info().group()).isEqualTo("X25519MLKEM768");
        assertThat(srv.info().protocol()).isEqualTo("TLSv1.3");
        assertThat(client.info().protocol()).isEqualTo("TLSv1.3");
        assertThat(srv.info().cipher())
                .startsWith("TLS_")
                .isEqualTo(client.info().cipher());
        assertThat(srv.info().alpn()).isEqualTo("http/1.1");
        assertThat(client.info().alpn()).isEqualTo("http/1.1");
        assertThat(srv.info().resumed()).isFalse();
    }

    @Test
    void aClassicalClientGetsX25519() throws Exception {
        Outcome client = server.connect(trusting.withGroups(List.of("X25519")), "localhost");
        assertThat(client.info().group()).isEqualTo("X25519");
        assertThat(server.serverOutcome().info().group()).isEqualTo("X25519");
    }

    @Test
    void noAlpnOfferedMeansNoneAgreed() throws Exception {
        server.connect(trusting, "localhost");
        assertThat(server.serverOutcome().info().alpn()).isNull();
    }

    @Test
    void aJdkClientConnectsWithX25519AndCannotTellItsGroup() throws Exception {
        Outcome client = server.connect(trusting.withProvider(TlsProvider.JDK), "localhost");
        assertThat(client.failure()).isNull();
        assertThat(client.info().group()).isEqualTo(TlsInfo.UNKNOWN);
        assertThat(server.serverOutcome().info().group()).isEqualTo("X25519");
    }

    @Test
    void anIpLiteralIsVerifiedAgainstTheCertificatesIpAddress() throws Exception {
        Outcome client = server.connect(trusting, "127.0.0.1");
        assertThat(client.failure()).isNull();
        assertThat(server.serverOutcome().ok()).isTrue();
    }

    @Test
    void aSecondConnectionResumesWithATicketUnlessResumptionIsOff() throws Exception {
        server.connect(trusting, "localhost");
        assertThat(server.serverOutcome().info().resumed()).isFalse();
        Outcome again = server.connect(trusting, "localhost");
        assertThat(again.info().resumed()).isTrue();
        assertThat(server.serverOutcome().info().resumed()).isTrue();

        ClientTls fresh = trusting.withResumption(false);
        server.connect(fresh, "localhost");
        server.serverOutcome();
        assertThat(server.connect(fresh, "localhost").info().resumed()).isFalse();
        assertThat(server.serverOutcome().info().resumed()).isFalse();
    }

    @Test
    void ticketsOffMeansNoResumption() throws Exception {
        try (Loopback noTickets = new Loopback(serverTls.withSessionTickets(false))) {
            noTickets.connect(trusting, "localhost");
            noTickets.serverOutcome();
            assertThat(noTickets.connect(trusting, "localhost").info().resumed())
                    .isFalse();
            assertThat(noTickets.serverOutcome().info().resumed()).isFalse();
        }
    }

    @Test
    void theJdkServerServesX25519ToTheOpenSslClient() throws Exception {
        try (Loopback jdk = new Loopback(serverTls.withProvider(TlsProvider.JDK))) {
            Outcome client = jdk.connect(trusting, "localhost");
            assertThat(client.failure()).isNull();
            assertThat(client.info().group()).isEqualTo("X25519");
            assertThat(jdk.serverOutcome().info().group()).isEqualTo(TlsInfo.UNKNOWN);
        }
    }
}
