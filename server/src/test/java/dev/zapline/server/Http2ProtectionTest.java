package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.http1.Http1Limits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each HTTP/2 protection against a raw frame client: the attacking connection gets its GOAWAY code (or its stream
 * its reset), while a well-behaved connection on the same event loop is served before, during and after.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2ProtectionTest {

    private static App app;
    private static int port;
    private H2Client good;

    @BeforeAll
    static void start() {
        ServerConfig config = ServerConfig.defaults()
                .withEventLoops(1)
                .withLimits(Http1Limits.DEFAULT.withMaxBody(1000))
                .withHttp2(Http2Limits.DEFAULT.withStallTimeout(Duration.ofSeconds(1)));
        app = App.create(config);
        app.get("/health", ctx -> ctx.send("ok"));
        app.post("/echo", ctx -> ctx.send(ctx.body().retain()));
        app.get("/big", ctx -> ctx.send(new byte[200_000]));
        app.listen("http://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofSeconds(1));
    }

    @BeforeEach
    void goodClient() throws IOException {
        good = H2Client.connect(port);
        served();
    }

    @AfterEach
    void goodClientStillServed() throws IOException {
        served();
        good.close();
    }

    private void served() throws IOException {
        assertThat(good.get("/health")).isEqualTo(new H2Client.Response("200", "ok", -1));
    }

    /** Sends {@code frames}, ignoring a write the server's close cut short, then reads the GOAWAY code. */
    private long attack(H2Client bad, byte[] frames) throws IOException {
        try {
            bad.write(frames);
        } catch (IOException e) {
            // the server closed while we were still writing
        }
        served();
        return bad.goAway();
    }

    private static byte[] repeat(int times, byte[]... frames) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < times; i++) {
            for (byte[] f : frames) {
                b.writeBytes(f);
            }
        }
        return b.toByteArray();
    }

    @Test
    void rapidResetGetsEnhanceYourCalm() throws IOException {
        try (H2Client bad = H2Client.connect(port)) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int i = 0; i < 500; i++) {
                int id = bad.nextStream();
                b.writeBytes(H2Client.frameBytes(
                        H2Client.HEADERS, H2Client.END_HEADERS, id, H2Client.request("POST", "/echo")));
                b.writeBytes(H2Client.frameBytes(H2Client.RST_STREAM, 0, id, new byte[] {0, 0, 0, 8}));
            }
            assertThat(attack(bad, b.toByteArray())).isEqualTo(H2Client.ENHANCE_YOUR_CALM);
        }
    }

    @Test
    void aHeaderBlockOfEndlessEmptyContinuationsIsAConnectionError() throws IOException {
        try (H2Client bad = H2Client.connect(port)) {
            byte[] start = H2Client.frameBytes(H2Client.HEADERS, 0, 1, H2Client.request("GET", "/health"));
            byte[] empty = H2Client.frameBytes(H2Client.CONTINUATION, 0, 1, new byte[0]);
            long code = attack(bad, H2Client.concat(start, repeat(10_000, empty)));
            assertThat(code).isEqualTo(H2Client.ENHANCE_YOUR_CALM);
        }
    }

    @Test
    void aHeaderBlockGrowingPastTheListSizeInContinuationsIsAConnectionError() throws IOException {
        try (H2Client bad = H2Client.connect(port)) {
            byte[] start = H2Client.frameBytes(H2Client.HEADERS, 0, 1, H2Client.request("GET", "/health"));
            byte[] big =
                    H2Client.frameBytes(H2Client.CONTINUATION, 0, 1, H2Client.block("x-filler", "y".repeat(16_000)));
            long code = attack(bad, H2Client.concat(start, repeat(20, big)));
            assertThat(code).isEqualTo(H2Client.PROTOCOL_ERROR);
        }
    }

    @Test
    void anHpackBombIsRefusedWith431() throws IOException {
        try (H2Client bad = H2Client.connect(port)) {
            // one 4000-byte field into the dynamic table, then 100 one-byte references to it: 400 KB decoded
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.writeBytes(H2Client.request("GET", "/health"));
            b.write(0x40);
            H2Client.string(b, "x-bomb");
            H2Client.string(b, "a".repeat(4000));
            for (int i = 0; i < 100; i++) {
                b.write(0x80 | 62);
            }
            bad.frame(H2Client.HEADERS, H2Client.END_HEADERS | H2Client.END_STREAM, 1, b.toByteArray());
            H2Client.Response r = bad.response(1);
            assertThat(r.status()).isEqualTo("431");
            served();
        }
    }

    @Test
    void aPingFloodGetsEnhanceYourCalm() throws IOException {
        try (H2Client bad = H2Client.connect(port)) {
            byte[] ping = H2Client.frameBytes(H2Client.PING, 0, 0, new byte[8]);
            assertThat(attack(bad, repeat(500, ping))).isEqualTo(H2Client.ENHANCE_YOUR_CALM);
        }
    }

    @Test
    void aSettingsFloodGetsEnhanceYourCalm() throws IOException {
        try (H2Client bad = H2Client.connect(port)) {
            byte[] settings = H2Client.frameBytes(H2Client.SETTINGS, 0, 0, new byte[0]);
            assertThat(attack(bad, repeat(500, settings))).isEqualTo(H2Client.ENHANCE_YOUR_CALM);
        }
    }

    @Test
    void aFloodOfEmptyDataFramesGetsEnhanceYourCalm() throws IOException {
        try (H2Client bad = H2Client.connect(port)) {
            byte[] start =
                    H2Client.frameBytes(H2Client.HEADERS, H2Client.END_HEADERS, 1, H2Client.request("POST", "/echo"));
            byte[] empty = H2Client.frameBytes(H2Client.DATA, 0, 1, new byte[0]);
            assertThat(attack(bad, H2Client.concat(start, repeat(100, empty)))).isEqualTo(H2Client.ENHANCE_YOUR_CALM);
        }
    }

    @Test
    void aWindowHeldAtZeroWithAResponsePendingIsClosedAfterTheStallTimeout() throws IOException {
        // SETTINGS_INITIAL_WINDOW_SIZE 0: the response's DATA can never be sent
        try (H2Client bad = H2Client.connect(port, 4, 0)) {
            long start = System.nanoTime();
            bad.send("GET", "/big", null);
            served();
            assertThat(bad.goAway()).isEqualTo(H2Client.ENHANCE_YOUR_CALM);
            // bounded from below only: the stall is counted in checks every half of its 1 s, the first after the
            // request, and a check runs no sooner than its period after the one before (the exact instant, on a
            // manual clock, is Http2TimersTest's; a hang is caught by the client's 10 s read timeout)
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(500));
        }
    }

    @Test
    void aBodyOverTheLimitGets413AndTheStreamResetWhileTheConnectionGoesOn() throws IOException {
        try (H2Client c = H2Client.connect(port)) {
            int id = c.send("POST", "/echo", "z".repeat(2000).getBytes(StandardCharsets.US_ASCII));
            H2Client.Response r = c.response(id);
            assertThat(r.status()).isEqualTo("413");
            int small = c.send("POST", "/echo", "small".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.response(small)).isEqualTo(new H2Client.Response("200", "small", -1));
        }
    }
}
