package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.ZapFrames.Frame;
import dev.zapline.wire.ConformanceVectors;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ZapConnectionTest {

    private static App app() {
        App app = App.create();
        app.get("/health", ctx -> ctx.contentType("text/plain").send("ok"));
        app.post(
                "/v1/blocks",
                ctx -> ctx.status(201)
                        .header("x-trace-id", ctx.header("X-Trace-Id"))
                        .send(ctx.transport() + " " + ctx.queryParam("height") + " " + ctx.bodyAsString()));
        app.get("/stream", ctx -> ctx.stream().write("a").write("bc").end());
        app.get("/trailers", ctx -> {
            ctx.stream().write("a");
            ctx.trailer("Grpc-Status", "0").trailer("x-digest", "d1").end();
        });
        app.get("/boom", ctx -> {
            throw new HttpStatusException.Conflict("taken");
        });
        app.get("/", ZapConnectionTest::where);
        app.get("/where", ZapConnectionTest::where);
        return app;
    }

    private static final HeaderName HOST = HeaderName.of("host");

    /** What a handler sees of the target and the host. */
    private static void where(Ctx ctx) {
        byte[] copy = new byte[32];
        int n = ctx.copyHeader(HOST, copy, 0);
        ctx.send("target=" + ctx.target() + " path=" + ctx.path() + " q=" + ctx.queryParam("q") + " host="
                + ctx.header("host") + " copied=" + (n < 0 ? "-" : new String(copy, 0, n, StandardCharsets.US_ASCII))
                + " host-is-a=" + ctx.headerEquals(HOST, "a.test".getBytes(StandardCharsets.US_ASCII)));
    }

    /**
     * The zaphttp target carries the request-target as sent (Go's RequestURI): an absolute-form one is routed as on
     * HTTP/1.1, by its path, with its authority answering for Host; a method no route implements and CONNECT get 501.
     * A frame delimits every request, so the connection stays open after each.
     */
    static Stream<Arguments> targets() {
        return Stream.of(
                Arguments.of("GET", "/where?q=1", 200, "target=/where?q=1 path=/where q=1 host=a.test copied=a.test"),
                Arguments.of(
                        "GET",
                        "http://a.test/where?q=1",
                        200,
                        "target=/where?q=1 path=/where q=1 host=a.test copied=a.test host-is-a=true"),
                Arguments.of(
                        "GET",
                        "HTTPS://b.test:8443/where",
                        200,
                        "target=/where path=/where q=null host=b.test:8443 copied=b.test:8443 host-is-a=false"),
                Arguments.of("GET", "http://b.test", 200, "target=/ path=/ q=null host=b.test copied=b.test"),
                Arguments.of("GET", "http://b.test?q=2", 200, "target=/?q=2 path=/ q=2 host=b.test"),
                Arguments.of("GET", "http://b.test/nope", 404, "\"instance\":\"/nope\""),
                Arguments.of("MKCOLA", "/where", 501, "method MKCOLA is not implemented"),
                Arguments.of("CONNECT", "a.test:443", 501, "method CONNECT is not implemented"),
                Arguments.of("CONNECT", "/where", 501, "method CONNECT is not implemented"));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @MethodSource("targets")
    void targetIsRoutedAsOnHttp(String method, String target, int status, String body) {
        try (Embedded e = zap(app())) {
            e.write(ZapFrames.concat(
                    ZapFrames.request(method, target, "", "Host", "a.test"), ZapFrames.request("GET", "/health", "")));
            List<Frame> frames = ZapFrames.read(e.readBytes());
            assertThat(frames).extracting(Frame::status).containsExactly(status, 200);
            assertThat(frames.get(0).body()).contains(body);
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    private static Embedded zap(App app) {
        return new Embedded(
                app, ServerConfig.defaults().withClock(() -> Embedded.NOW).withMaxFrame(1024), Transport.ZAP);
    }

    @Test
    void sameHandlersAnswerOverZapFrames() {
        try (Embedded e = zap(app())) {
            e.write(ZapFrames.request("GET", "/health", ""));
            assertThat(ZapFrames.read(e.readBytes()))
                    .containsExactly(new Frame(2, 200, List.of("content-type: text/plain"), "ok"));
        }
    }

    @Test
    void sharedRequestVectorIsRoutedWithItsHeadersQueryAndBody() {
        byte[] vector = ConformanceVectors.named("zaphttp-request").bytes();
        try (Embedded e = zap(app())) {
            e.write(ZapFrames.frame(vector));
            List<Frame> frames = ZapFrames.read(e.readBytes());
            assertThat(frames).hasSize(1);
            assertThat(frames.get(0).status()).isEqualTo(201);
            assertThat(frames.get(0).headers())
                    .containsExactly("x-trace-id: abc-123", "content-type: text/plain; charset=utf-8");
            assertThat(frames.get(0).body()).isEqualTo("ZAP 42 {\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\"}");
        }
    }

    @Test
    void pipelinedAndSplitFramesAreAnsweredInOrder() {
        byte[] two = ZapFrames.concat(ZapFrames.request("GET", "/health", ""), ZapFrames.request("GET", "/nope", ""));
        try (Embedded e = zap(app())) {
            for (int i = 0; i < two.length; i += 7) {
                e.write(Arrays.copyOfRange(two, i, Math.min(two.length, i + 7)));
            }
            List<Frame> frames = ZapFrames.read(e.readBytes());
            assertThat(frames).extracting(Frame::status).containsExactly(200, 404);
            assertThat(frames.get(1).headers()).containsExactly("content-type: application/problem+json");
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    @Test
    void streamedResponseIsHeadDataEndFrames() {
        try (Embedded e = zap(app())) {
            e.write(ZapFrames.request("GET", "/stream", ""));
            assertThat(ZapFrames.read(e.readBytes()))
                    .extracting(Frame::type, Frame::body)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(3, ""),
                            org.assertj.core.groups.Tuple.tuple(4, "a"),
                            org.assertj.core.groups.Tuple.tuple(4, "bc"),
                            org.assertj.core.groups.Tuple.tuple(5, ""));
        }
    }

    @Test
    void trailersGoInTheEndFrame() {
        try (Embedded e = zap(app())) {
            e.write(ZapFrames.request("GET", "/trailers", ""));
            List<Frame> frames = ZapFrames.read(e.readBytes());
            assertThat(frames).extracting(Frame::type).containsExactly(3, 4, 5);
            assertThat(frames.get(2).headers()).containsExactly("Grpc-Status: 0", "x-digest: d1");
            e.write(ZapFrames.request("GET", "/stream", ""));
            assertThat(ZapFrames.read(e.readBytes()).get(3).headers())
                    .as("none on the next response")
                    .isEmpty();
        }
    }

    @Test
    void typedErrorBecomesAProblemResponseFrame() {
        try (Embedded e = zap(app())) {
            e.write(ZapFrames.request("GET", "/boom", ""));
            Frame f = ZapFrames.read(e.readBytes()).get(0);
            assertThat(f.status()).isEqualTo(409);
            assertThat(f.body()).contains("\"detail\":\"taken\"");
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    private static void assertRefused(byte[] input, String detail) {
        try (Embedded e = zap(app())) {
            e.write(input);
            List<Frame> frames = ZapFrames.read(e.readBytes());
            assertThat(frames).hasSize(1);
            assertThat(frames.get(0).status()).isEqualTo(400);
            assertThat(frames.get(0).body()).contains(detail);
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void malformedFrameAfterAnsweredOnesInTheSameReadKeepsTheirResponses() {
        byte[] bad = ZapFrames.request("GET", "/health", "");
        bad[4] = 'X';
        try (Embedded e = zap(app())) {
            e.write(ZapFrames.concat(ZapFrames.request("GET", "/health", ""), bad));
            List<Frame> frames = ZapFrames.read(e.readBytes());
            assertThat(frames).extracting(Frame::status).containsExactly(200, 400);
            assertThat(frames.get(1).headers()).containsExactly("content-type: application/problem+json");
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void zeroLengthFrameIs400AndClose() {
        assertRefused(new byte[4], "zero-length frame");
    }

    @Test
    void oversizedFrameIsRefusedBeforeItsBytesArrive() {
        assertRefused(ByteBuffer.allocate(4).putInt(5000).array(), "frame of 5000 bytes exceeds the limit of 1024");
    }

    @Test
    void badMagicIs400AndClose() {
        byte[] f = ZapFrames.request("GET", "/health", "");
        f[4] = 'X';
        assertRefused(f, "bad magic");
    }

    @Test
    void responseFrameSentAsARequestIs400() {
        assertRefused(
                ZapFrames.frame(ConformanceVectors.named("zaphttp-response").bytes()), "expected 1 (request)");
    }

    @Test
    void targetMustBeAnAbsolutePath() {
        assertRefused(ZapFrames.request("GET", "health", ""), "absolute path");
    }
}
