package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.zapline.client.IoTransport;
import dev.zapline.client.ZapLoops;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.tls.TestCerts;
import dev.zapline.load.tls.TlsHttpServer;
import dev.zapline.transport.ClientTls;
import dev.zapline.transport.ServerTls;
import io.netty.channel.uring.IoUring;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open-model runs with the client loops on io_uring against servers on loopback: every scheduled request is sent
 * and answered 200, over HTTP/1.1, ZAP, h2c and HTTPS (the TLS handler is the transport's business no more than
 * the codecs are). The leak check after the class covers io_uring's buffers too.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IoUringEngineTest {

    @TempDir
    Path dir;

    @BeforeEach
    void ioUringRunsHere() {
        assumeThat(IoUring.isAvailable())
                .as("io_uring: %s", IoUring.unavailabilityCause())
                .isTrue();
    }

    private static LoadPlan open(int rate, int connections, int loops) {
        return LoadPlan.open(Stages.constant(rate, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, connections, loops);
    }

    private static void allAnswered(Tally t, long n) {
        assertThat(t.scheduled()).isEqualTo(n);
        assertThat(t.sent()).isEqualTo(n);
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(n);
        assertThat(t.status(200)).isEqualTo(n);
        assertThat(t.errors()).isZero();
    }

    @Test
    void httpAndZapRunsSendEveryScheduledRequestOverIoUring() throws Exception {
        try (Target t = new Target(2, IoTransport.IO_URING)) {
            assertThat(t.loops.name()).isEqualTo("io_uring");
            LoadPlan plan = open(2000, 4, 2);
            assertThat(plan.schedule().count()).isEqualTo(2000);
            allAnswered(Runs.run(plan, t.http("/health"), t.loops.group(), 30), 2000);
            allAnswered(Runs.run(plan, t.zap("/health"), t.loops.group(), 30), 2000);
        }
    }

    @Test
    void h2cStreamsAreAnsweredOverIoUring() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (s, n) -> s.respond(200, "ok"));
                ZapLoops loops = ZapLoops.create(1, IoTransport.IO_URING)) {
            List<Http2LoadClient.Request> get =
                    List.of(new Http2LoadClient.Request("GET", "/a", List.of(), new byte[0]));
            Http2LoadClient c =
                    new Http2LoadClient(loops, "127.0.0.1", server.port(), get, "h2c://127.0.0.1/a", null, 4);
            LoadPlan plan = open(1000, 2, 1).with(b -> b.pipeline = 4);
            allAnswered(Runs.run(plan, c, loops.group(), 30), 1000);
            assertThat(server.requests.get()).isEqualTo(1000);
        }
    }

    @Test
    void httpsHandshakesOncePerConnectionAndEveryRequestIsAnsweredOverIoUring() throws Exception {
        TestCerts certs = TestCerts.ca(dir);
        TestCerts.Issued cert = certs.server("server", "localhost");
        try (TlsHttpServer server = new TlsHttpServer(ServerTls.pem(cert.certFile(), cert.keyFile()));
                Target t = new Target(1, IoTransport.IO_URING)) {
            ClientTls tls = ClientTls.defaults().withCaCert(certs.caFile()).withAlpn(List.of("http/1.1"));
            String hp = "localhost:" + server.port();
            Client https = new HttpLoadClient(
                    t.loops,
                    "localhost",
                    server.port(),
                    List.of(HttpLoadClient.encode("GET", hp, "/health", List.of(), new byte[0])),
                    "https://" + hp + "/health",
                    tls);
            Engine e = Runs.start(open(400, 4, 1), https, t.loops.group());
            allAnswered(Runs.await(e, 30), 400);
            assertThat(server.requests.get()).isEqualTo(400);
            assertThat(server.handshakes.get()).isEqualTo(4);
            assertThat(e.handshakes().snapshot().counts().failed()).isZero();
        }
    }
}
