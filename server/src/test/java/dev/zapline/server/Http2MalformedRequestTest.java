package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Requests that RFC 9113 calls malformed (§8.1.1, §8.2, §8.3, §8.5), one per rule, as raw frames over a real
 * socket, each on a new connection's stream 1 with a GET on stream 3 behind it: the malformed stream gets
 * RST_STREAM(PROTOCOL_ERROR) and nothing else, its handler does not run, and stream 3 is answered. The valid
 * requests next to the rules are answered. No buffer leaks.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2MalformedRequestTest {

    private static final AtomicInteger HANDLED = new AtomicInteger();
    private static App app;
    private static int port;

    @BeforeAll
    static void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.all("/h", ctx -> {
            HANDLED.incrementAndGet();
            ctx.send("h");
        });
        app.listen("http://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofSeconds(1));
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }

    /** The request fields of a GET /h, then {@code more} name/value pairs. */
    private static String[] get(String... more) {
        return fields("GET", "http", "/h", "t", more);
    }

    /** Pseudo-headers (those not null), then {@code more} name/value pairs. */
    private static String[] fields(String method, String scheme, String path, String authority, String... more) {
        String[] pseudo = {":method", method, ":scheme", scheme, ":path", path, ":authority", authority};
        String[] f = new String[0];
        for (int i = 0; i < pseudo.length; i += 2) {
            if (pseudo[i + 1] != null) {
                f = Arrays.copyOf(f, f.length + 2);
                f[f.length - 2] = pseudo[i];
                f[f.length - 1] = pseudo[i + 1];
            }
        }
        String[] all = Arrays.copyOf(f, f.length + more.length);
        System.arraycopy(more, 0, all, f.length, more.length);
        return all;
    }

    /** HEADERS on stream 1 with END_STREAM. */
    private static byte[] alone(String... fields) {
        return H2Client.frameBytes(
                H2Client.HEADERS, H2Client.END_HEADERS | H2Client.END_STREAM, 1, H2Client.block(fields));
    }

    /** HEADERS on stream 1, then a DATA frame of {@code body} with END_STREAM. */
    private static byte[] withBody(String body, String... fields) {
        return H2Client.concat(
                H2Client.frameBytes(H2Client.HEADERS, H2Client.END_HEADERS, 1, H2Client.block(fields)),
                H2Client.frameBytes(H2Client.DATA, H2Client.END_STREAM, 1, body.getBytes(StandardCharsets.US_ASCII)));
    }

    /** A POST /h with body "abc" and then {@code trailers} in a HEADERS frame with END_STREAM. */
    private static byte[] withTrailers(String... trailers) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(H2Client.frameBytes(
                H2Client.HEADERS, H2Client.END_HEADERS, 1, H2Client.block(fields("POST", "http", "/h", "t"))));
        b.writeBytes(H2Client.frameBytes(H2Client.DATA, 0, 1, "abc".getBytes(StandardCharsets.US_ASCII)));
        b.writeBytes(H2Client.frameBytes(
                H2Client.HEADERS, H2Client.END_HEADERS | H2Client.END_STREAM, 1, H2Client.block(trailers)));
        return b.toByteArray();
    }

    private static Arguments rule(String rule, byte[] stream1) {
        return Arguments.of(rule, stream1);
    }

    static Stream<Arguments> malformed() {
        String post = "POST";
        return Stream.of(
                rule("§8.3.1 no :method", alone(fields(null, "http", "/h", "t"))),
                rule("§8.3.1 no :scheme", alone(fields("GET", null, "/h", "t"))),
                rule("§8.3.1 no :path", alone(fields("GET", "http", null, "t"))),
                rule("§8.3.1 empty :path", alone(fields("GET", "http", "", "t"))),
                rule("§8.3.1 :path not starting with /", alone(fields("GET", "http", "h", "t"))),
                rule("§8.3.1 :path * on a GET", alone(fields("GET", "http", "*", "t"))),
                rule("§8.3.1 :authority with userinfo", alone(fields("GET", "https", "/h", "u@t"))),
                rule("§8.3.1 no :method, its body behind", withBody("abc", fields(null, "http", "/h", "t"))),
                rule("§8.3 unknown pseudo-header", alone(get(":foo", "x"))),
                rule(
                        "§8.3 pseudo-header after a regular field",
                        alone(":method", "GET", "x-a", "1", ":scheme", "http", ":path", "/h")),
                rule("§8.3 duplicated :path", alone(get(":path", "/h"))),
                rule(
                        "§8.3 duplicated :method",
                        alone(":method", "GET", ":method", "GET", ":scheme", "http", ":path", "/h")),
                rule("§8.3 :status in a request", alone(get(":status", "200"))),
                rule("§8.3 :protocol without extended CONNECT (RFC 8441)", alone(get(":protocol", "websocket"))),
                rule("§8.5 CONNECT without :authority", alone(fields("CONNECT", null, null, null))),
                rule("§8.5 CONNECT with :scheme and :path", alone(fields("CONNECT", "http", "/h", "t:1"))),
                rule("§8.5 CONNECT with :path", alone(fields("CONNECT", null, "/h", "t:1"))),
                rule("§8.5 CONNECT to a host without port", alone(fields("CONNECT", null, null, "t"))),
                rule("§8.1 pseudo-header in trailers", withTrailers(":path", "/x")),
                rule(
                        "§8.1 a second HEADERS without END_STREAM",
                        H2Client.concat(
                                H2Client.frameBytes(
                                        H2Client.HEADERS,
                                        H2Client.END_HEADERS,
                                        1,
                                        H2Client.block(fields(post, "http", "/h", "t"))),
                                H2Client.frameBytes(
                                        H2Client.HEADERS, H2Client.END_HEADERS, 1, H2Client.block("x-t", "1")))),
                rule("§8.2.1 upper-case field name", alone(get("X-Upper", "1"))),
                rule("§8.2.1 space in a field name", alone(get("x a", "1"))),
                rule("§8.2.1 colon inside a field name", alone(get("x:a", "1"))),
                rule("§8.2.1 empty field name", alone(get("", "1"))),
                rule("§8.2.1 non-ASCII field name", alone(get("x-\u00e9", "1"))),
                rule("§8.2.1 CR in a field value", alone(get("x-a", "a\rb"))),
                rule("§8.2.1 LF in a field value", alone(get("x-a", "a\nb"))),
                rule("§8.2.1 NUL in a field value", alone(get("x-a", "a\0b"))),
                rule("§8.2.1 leading space in a value", alone(get("x-a", " a"))),
                rule("§8.2.1 leading tab in a value", alone(get("x-a", "\ta"))),
                rule("§8.2.1 trailing space in a value", alone(get("x-a", "a "))),
                rule("§8.2.1 trailing tab in a value", alone(get("x-a", "a\t"))),
                rule("§8.2.1 trailing space in :path", alone(fields("GET", "http", "/h ", "t"))),
                rule("§8.2.1 trailing space in :method", alone(fields("GET ", "http", "/h", "t"))),
                rule("§8.2.1 trailing space in a trailer value", withTrailers("x-t", "1 ")),
                rule(
                        "§8.2.1 upper-case name, its body behind",
                        withBody("abc", fields(post, "http", "/h", "t", "X-Upper", "1"))),
                rule("§8.2.2 connection", alone(get("connection", "keep-alive"))),
                rule("§8.2.2 keep-alive", alone(get("keep-alive", "timeout=5"))),
                rule("§8.2.2 proxy-connection", alone(get("proxy-connection", "close"))),
                rule(
                        "§8.2.2 transfer-encoding, its body behind",
                        withBody("abc", fields(post, "http", "/h", "t", "transfer-encoding", "chunked"))),
                rule("§8.2.2 upgrade", alone(get("upgrade", "h2c"))),
                rule("§8.2.2 te: gzip", alone(get("te", "gzip"))),
                rule("§8.2.2 te: trailers, gzip", alone(get("te", "trailers, gzip"))),
                rule(
                        "§8.1.1 content-length above the DATA sum",
                        withBody("abc", fields(post, "http", "/h", "t", "content-length", "5"))),
                rule(
                        "§8.1.1 content-length below the DATA sum",
                        withBody("abc", fields(post, "http", "/h", "t", "content-length", "2"))),
                rule(
                        "§8.1.1 content-length and no DATA",
                        alone(fields(post, "http", "/h", "t", "content-length", "3"))),
                rule(
                        "§8.1.1 content-length not a number",
                        withBody("abc", fields(post, "http", "/h", "t", "content-length", "x"))),
                rule(
                        "§8.1.1 two different content-lengths",
                        withBody(
                                "abc", fields(post, "http", "/h", "t", "content-length", "3", "content-length", "4"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void aMalformedRequestIsResetWithProtocolErrorItsHandlerDoesNotRunAndTheConnectionGoesOn(
            String rule, byte[] stream1) throws IOException {
        int handled = HANDLED.get();
        try (H2Client c = H2Client.connect(port)) {
            c.write(H2Client.concat(stream1, get3()));
            assertThat(c.response(1)).isEqualTo(new H2Client.Response(null, "", H2Client.PROTOCOL_ERROR));
            assertThat(c.response(3)).isEqualTo(new H2Client.Response("200", "ok", -1));
        }
        assertThat(HANDLED.get()).isEqualTo(handled);
    }

    static Stream<Arguments> valid() {
        return Stream.of(
                Arguments.of("§8.3.1 :path * on OPTIONS", alone(fields("OPTIONS", "http", "*", "t")), "404"),
                Arguments.of("§8.3.1 https and no :authority", alone(fields("GET", "https", "/h", null)), "200"),
                Arguments.of("§8.3.1 another scheme", alone(fields("GET", "foo", "/h", "t")), "200"),
                Arguments.of("§8.3.1 a query after the path", alone(fields("GET", "http", "/h?a=b", "t")), "200"),
                Arguments.of("§8.5 CONNECT to host:port", alone(fields("CONNECT", null, null, "t:443")), "501"),
                Arguments.of("§8.5 CONNECT to [v6]:port", alone(fields("CONNECT", null, null, "[::1]:443")), "501"),
                Arguments.of("§8.1 trailers", withTrailers("x-t", "1"), "200"),
                Arguments.of("§8.2.1 inner space and tab", alone(get("x-a", "a b\tc")), "200"),
                Arguments.of("§8.2.1 empty value", alone(get("x-a", "")), "200"),
                Arguments.of("§8.2.2 te: trailers", alone(get("te", "trailers")), "200"),
                Arguments.of(
                        "§8.1.1 content-length equal to the DATA sum",
                        withBody("abc", fields("POST", "http", "/h", "t", "content-length", "3")),
                        "200"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void theValidRequestNextToARuleIsAnswered(String rule, byte[] stream1, String status) throws IOException {
        try (H2Client c = H2Client.connect(port)) {
            c.write(H2Client.concat(stream1, get3()));
            H2Client.Response r = c.response(1);
            assertThat(r.status()).isEqualTo(status);
            assertThat(r.reset()).isEqualTo(-1);
            assertThat(c.response(3)).isEqualTo(new H2Client.Response("200", "ok", -1));
        }
    }

    private static byte[] get3() {
        return H2Client.frameBytes(
                H2Client.HEADERS,
                H2Client.END_HEADERS | H2Client.END_STREAM,
                3,
                H2Client.block(fields("GET", "http", "/health", "t")));
    }
}
