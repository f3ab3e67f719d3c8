package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.internal.ServerContext;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HttpConnectionTest {

    private static final String OK_RESPONSE =
            "HTTP/1.1 200 OK\r\n" + Embedded.DATE + "content-type: text/plain\r\ncontent-length: 2\r\n\r\nok";

    private static App app() {
        App app = App.create();
        app.get("/health", ctx -> ctx.contentType("text/plain").send("ok"));
        app.get("/users/:id", ctx -> ctx.send("user " + ctx.pathParam("id") + " q=" + ctx.queryParam("q")));
        app.post("/echo", ctx -> ctx.send(ctx.body().retain()));
        app.get("/missing", ctx -> {
            throw new HttpStatusException.NotFound("no such thing");
        });
        app.get("/boom", ctx -> {
            throw new IllegalStateException("secret detail");
        });
        app.get("/stream", ctx -> ctx.stream().write("hello ").write("world").end());
        app.get("/trailers", ctx -> {
            ctx.stream().write("hi");
            ctx.trailer("Grpc-Status", "0").trailer("x-digest", "d1").end();
        });
        app.get("/bad-trailer", ctx -> {
            ctx.stream().write("hi");
            try {
                ctx.trailer("Content-Length", "2");
            } catch (IllegalArgumentException refused) {
                ctx.write(" refused");
            }
            ctx.end();
        });
        return app;
    }

    @Test
    void answersWithExactBytes() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")).isEqualTo(OK_RESPONSE);
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderInOneFlush() {
        try (Embedded e = new Embedded(app())) {
            String r = e.exchange(
                    "GET /health HTTP/1.1\r\nHost: t\r\n\r\nGET /users/7?q=a%20b HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(r).startsWith(OK_RESPONSE).endsWith("user 7 q=a b");
        }
    }

    @Test
    void requestSplitAcrossReadsIsReassembled() {
        try (Embedded e = new Embedded(app())) {
            e.write("GET /hea");
            assertThat(e.read()).isEmpty();
            e.write("lth HTTP/1.1\r\nHo");
            e.write("st: t\r\n\r\n");
            assertThat(e.read()).isEqualTo(OK_RESPONSE);
        }
    }

    @Test
    void headForAGetRouteSendsTheHeadersOnly() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("HEAD /health HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .isEqualTo(OK_RESPONSE.substring(0, OK_RESPONSE.length() - 2));
        }
    }

    @Test
    void unknownPathIs404ProblemJsonAndTheConnectionStaysOpen() {
        try (Embedded e = new Embedded(app())) {
            String r = e.exchange("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(r)
                    .startsWith("HTTP/1.1 404 Not Found\r\n")
                    .contains("content-type: application/problem+json\r\n")
                    .endsWith("{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,"
                            + "\"detail\":\"no route for /nope\",\"instance\":\"/nope\"}");
            assertThat(e.exchange("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")).isEqualTo(OK_RESPONSE);
        }
    }

    @Test
    void wrongMethodIs405WithAllow() {
        try (Embedded e = new Embedded(app())) {
            String r = e.exchange("POST /health HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n");
            assertThat(r).startsWith("HTTP/1.1 405 Method Not Allowed\r\n").contains("allow: GET, HEAD, OPTIONS\r\n");
        }
    }

    @Test
    void anAllRouteImplementsEveryMethodButConnect() {
        App app = app();
        app.all("/dav/*rest", ctx -> ctx.send(ctx.method() + " " + ctx.pathParam("rest")));
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange("MKCOLA /dav/x HTTP/1.1\r\nHost: t\r\n\r\n")).endsWith("MKCOLA x");
            assertThat(e.exchange("MKCOLA /health HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .startsWith("HTTP/1.1 405 ")
                    .contains("allow: GET, HEAD, OPTIONS\r\n");
            assertThat(e.exchange("DELETE /nope HTTP/1.1\r\nHost: t\r\n\r\n")).startsWith("HTTP/1.1 404 ");
            assertThat(e.exchange("CONNECT /dav/x HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .startsWith("HTTP/1.1 501 ")
                    .contains("connection: close\r\n");
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void middlewareSeesAnUnimplementedMethodFirstAndMayAnswerIt() {
        App app = app();
        app.use(ctx -> {
            if (ctx.method().equals("PROPFIND")) {
                ctx.status(207).send("props");
            } else {
                ctx.next();
            }
        });
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange("PROPFIND /x HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .startsWith("HTTP/1.1 207 ")
                    .endsWith("props");
            assertThat(e.exchange("MKCOLA /x HTTP/1.1\r\nHost: t\r\n\r\n")).startsWith("HTTP/1.1 501 ");
        }
    }

    @Test
    void optionsIsAnsweredFromTheRouteTable() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("OPTIONS /health HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .isEqualTo("HTTP/1.1 204 No Content\r\n" + Embedded.DATE + "allow: GET, HEAD, OPTIONS\r\n\r\n");
        }
    }

    @Test
    void typedAndUncaughtExceptionsMapToProblemsWithoutKillingTheConnection() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("GET /missing HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .startsWith("HTTP/1.1 404 Not Found\r\n")
                    .contains("\"detail\":\"no such thing\"");
            String boom = e.exchange("GET /boom HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(boom)
                    .startsWith("HTTP/1.1 500 Internal Server Error\r\n")
                    .doesNotContain("secret detail");
            assertThat(e.exchange("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")).isEqualTo(OK_RESPONSE);
        }
    }

    @Test
    void smugglingAttemptIs400AndClose() {
        try (Embedded e = new Embedded(app())) {
            String r = e.exchange("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /health HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(r)
                    .startsWith("HTTP/1.1 400 Bad Request\r\n")
                    .contains("connection: close\r\n")
                    .contains("both Transfer-Encoding and Content-Length")
                    .doesNotContain("200 OK");
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void chunkedRequestBodyIsDecoded() {
        try (Embedded e = new Embedded(app())) {
            String r = e.exchange("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
            assertThat(r).endsWith("content-length: 5\r\n\r\nabcde");
        }
    }

    @Test
    void expectContinueGets100BeforeTheBody() {
        try (Embedded e = new Embedded(app())) {
            e.write("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n");
            assertThat(e.read()).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
            e.write("xyz");
            assertThat(e.read()).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nxyz");
        }
    }

    @Test
    void http10ClosesUnlessKeepAliveIsAsked() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"))
                    .contains("connection: keep-alive\r\n");
            assertThat(e.ch.isOpen()).isTrue();
            assertThat(e.exchange("GET /health HTTP/1.0\r\n\r\n")).contains("connection: close\r\n");
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void streamedResponseIsChunked() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .isEqualTo("HTTP/1.1 200 OK\r\n" + Embedded.DATE + "transfer-encoding: chunked\r\n\r\n"
                            + "6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n");
        }
    }

    @Test
    void trailersFollowTheLastChunkAndAreRefusedOutsideAStreamOrForFraming() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("GET /trailers HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .isEqualTo("HTTP/1.1 200 OK\r\n" + Embedded.DATE + "transfer-encoding: chunked\r\n\r\n"
                            + "2\r\nhi\r\n0\r\nGrpc-Status: 0\r\nx-digest: d1\r\n\r\n");
            // the next streamed response on the connection has none
            assertThat(e.exchange("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")).endsWith("0\r\n\r\n");
            assertThat(e.exchange("GET /bad-trailer HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .endsWith("2\r\nhi\r\n8\r\n refused\r\n0\r\n\r\n");
            // HEAD: no body, so no trailer section either
            assertThat(e.exchange("HEAD /trailers HTTP/1.1\r\nHost: t\r\n\r\n")).endsWith("chunked\r\n\r\n");
        }
    }

    @Test
    void handedOffRequestHoldsThePipelinedOnesBehindIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        App app = app();
        app.get("/slow", ctx -> {
            HandOff h = ctx.handOff();
            Thread.startVirtualThread(() -> {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                h.complete(c -> c.send("slow done"));
            });
        });
        try (Embedded e = new Embedded(app)) {
            e.write("GET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /health HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(e.read()).isEmpty();
            release.countDown();
            StringBuilder got = new StringBuilder();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!got.toString().endsWith("ok") && System.nanoTime() < deadline) {
                Thread.sleep(5);
                e.ch.runPendingTasks();
                got.append(e.read());
            }
            assertThat(got.toString())
                    .startsWith("HTTP/1.1 200 OK\r\n")
                    .contains("slow done")
                    .endsWith(OK_RESPONSE);
        }
    }

    /**
     * The graceful stop's drain reaching a connection whose request is handed off: it stays open for that answer,
     * which says {@code connection: close}, then closes. (GracefulStopTest does this on a real socket, where the
     * drain and the answer race.)
     */
    @Test
    void aDrainWhileARequestIsHandedOffClosesAfterItsAnswer() {
        java.util.concurrent.atomic.AtomicReference<HandOff> held = new java.util.concurrent.atomic.AtomicReference<>();
        App app = app();
        app.get("/held", ctx -> held.set(ctx.handOff()));
        try (Embedded e = new Embedded(app)) {
            e.write("GET /held HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(e.read()).isEmpty();
            e.ch.pipeline().fireUserEventTriggered(ServerContext.DRAIN);
            e.ch.runPendingTasks();
            assertThat(e.ch.isOpen()).as("kept open for the answer in flight").isTrue();
            assertThat(held.get().complete(c -> c.send("finished"))).isTrue();
            e.ch.runPendingTasks();
            assertThat(e.read())
                    .startsWith("HTTP/1.1 200 OK\r\n")
                    .contains("connection: close\r\n")
                    .endsWith("finished");
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void idleMidRequestIs408AndClose() {
        try (Embedded e = new Embedded(app())) {
            e.write("GET /health HTTP/1.1\r\nHo");
            e.ch.pipeline().fireUserEventTriggered(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
            assertThat(e.read()).startsWith("HTTP/1.1 408 Request Timeout\r\n");
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void clientTricklingAPartialRequestPastTheTimeoutGets408() {
        ServerConfig config =
                ServerConfig.defaults().withClock(() -> Embedded.NOW).withIdleTimeout(java.time.Duration.ofSeconds(10));
        MockTicker clock = Ticker.newMockTicker();
        try (Embedded e = new Embedded(app(), config, Transport.HTTP, clock)) {
            e.write("GET /health HTTP/1.1\r\n");
            e.advance(TimeUnit.SECONDS.toNanos(6));
            e.write("Host: t\r\n");
            e.advance(TimeUnit.SECONDS.toNanos(4) - 1);
            e.write("X-Slow: 1\r\n");
            assertThat(e.read()).as("a read 1 ns before the deadline").isEmpty();
            e.advance(1);
            e.write("X-Slow: 2\r\n");
            assertThat(e.read()).startsWith("HTTP/1.1 408 Request Timeout\r\n");
            assertThat(e.ch.isOpen()).isFalse();
        }
    }

    @Test
    void middlewareWrapsRoutesAndUnroutedRequests() {
        App app = app();
        app.use(ctx -> {
            ctx.header("x-mw", "1");
            ctx.next();
        });
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")).contains("x-mw: 1\r\n");
            assertThat(e.exchange("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n")).startsWith("HTTP/1.1 404");
        }
    }
}
