package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * HTTP/2 streams on a real socket with the raw frame client: concurrency (a handed-off stream does not hold the
 * others), request heads and bodies, streamed responses, the graceful stop and the metrics. The timers (idle
 * timeout, a slow body's 408) are Http2TimersTest's, on a manual clock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2StreamsTest {

    private App app;
    private final CountDownLatch release = new CountDownLatch(1);
    /** Counted down when a /held request reaches its handler. */
    private final CountDownLatch held = new CountDownLatch(1);

    private int start(ServerConfig config) {
        app = App.create(config.withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.get("/held", ctx -> {
            HandOff h = ctx.handOff();
            held.countDown();
            Thread.startVirtualThread(() -> {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                h.complete(c -> c.send("released"));
            });
        });
        app.get("/slow", ctx -> {
            HandOff h = ctx.handOff();
            Thread.startVirtualThread(() -> {
                sleep(300);
                h.complete(c -> c.send("finished"));
            });
        });
        app.post("/echo", ctx -> ctx.send(ctx.header("X-Name") + " " + ctx.header("Host") + " " + ctx.bodyAsString()));
        app.get(
                "/type",
                ctx -> ctx.contentType(ctx.queryParam("t"))
                        .header("X-Mixed-Case", ctx.queryParam("t"))
                        .header("Connection", "close")
                        .header("Transfer-Encoding", "chunked")
                        .send("t"));
        app.get("/stream", ctx -> {
            ctx.stream();
            ctx.write("a");
            ctx.write("b");
            ctx.end();
        });
        app.listen("http://127.0.0.1:0").start();
        return app.addresses().get(0).port();
    }

    private int start() {
        return start(ServerConfig.defaults());
    }

    @AfterEach
    void stop() {
        release.countDown();
        if (app != null) {
            app.stop(Duration.ofSeconds(1));
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aHandedOffStreamDoesNotHoldTheOtherStreamsOfItsConnection() throws IOException {
        try (H2Client c = H2Client.connect(start())) {
            int held = c.send("GET", "/held", null);
            int quick = c.send("GET", "/health", null);
            assertThat(c.response(quick)).isEqualTo(new H2Client.Response("200", "ok", -1));
            assertThat(c.get("/stream")).isEqualTo(new H2Client.Response("200", "ab", -1));
            release.countDown();
            assertThat(c.response(held)).isEqualTo(new H2Client.Response("200", "released", -1));
        }
    }

    @Test
    void responseFieldsAreLowerCasedStrippedOfConnectionFieldsAndStayRightAcrossHpackIndexing() throws IOException {
        try (H2Client c = H2Client.connect(start())) {
            String[] types = {"text/a", "text/bb", "text/a", "application/ccc", "text/bb", "x/y"};
            for (int round = 0; round < 3; round++) {
                for (String t : types) {
                    assertThat(c.get("/type?t=" + t).body()).isEqualTo("t");
                    assertThat(c.lastHeaders.get("content-type")).hasToString(t);
                    assertThat(c.lastHeaders.get("x-mixed-case")).hasToString(t);
                    assertThat(c.lastHeaders.get("content-length")).hasToString("1");
                    assertThat(c.lastHeaders.contains("connection")).isFalse();
                    assertThat(c.lastHeaders.contains("transfer-encoding")).isFalse();
                    assertThat(c.lastHeaders.names())
                            .allMatch(n -> n.toString().equals(n.toString().toLowerCase()));
                }
            }
        }
    }

    @Test
    void aStreamOverTheConcurrentLimitIsRefused() throws IOException {
        try (H2Client c = H2Client.connect(
                start(ServerConfig.defaults().withHttp2(Http2Limits.DEFAULT.withMaxConcurrentStreams(2))))) {
            int a = c.send("GET", "/held", null);
            int b = c.send("GET", "/held", null);
            int refused = c.send("GET", "/health", null);
            assertThat(c.response(refused).reset()).isEqualTo(7); // REFUSED_STREAM
            release.countDown();
            assertThat(c.response(a).body()).isEqualTo("released");
            assertThat(c.response(b).body()).isEqualTo("released");
            assertThat(c.get("/health").body()).isEqualTo("ok");
        }
    }

    @Test
    void aBodyInSeveralDataFramesAndTheHeadersReachTheHandler() throws IOException {
        try (H2Client c = H2Client.connect(start())) {
            int id = c.nextStream();
            byte[] head = H2Client.block(
                    ":method", "POST", ":scheme", "http", ":path", "/echo", ":authority", "a.test", "x-name", "n");
            c.frame(H2Client.HEADERS, H2Client.END_HEADERS, id, head);
            c.frame(H2Client.DATA, 0, id, "hello ".getBytes(StandardCharsets.US_ASCII));
            c.frame(H2Client.DATA, 0, id, "wor".getBytes(StandardCharsets.US_ASCII));
            c.frame(H2Client.DATA, H2Client.END_STREAM, id, "ld".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.response(id)).isEqualTo(new H2Client.Response("200", "n a.test hello world", -1));
        }
    }

    @Test
    void aStreamResetWhileHandedOffIsDroppedAndTheConnectionGoesOn() throws IOException {
        try (H2Client c = H2Client.connect(start())) {
            int held = c.send("GET", "/held", null);
            c.frame(H2Client.RST_STREAM, 0, held, new byte[] {0, 0, 0, 8});
            release.countDown();
            assertThat(c.get("/health")).isEqualTo(new H2Client.Response("200", "ok", -1));
            assertThat(c.get("/slow")).isEqualTo(new H2Client.Response("200", "finished", -1));
        }
        assertThat(LeakTracker.leaks()).isZero();
    }

    @Test
    void stopSendsGoAwayAndLetsTheOpenStreamFinishThenCloses() throws Exception {
        try (H2Client c = H2Client.connect(start())) {
            int id = c.send("GET", "/held", null);
            assertThat(held.await(30, TimeUnit.SECONDS))
                    .as("the request reached its handler")
                    .isTrue();
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> app.stop(Duration.ofSeconds(30)));
            H2Client.Frame goAway = c.read();
            assertThat(goAway.type()).isEqualTo(H2Client.GOAWAY);
            assertThat(goAway.errorCode()).isEqualTo(H2Client.NO_ERROR);
            assertThat(goAway.lastStream()).isEqualTo(id);
            // the stream is answered only now, after the stop began
            release.countDown();
            assertThat(c.response(id)).isEqualTo(new H2Client.Response("200", "released", -1));
            assertThat(c.closedByServer()).isTrue();
            stopping.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void http2RequestsAreCounted() throws IOException {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.metrics("127.0.0.1:0").listen("http://127.0.0.1:0").start();
        try (H2Client c = H2Client.connect(app.addresses().get(0).port())) {
            for (int i = 0; i < 3; i++) {
                assertThat(c.get("/health").body()).isEqualTo("ok");
            }
        }
        String text = app.metricsText();
        assertThat(text).contains("zapline_server_connections_total{transport=\"http\"} 1");
        assertThat(text).containsPattern("zapline_server_sent_bytes_total\\{transport=\"http\"\\} [1-9]");
        assertThat(text)
                .contains("zapline_server_requests_total{route=\"/health\",method=\"GET\",status_class=\"2xx\","
                        + "transport=\"http\"} 3");
    }
}
