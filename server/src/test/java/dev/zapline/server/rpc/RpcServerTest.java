package dev.zapline.server.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The RPC listener over a real socket: handshake, dispatch by ordinal, and the status of every kind of failure. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RpcServerTest {

    private static App app;
    private static InetSocketAddress address;

    @BeforeAll
    static void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(2))
                .rpc("127.0.0.1:0", TestService.create())
                .start();
        address = app.rpcAddresses().get(0);
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofSeconds(1));
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void answersTheHandshakeAndEchoesAPayloadWithItsIds() throws Exception {
        try (RpcSocket s = RpcSocket.open(address)) {
            assertThat(s.call(5, 0, "hello")).isEqualTo(new RpcSocket.Answer(5, 200, 1005, "hello"));
            assertThat(s.call(6, 0, "")).isEqualTo(new RpcSocket.Answer(6, 200, 1006, ""));
        }
    }

    @Test
    void answersEachFailureWithItsStatusAndGoesOn() throws Exception {
        try (RpcSocket s = RpcSocket.open(address)) {
            assertThat(s.call(1, 1, "x"))
                    .isEqualTo(new RpcSocket.Answer(1, 500, 1001, "{\"error\":\"method boom failed: kaboom\"}"));
            assertThat(s.call(2, 2, "x"))
                    .isEqualTo(new RpcSocket.Answer(
                            2, 500, 1002, "{\"error\":\"method silent returned without replying\"}"));
            assertThat(s.call(3, 9, "x"))
                    .isEqualTo(new RpcSocket.Answer(3, 404, 1003, "{\"error\":\"unknown method 9 of service Test\"}"));
            assertThat(s.call(4, 0xFFFF_FFFFL, "x").status()).isEqualTo(404);
            assertThat(s.call(5, 4, "x"))
                    .isEqualTo(new RpcSocket.Answer(5, 403, 1005, "{\"error\":\"no \\\"entry\\\"\"}"));
            s.write(RpcSocket.request(6, 0, 3, new byte[] {1}));
            assertThat(s.read())
                    .isEqualTo(new RpcSocket.Answer(
                            6, 400, 1006, "{\"error\":\"promise pipelining not supported (target 3)\"}"));
            assertThat(s.call(9, 5, "x"))
                    .isEqualTo(new RpcSocket.Answer(
                            9,
                            500,
                            1009,
                            "{\"error\":\"response body of 10485717 bytes exceeds the 10485716-byte limit"
                                    + " of a frame\"}"));
            assertThat(s.call(7, 0, "still here")).isEqualTo(new RpcSocket.Answer(7, 200, 1007, "still here"));
        }
    }

    @Test
    void answersALaterReplyFromAnotherThread() throws Exception {
        try (RpcSocket s = RpcSocket.open(address)) {
            assertThat(s.call(8, 3, "x")).isEqualTo(new RpcSocket.Answer(8, 200, 1008, "later x"));
        }
    }

    @Test
    void answersABadEnvelopeOrAResponseFlag400AndGoesOn() throws Exception {
        try (RpcSocket s = RpcSocket.open(address)) {
            s.write(RpcSocket.frame(11, 1, "not a zap message".getBytes()));
            RpcSocket.Answer a = s.read();
            assertThat(a.reqId()).isEqualTo(11);
            assertThat(a.status()).isEqualTo(400);
            assertThat(a.body()).startsWith("{\"error\":\"bad envelope: offset 0: bad magic");
            byte[] good = RpcSocket.request(12, 0, 0, new byte[] {'a'});
            byte[] envelope = java.util.Arrays.copyOfRange(good, 12, good.length);
            s.write(RpcSocket.frame(12, 2, envelope));
            assertThat(s.read())
                    .extracting(RpcSocket.Answer::reqId, RpcSocket.Answer::status)
                    .containsExactly(12, 400);
            assertThat(s.call(13, 0, "ok")).isEqualTo(new RpcSocket.Answer(13, 200, 1013, "ok"));
        }
    }

    @Test
    void answersPipelinedCallsInOneWrite() throws Exception {
        try (RpcSocket s = RpcSocket.open(address)) {
            java.io.ByteArrayOutputStream batch = new java.io.ByteArrayOutputStream();
            for (int i = 0; i < 50; i++) {
                batch.write(RpcSocket.request(100 + i, i % 2 == 0 ? 0 : 9, 0, ("p" + i).getBytes()));
            }
            s.write(batch.toByteArray());
            for (int i = 0; i < 50; i++) {
                RpcSocket.Answer a = s.read();
                assertThat(a.reqId()).isEqualTo(100 + i);
                assertThat(a.status()).isEqualTo(i % 2 == 0 ? 200 : 404);
            }
        }
    }
}
