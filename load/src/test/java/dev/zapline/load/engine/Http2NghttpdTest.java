package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.tls.Nghttpd;
import dev.zapline.load.tls.TestCerts;
import dev.zapline.load.tls.TlsHttpServer;
import dev.zapline.transport.ClientTls;
import dev.zapline.transport.ServerTls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP/2 client against nghttpd, an HTTP/2 server that is not ours: h2c with prior knowledge and h2 over TLS by
 * ALPN, bounded runs with exact counts (every request written is answered, nothing counted that was not written).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2NghttpdTest {

    private static List<Http2LoadClient.Request> get(String path) {
        return List.of(new Http2LoadClient.Request("GET", path, List.of(), new byte[0]));
    }

    private static Path site(Path dir) throws Exception {
        Path www = Files.createDirectories(dir.resolve("www"));
        Files.writeString(www.resolve("x"), "hello");
        Files.write(www.resolve("big"), new byte[200_000]);
        return www;
    }

    @Test
    void aBoundedH2cRunGetsEveryResponseAndCountsExactly(@TempDir Path dir) throws Exception {
        try (Nghttpd server = Nghttpd.start(site(dir), null, null);
                ZapLoops loops = ZapLoops.create(1, true)) {
            Http2LoadClient client =
                    new Http2LoadClient(loops, "127.0.0.1", server.port(), get("/x"), "h2c://127.0.0.1/x", null, 10);
            // 4,000/s for 0.5 s: 2,000 requests on 4 connections, up to 10 streams each
            LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 4, 1)
                    .with(b -> b.pipeline = 10);
            Tally t = Runs.run(plan, client, loops.group(), 30);
            assertThat(t.sent()).isEqualTo(2000);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(2000);
            assertThat(t.status(200)).isEqualTo(2000);
            assertThat(t.errors()).isZero();
        }
    }

    @Test
    void aMaxThroughputRunOfLargeResponsesNeverStallsOnFlowControl(@TempDir Path dir) throws Exception {
        try (Nghttpd server = Nghttpd.start(site(dir), null, null);
                ZapLoops loops = ZapLoops.create(1, true)) {
            Http2LoadClient client = new Http2LoadClient(
                    loops, "127.0.0.1", server.port(), get("/big"), "h2c://127.0.0.1/big", null, 16);
            LoadPlan plan = LoadPlan.maxThroughput(16, 1_500_000_000L, 2, 1);
            Tally t = Runs.run(plan, client, loops.group(), 30);
            // each of the 32 streams' 200 kB answers is three times a connection's first window: any came through
            // only as windows were given back, and a stall would end in timeouts, counted as errors (how many fit
            // in 1.5 s is for benchmarks)
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent()).isGreaterThanOrEqualTo(32);
            assertThat(t.errors()).isZero();
        }
    }

    @Test
    void overTlsAlpnChoosesH2AndEveryRequestIsAnswered(@TempDir Path dir) throws Exception {
        TestCerts.Issued cert = TestCerts.ca(dir).server("server", "localhost");
        try (Nghttpd server = Nghttpd.start(site(dir), cert.keyFile(), cert.certFile());
                ZapLoops loops = ZapLoops.create(1, true)) {
            // nghttpd offers only the NIST curves
            ClientTls tls = ClientTls.defaults()
                    .withInsecure(true)
                    .withGroups(List.of("X25519", "P-256"))
                    .withAlpn(List.of("h2", "http/1.1"));
            Http2LoadClient client =
                    new Http2LoadClient(loops, "127.0.0.1", server.port(), get("/x"), "https://127.0.0.1/x", tls, 10);
            LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 4, 1)
                    .with(b -> b.pipeline = 10);
            Engine e = Runs.start(plan, client, loops.group());
            Tally t = Runs.await(e, 30);
            assertThat(t.sent()).isEqualTo(2000);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(2000);
            assertThat(e.handshakes().snapshot().counts().alpn()).containsOnlyKeys("h2");
        }
    }

    @Test
    void whenAlpnPicksHttp11TheConnectionSpeaksIt(@TempDir Path dir) throws Exception {
        TestCerts.Issued cert = TestCerts.ca(dir).server("server", "localhost");
        ServerTls http11 = ServerTls.pem(cert.certFile(), cert.keyFile()).withAlpn(List.of("http/1.1"));
        try (TlsHttpServer server = new TlsHttpServer(http11);
                ZapLoops loops = ZapLoops.create(1, true)) {
            ClientTls tls = ClientTls.defaults().withInsecure(true).withAlpn(List.of("h2", "http/1.1"));
            Http2LoadClient client = new Http2LoadClient(
                    loops, "127.0.0.1", server.port(), get("/health"), "https://127.0.0.1/health", tls, 4);
            LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 2, 1)
                    .with(b -> b.pipeline = 4);
            Engine e = Runs.start(plan, client, loops.group());
            Tally t = Runs.await(e, 30);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(500);
            assertThat(e.handshakes().snapshot().counts().alpn()).containsOnlyKeys("http/1.1");
            assertThat(server.requests.get()).isEqualTo(500);
        }
    }
}
