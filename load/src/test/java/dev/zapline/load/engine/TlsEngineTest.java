package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Handshakes;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.tls.TestCerts;
import dev.zapline.load.tls.TlsHttpServer;
import dev.zapline.transport.ClientTls;
import dev.zapline.transport.ServerTls;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The engine over TLS against a Netty HTTPS server of the tests' own: handshakes counted, failures as outcomes. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsEngineTest {

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private static Client https(Target t, int port, ClientTls tls) {
        String hp = "localhost:" + port;
        return new HttpLoadClient(
                t.loops,
                "localhost",
                port,
                List.of(HttpLoadClient.encode("GET", hp, "/health", List.of(), new byte[0])),
                "https://" + hp + "/health",
                tls);
    }

    @Test
    void eachConnectionHandshakesOnceAndTheHandshakeIsTimedApartFromTheConnect() throws Exception {
        TestCerts certs = TestCerts.ca(dir);
        TestCerts.Issued cert = certs.server("server", "localhost");
        try (TlsHttpServer server = new TlsHttpServer(ServerTls.pem(cert.certFile(), cert.keyFile()));
                Target t = new Target(1)) {
            ClientTls tls = ClientTls.defaults().withCaCert(certs.caFile()).withAlpn(List.of("http/1.1"));
            LoadPlan plan = LoadPlan.open(Stages.constant(400, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 4, 1);
            Engine e = Runs.start(plan, https(t, server.port(), tls), t.loops.group());
            Tally all = Runs.await(e, 30);
            assertThat(all.count(Outcome.SUCCESS)).isEqualTo(400);
            assertThat(server.requests.get()).isEqualTo(400);
            Handshakes.Snapshot h = e.handshakes().snapshot();
            assertThat(h.times().getTotalCount()).isEqualTo(4);
            assertThat(e.connections()).isEqualTo(4);
            assertThat(server.handshakes.get()).isEqualTo(4);
            assertThat(h.counts().protocols()).containsEntry("TLSv1.3", 4L);
            assertThat(h.counts().alpn()).containsEntry("http/1.1", 4L);
            assertThat(h.counts().failed()).isZero();
        }
    }

    /**
     * Half-way through, the server's certificate becomes one for another host: the reconnects fail their
     * handshakes, counted by reason, and the requests that found no connection end as connect errors once they
     * have waited the maximum; the run ends on time, nothing stalls.
     */
    @Test
    void handshakesFailingMidRunAreCountedAndTheirRequestsEndAsConnectErrors() throws Exception {
        TestCerts certs = TestCerts.ca(dir);
        TestCerts.Issued good = certs.server("good", "localhost");
        TestCerts.Issued other = certs.server("other", "other.example");
        ServerTls ok = ServerTls.pem(good.certFile(), good.keyFile());
        ServerTls wrong = ServerTls.pem(other.certFile(), other.keyFile());
        try (TlsHttpServer server = new TlsHttpServer(n -> n < 20 ? ok : wrong);
                Target t = new Target(1)) {
            ClientTls tls = ClientTls.defaults().withCaCert(certs.caFile());
            LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                    .with(b -> b.reconnectEvery = 1)
                    // a wait no good handshake of a loaded machine reaches, so only the failing ones' requests hit it
                    .with(b -> b.limits(10_000, 2_000 * MS));
            Engine e = Runs.start(plan, https(t, server.port(), tls), t.loops.group());
            Tally all = Runs.await(e, 30);
            assertThat(all.count(Outcome.SUCCESS)).isEqualTo(20);
            assertThat(all.count(Outcome.CONNECT_ERROR)).isEqualTo(80);
            assertThat(all.ended()).isEqualTo(100);
            Handshakes.Snapshot h = e.handshakes().snapshot();
            assertThat(h.times().getTotalCount()).isEqualTo(20);
            assertThat(h.counts().failures().keySet()).containsExactly("tls: hostname mismatch");
            assertThat(h.counts().failed()).isEqualTo(e.connectFailures()).isGreaterThan(0);
        }
    }
}
