package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.wire.Await;
import io.netty.channel.epoll.Epoll;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The high-level client against real zapline servers on loopback and a unix socket. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapClientTest {

    private static final Duration SECOND = Duration.ofSeconds(1);
    /** A request timeout on the real clock that only a hang reaches, however loaded the machine. */
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @AfterAll
    static void noLeaks() {
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }

    @Test
    void sendsSyncAndAsyncRequestsAndReadsStatusHeadersAndBody() throws Exception {
        try (TestServer server = TestServer.start("a", "127.0.0.1:0");
                ZapClient client = ZapClient.connect(server.address(0))) {
            ZapResponse health = client.sendSync(ZapRequest.get("/health"), WAIT);
            assertThat(health.status()).isEqualTo(200);
            assertThat(health.reason()).isEqualTo("OK");
            assertThat(health.header("Content-Type")).isEqualTo("text/plain");
            assertThat(health.bodyAsString()).isEqualTo("ok");

            ZapRequest echo = ZapRequest.post("/echo", "payload".getBytes(StandardCharsets.UTF_8))
                    .header("X-Test", "1");
            ZapResponse echoed = client.send(echo).get(30, TimeUnit.SECONDS);
            assertThat(echoed.bodyAsString()).isEqualTo("payload");
            assertThat(echoed.headers()).contains(new ZapHeader("x-method", "POST"));

            ZapResponse missing = client.sendSync(ZapRequest.get("/nope"), WAIT);
            assertThat(missing.status()).isEqualTo(404);
            assertThat(client.stats().responses()).isEqualTo(3);
        }
    }

    @Test
    void manyAsyncRequestsCompleteWithTheirOwnResponses() throws Exception {
        try (TestServer server = TestServer.start("a", "127.0.0.1:0");
                ZapClient client =
                        ZapClient.connect(ZapClientConfig.defaults().with(c -> c.connections = 2), server.address(0))) {
            List<CompletableFuture<ZapResponse>> futures = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                futures.add(client.send(ZapRequest.get("/n/" + i)));
            }
            for (int i = 0; i < 500; i++) {
                assertThat(futures.get(i).get(30, TimeUnit.SECONDS).bodyAsString())
                        .isEqualTo(Integer.toString(i));
            }
        }
    }

    @Test
    void speaksOverAUnixSocket() throws Exception {
        assumeThat(Epoll.isAvailable()).as("unix domain sockets need epoll").isTrue();
        Path sock = dir.resolve("zap.sock");
        try (TestServer server = TestServer.start("u", sock.toString());
                ZapClient client = ZapClient.connect(sock.toString())) {
            assertThat(client.sendSync(ZapRequest.get("/who"), WAIT).bodyAsString())
                    .isEqualTo("u");
        }
    }

    @Test
    void balancesOverTwoAddresses() throws Exception {
        try (TestServer a = TestServer.start("a", "127.0.0.1:0");
                TestServer b = TestServer.start("b", "127.0.0.1:0");
                ZapClient client = ZapClient.connect(
                        ZapClientConfig.defaults().with(c -> c.connections = 2), a.address(0), b.address(0))) {
            Await.until("both connections up", () -> client.connectionsUp() == 2);
            List<String> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answers.add(client.sendSync(ZapRequest.get("/who"), WAIT).bodyAsString());
            }
            assertThat(answers).containsOnly("a", "b");
            assertThat(a.hits.get()).isEqualTo(10);
            assertThat(b.hits.get()).isEqualTo(10);
        }
    }

    @Test
    void aggregatesAStreamedResponseOrDeliversItPieceByPiece() throws Exception {
        try (TestServer server = TestServer.start("a", "127.0.0.1:0");
                ZapClient client = ZapClient.connect(server.address(0))) {
            ZapResponse whole = client.sendSync(ZapRequest.get("/stream"), WAIT);
            assertThat(whole.status()).isEqualTo(200);
            assertThat(whole.header("x-kind")).isEqualTo("stream");
            assertThat(whole.bodyAsString()).isEqualTo("hello streamed world");

            List<String> events = new CopyOnWriteArrayList<>();
            CompletableFuture<Void> ended = new CompletableFuture<>();
            client.stream(ZapRequest.get("/stream"), SECOND, new StreamListener() {
                @Override
                public void onHead(ZapResponse head) {
                    events.add("head " + head.status());
                }

                @Override
                public void onData(byte[] data) {
                    events.add("data " + new String(data, StandardCharsets.UTF_8));
                }

                @Override
                public void onEnd(List<ZapHeader> trailers) {
                    events.add("end " + trailers.size());
                    ended.complete(null);
                }

                @Override
                public void onError(ZapException error) {
                    ended.completeExceptionally(error);
                }
            });
            ended.get(30, TimeUnit.SECONDS);
            assertThat(events).containsExactly("head 200", "data hello ", "data streamed ", "data world", "end 0");
        }
    }

    @Test
    void timesOutByTheClockAndDropsTheLateResponse() throws Exception {
        ManualClock clock = new ManualClock();
        ZapClientConfig config = ZapClientConfig.defaults().with(c -> c.clock(clock, () -> 0.0));
        try (TestServer server = TestServer.start("a", "127.0.0.1:0");
                ZapClient client = ZapClient.connect(config, server.address(0))) {
            CompletableFuture<ZapResponse> hung = client.send(ZapRequest.get("/hang"), SECOND);
            Await.until("the server to hold the request", () -> server.hanging.size() == 1);
            Await.pause(Duration.ofMillis(50));
            assertThat(hung).isNotDone();

            clock.advance(SECOND);
            assertThatThrownBy(() -> hung.get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(ZapTimeoutException.class)
                    .hasMessageContaining("GET /hang");
            assertThat(client.stats().timeouts()).isEqualTo(1);

            server.hanging.get(0).complete(ctx -> ctx.send("late"));
            Await.until("the late response to be counted", () -> client.stats().lateResponses() == 1);
            assertThat(client.sendSync(ZapRequest.get("/health"), WAIT).bodyAsString())
                    .isEqualTo("ok");
        }
    }

    @Test
    void reportsARefusedConnectionAsConnectFailed() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (ZapClient client = ZapClient.connect("127.0.0.1:" + port)) {
            CompletableFuture<ZapResponse> f = client.send(ZapRequest.get("/health"), WAIT);
            assertThatThrownBy(() -> f.get(30, TimeUnit.SECONDS))
                    .cause()
                    .isInstanceOf(ZapException.class)
                    .extracting(e -> ((ZapException) e).outcome())
                    .isEqualTo(ZapOutcome.CONNECT_FAILED);
            assertThat(client.stats().connectFailures()).isPositive();
            assertThatThrownBy(() -> client.sendSync(ZapRequest.get("/health"), WAIT))
                    .isInstanceOf(ZapException.class)
                    .extracting(e -> ((ZapException) e).outcome())
                    .isEqualTo(ZapOutcome.CONNECT_FAILED);
        }
    }

    @Test
    void closeWaitsForRequestsInFlightThenFailsNewOnes() throws Exception {
        try (TestServer server = TestServer.start("a", "127.0.0.1:0")) {
            ZapClient client = ZapClient.connect(server.address(0));
            CompletableFuture<ZapResponse> f = client.send(ZapRequest.get("/health"));
            client.close(WAIT);
            assertThat(f.get(30, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThatThrownBy(() -> client.sendSync(ZapRequest.get("/health"), WAIT))
                    .isInstanceOf(ZapException.class)
                    .extracting(e -> ((ZapException) e).outcome())
                    .isEqualTo(ZapOutcome.CLIENT_CLOSED);
        }
    }

    @Test
    void rejectsFewerConnectionsThanAddresses() {
        assertThatThrownBy(() -> ZapClient.connect(ZapClientConfig.defaults(), "127.0.0.1:1", "127.0.0.1:2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 connection(s)");
    }
}
