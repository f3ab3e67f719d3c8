package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** HTTP/1.1 request-line and framing conformance on an embedded connection, a table of requests and verdicts. */
class Http1ConformanceTest {

    private static final String OK_RESPONSE =
            "HTTP/1.1 200 OK\r\n" + Embedded.DATE + "content-type: text/plain\r\ncontent-length: 2\r\n\r\nok";

    private static final HeaderName HOST = HeaderName.of("host");

    private static App app() {
        App app = App.create();
        app.get("/health", ctx -> ctx.contentType("text/plain").send("ok"));
        app.post("/echo", ctx -> ctx.send(ctx.body().retain()));
        app.get("/", Http1ConformanceTest::where);
        app.get("/where", Http1ConformanceTest::where);
        return app;
    }

    /** What a handler sees of the target and the host. */
    private static void where(Ctx ctx) {
        ctx.send(ctx.method() + " target=" + ctx.target() + " path=" + ctx.path() + " q=" + ctx.queryParam("q")
                + " host=" + ctx.header("host") + " has-host=" + ctx.hasHeader(HOST)
                + " host-is-a=" + ctx.headerEquals(HOST, "a.test".getBytes(StandardCharsets.US_ASCII)));
    }

    /**
     * The cases an outside strict corpus turned up, each followed by a pipelined {@code GET /health} to show whether
     * the connection stays open: absolute-form targets are routed on their path with the authority as Host (RFC 9112
     * §3.2.2); a method no route implements is 501 (RFC 9110 §9.1), CONNECT too, then a close; a transfer coding we
     * do not implement is 501 and a close, whether the list is on one line or split (RFC 9112 §6.1).
     */
    static Stream<Arguments> conformance() {
        return Stream.of(
                open(
                        "absolute form",
                        "GET http://a.test/where?q=1 HTTP/1.1\r\nHost: a.test\r\n\r\n",
                        200,
                        "GET target=/where?q=1 path=/where q=1 host=a.test has-host=true host-is-a=true"),
                open(
                        "absolute form, Host ignored",
                        "GET http://a.test/where HTTP/1.1\r\nHost: other\r\n\r\n",
                        200,
                        "target=/where path=/where q=null host=a.test has-host=true host-is-a=true"),
                open(
                        "absolute form, upper-case https scheme, port",
                        "GET HTTPS://A.TEST:8443/where HTTP/1.1\r\nHost: x\r\n\r\n",
                        200,
                        "target=/where path=/where q=null host=A.TEST:8443 has-host=true host-is-a=false"),
                open(
                        "absolute form, no path",
                        "GET http://a.test HTTP/1.1\r\nHost: a.test\r\n\r\n",
                        200,
                        "target=/ path=/ q=null host=a.test"),
                open(
                        "absolute form, no path, query",
                        "GET http://a.test?q=2 HTTP/1.1\r\nHost: a.test\r\n\r\n",
                        200,
                        "target=/?q=2 path=/ q=2 host=a.test"),
                open(
                        "absolute form, HTTP/1.0 without Host",
                        "GET http://a.test/where HTTP/1.0\r\n" + "Connection: keep-alive\r\n\r\n",
                        200,
                        "host=a.test has-host=true"),
                open(
                        "absolute form, unknown path",
                        "GET http://a.test/nope HTTP/1.1\r\nHost: a.test\r\n\r\n",
                        404,
                        "\"detail\":\"no route for /nope\",\"instance\":\"/nope\""),
                open(
                        "extension method no route takes",
                        "MKCOLA /health HTTP/1.1\r\nHost: t\r\n\r\n",
                        501,
                        "\"detail\":\"method MKCOLA is not implemented\""),
                open(
                        "standard method no route takes",
                        "DELETE /health HTTP/1.1\r\nHost: t\r\n\r\n",
                        405,
                        "allow: GET, HEAD, OPTIONS\r\n"),
                open(
                        "registered method on a path without it",
                        "POST /health HTTP/1.1\r\nHost: t\r\n" + "Content-Length: 0\r\n\r\n",
                        405,
                        "allow: GET, HEAD, OPTIONS\r\n"),
                closed(
                        "CONNECT in authority form",
                        "CONNECT a.test:443 HTTP/1.1\r\nHost: a.test:443\r\n\r\n",
                        501,
                        "method CONNECT is not implemented"),
                closed(
                        "CONNECT in origin form",
                        "CONNECT /health HTTP/1.1\r\nHost: t\r\n\r\n",
                        501,
                        "method CONNECT is not implemented"),
                closed(
                        "transfer coding not implemented",
                        "POST /echo HTTP/1.1\r\nHost: t\r\n" + "Transfer-Encoding: deflate, chunked\r\n\r\n0\r\n\r\n",
                        501,
                        "are not implemented"),
                closed(
                        "transfer coding not implemented, split",
                        "POST /echo HTTP/1.1\r\nHost: t\r\n"
                                + "Transfer-Encoding: deflate\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                        501,
                        "are not implemented"),
                closed(
                        "chunked twice, split",
                        "POST /echo HTTP/1.1\r\nHost: t\r\n"
                                + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                        400,
                        "chunked is not the final transfer coding"),
                closed(
                        "absolute form with userinfo",
                        "GET http://u@a.test/where HTTP/1.1\r\nHost: a.test\r\n\r\n",
                        400,
                        "userinfo"),
                closed(
                        "absolute form with another scheme",
                        "GET ftp://a.test/where HTTP/1.1\r\nHost: a.test\r\n\r\n",
                        400,
                        "request target is not in origin"),
                closed(
                        "authority form with GET",
                        "GET a.test:443 HTTP/1.1\r\nHost: a.test\r\n\r\n",
                        400,
                        "request target is not in origin"));
    }

    private static Arguments open(String name, String request, int status, String contains) {
        return Arguments.of(name, request, status, contains, true);
    }

    private static Arguments closed(String name, String request, int status, String contains) {
        return Arguments.of(name, request, status, contains, false);
    }

    @ParameterizedTest(name = "{0} -> {2}, open {4}")
    @MethodSource("conformance")
    void conformanceCaseGetsItsStatusAndKeepsOrClosesTheConnection(
            String name, String request, int status, String contains, boolean open) {
        try (Embedded e = new Embedded(app())) {
            String r = e.exchange(request + "GET /health HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(r).startsWith("HTTP/1.1 " + status + " ").contains(contains);
            if (open) {
                assertThat(r).endsWith(OK_RESPONSE);
                assertThat(e.ch.isOpen()).isTrue();
            } else {
                assertThat(r).contains("connection: close\r\n").doesNotContain(OK_RESPONSE);
                assertThat(e.ch.isOpen()).isFalse();
            }
        }
    }
}
