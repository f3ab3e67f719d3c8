package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import java.io.IOException;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stream ids and states (RFC 9113 §5.1, §5.1.1) as raw frames over a real socket: frames the client may not send on
 * a stream in its state get the exact frames back that the RFC asks for, GOAWAY(PROTOCOL_ERROR) with the last
 * stream id for connection errors and RST_STREAM for stream errors, and a second connection on the same event loop
 * is served before and after each.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2StreamStateTest {

    private static final AtomicInteger HANDLED = new AtomicInteger();
    private static volatile CountDownLatch release = new CountDownLatch(1);
    private static App app;
    private static int port;
    private H2Client other;

    @BeforeAll
    static void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.all("/h", ctx -> {
            HANDLED.incrementAndGet();
            ctx.send("h");
        });
        app.get("/held", ctx -> {
            HandOff h = ctx.handOff();
            CountDownLatch r = release;
            Thread.startVirtualThread(() -> {
                try {
                    r.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                h.complete(c -> c.send("released"));
            });
        });
        app.listen("http://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofSeconds(1));
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }

    @BeforeEach
    void otherConnectionServed() throws IOException {
        release = new CountDownLatch(1);
        other = H2Client.connect(port);
        assertThat(other.get("/health")).isEqualTo(new H2Client.Response("200", "ok", -1));
    }

    @AfterEach
    void otherConnectionStillServed() throws IOException {
        release.countDown();
        assertThat(other.get("/health")).isEqualTo(new H2Client.Response("200", "ok", -1));
        other.close();
    }

    private static byte[] headers(int stream, String... fields) {
        return H2Client.frameBytes(
                H2Client.HEADERS, H2Client.END_HEADERS | H2Client.END_STREAM, stream, H2Client.block(fields));
    }

    private static byte[] get(int stream, String path) {
        return headers(stream, ":method", "GET", ":scheme", "http", ":path", path, ":authority", "t");
    }

    private static byte[] data(int stream, String body) {
        return H2Client.frameBytes(
                H2Client.DATA, H2Client.END_STREAM, stream, body.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Each frame read until the server closes ({@link #describe}), but those of stream {@code answered}: a response
     * the GOAWAY may cut short (its last stream id says it may).
     */
    private static List<String> framesToTheClose(H2Client c, int answered) throws IOException {
        List<String> frames = new ArrayList<>();
        try {
            while (true) {
                H2Client.Frame f = c.read();
                if (f.type() != H2Client.GOAWAY && f.stream() == answered) {
                    continue;
                }
                frames.add(describe(f));
            }
        } catch (java.io.EOFException | SocketException e) {
            return frames;
        }
    }

    /** "TYPE stream", with the error code of RST_STREAM and GOAWAY. */
    private static String describe(H2Client.Frame f) {
        return switch (f.type()) {
            case H2Client.HEADERS -> "HEADERS " + f.stream();
            case H2Client.DATA -> "DATA " + f.stream();
            case H2Client.RST_STREAM -> "RST_STREAM " + f.stream() + " code " + f.errorCode();
            case H2Client.GOAWAY -> "GOAWAY last " + f.lastStream() + " code " + f.errorCode();
            default -> "type " + f.type() + " " + f.stream();
        };
    }

    static Stream<Arguments> connectionErrors() {
        byte[] upper = headers(3, ":method", "GET", ":scheme", "http", ":path", "/h", "X-Upper", "1");
        return Stream.of(
                Arguments.of(
                        "§5.1.1 HEADERS on 3 after 5",
                        H2Client.concat(get(5, "/health"), get(3, "/h")),
                        List.of("GOAWAY last 5 code 1"),
                        5),
                Arguments.of(
                        "§5.1.1 HEADERS on 1 after 5",
                        H2Client.concat(get(5, "/health"), get(1, "/h")),
                        List.of("GOAWAY last 5 code 1"),
                        5),
                Arguments.of(
                        "§5.1.1 malformed HEADERS on 3 after 5",
                        H2Client.concat(get(5, "/health"), upper),
                        List.of("GOAWAY last 5 code 1"),
                        5),
                Arguments.of(
                        "§5.1.1 HEADERS on 3 after 5 was refused for its fields",
                        H2Client.concat(
                                headers(5, ":method", "GET", ":scheme", "http", ":path", "/h", "X-Upper", "1"),
                                get(3, "/h")),
                        List.of("RST_STREAM 5 code 1", "GOAWAY last 5 code 1"),
                        0),
                Arguments.of("§5.1.1 HEADERS on an even stream", get(2, "/h"), List.of("GOAWAY last 0 code 1"), 0),
                Arguments.of(
                        "§5.1.1 malformed HEADERS on an even stream",
                        headers(2, ":method", "GET", ":scheme", "http", ":path", "/h", "X-Upper", "1"),
                        List.of("GOAWAY last 0 code 1"),
                        0),
                Arguments.of("§5.1 DATA on an idle stream", data(1, "abc"), List.of("GOAWAY last 0 code 1"), 0),
                Arguments.of("§6.1 DATA on stream 0", data(0, "abc"), List.of("GOAWAY last 0 code 1"), 0),
                Arguments.of(
                        "§5.1 RST_STREAM on an idle stream",
                        H2Client.frameBytes(H2Client.RST_STREAM, 0, 1, new byte[] {0, 0, 0, 8}),
                        List.of("GOAWAY last 0 code 1"),
                        0),
                Arguments.of(
                        "§5.1 WINDOW_UPDATE on an idle stream",
                        H2Client.frameBytes(H2Client.WINDOW_UPDATE, 0, 1, new byte[] {0, 0, 0, 100}),
                        List.of("GOAWAY last 0 code 1"),
                        0),
                Arguments.of(
                        "§6.10 CONTINUATION without HEADERS",
                        H2Client.frameBytes(H2Client.CONTINUATION, H2Client.END_HEADERS, 1, H2Client.block("a", "b")),
                        List.of("GOAWAY last 0 code 1"),
                        0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("connectionErrors")
    void aFrameTheStreamStateForbidsIsAConnectionErrorProtocolError(
            String rule, byte[] frames, List<String> back, int answered) throws IOException {
        int handled = HANDLED.get();
        try (H2Client c = H2Client.connect(port)) {
            c.write(frames);
            assertThat(framesToTheClose(c, answered)).isEqualTo(back);
        }
        assertThat(HANDLED.get()).isEqualTo(handled);
    }

    @Test
    void headersAgainOnAStreamTheClientEndedAndWasAnsweredIsResetStreamClosed() throws IOException {
        try (H2Client c = H2Client.connect(port)) {
            c.write(get(1, "/health"));
            assertThat(c.response(1)).isEqualTo(new H2Client.Response("200", "ok", -1));
            int handled = HANDLED.get();
            c.write(H2Client.concat(get(1, "/h"), get(3, "/health")));
            assertThat(c.response(1)).isEqualTo(new H2Client.Response(null, "", 5)); // STREAM_CLOSED
            assertThat(c.response(3)).isEqualTo(new H2Client.Response("200", "ok", -1));
            assertThat(HANDLED.get()).isEqualTo(handled);
        }
    }

    @Test
    void dataOnAStreamTheClientEndedWhileItsResponseIsPendingIsResetStreamClosed() throws IOException {
        try (H2Client c = H2Client.connect(port)) {
            c.write(H2Client.concat(get(1, "/held"), data(1, "late")));
            assertThat(c.response(1)).isEqualTo(new H2Client.Response(null, "", 5)); // §5.1 half-closed (remote)
            c.write(get(3, "/health"));
            assertThat(c.response(3)).isEqualTo(new H2Client.Response("200", "ok", -1));
        }
    }

    @Test
    void headersAgainOnAStreamTheClientEndedWhileItsResponseIsPendingIsResetAndTheConnectionGoesOn()
            throws IOException {
        try (H2Client c = H2Client.connect(port)) {
            c.write(H2Client.concat(get(1, "/held"), get(1, "/h")));
            // §5.1 asks for STREAM_CLOSED; Netty's decoder counts the second HEADERS of a stream opened with END_STREAM
            // as a third header block and answers PROTOCOL_ERROR: a stream error all the same
            assertThat(c.response(1)).isEqualTo(new H2Client.Response(null, "", H2Client.PROTOCOL_ERROR));
            c.write(get(3, "/health"));
            assertThat(c.response(3)).isEqualTo(new H2Client.Response("200", "ok", -1));
        }
    }

    @Test
    void whatTheClientSentOnAStreamBeforeSeeingOurResetIsIgnored() throws IOException {
        try (H2Client c = H2Client.connect(port)) {
            c.write(H2Client.frameBytes(
                    H2Client.HEADERS,
                    H2Client.END_HEADERS,
                    1,
                    H2Client.block(":method", "POST", ":scheme", "http", ":path", "/h", "X-Upper", "1")));
            assertThat(c.response(1)).isEqualTo(new H2Client.Response(null, "", H2Client.PROTOCOL_ERROR));
            // the body and trailers it had on their way when the reset came, in a later read
            c.write(H2Client.concat(
                    H2Client.frameBytes(H2Client.DATA, 0, 1, "abc".getBytes(StandardCharsets.US_ASCII)),
                    headers(1, "x-t", "1"),
                    get(3, "/health")));
            List<String> back = new ArrayList<>();
            H2Client.Frame f;
            do {
                f = c.read();
                back.add(describe(f));
            } while (f.stream() != 3 || !f.has(H2Client.END_STREAM));
            // §5.1: no RST_STREAM(STREAM_CLOSED) for each of them, no GOAWAY; stream 3 answered (HEADERS, DATA)
            assertThat(back).containsExactly("HEADERS 3", "DATA 3");
        }
    }
}
