package dev.zapline.server.middleware;

import static dev.zapline.server.middleware.Http.get;
import static dev.zapline.server.middleware.Http.head;
import static dev.zapline.server.middleware.Http.post;
import static dev.zapline.server.middleware.Http.problem;
import static dev.zapline.server.middleware.Http.request;
import static dev.zapline.server.middleware.Http.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import dev.zapline.server.Handler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Several middleware together: their order, group-level middleware, and unrouted requests. */
class MiddlewareChainTest {

    private final List<String> trace = new ArrayList<>();
    private final List<String> log = new ArrayList<>();

    private Handler step(String name) {
        return ctx -> {
            trace.add(name);
            ctx.next();
            trace.add("/" + name);
        };
    }

    @Test
    void appMiddlewareRunsInOrderAroundGroupMiddlewareAndForUnroutedRequestsOnly() {
        App app = App.create();
        app.use(step("a")).use(step("b"));
        app.group(
                "/g",
                g -> g.use(step("g")).get("/x", ctx -> {
                    trace.add("handler");
                    ctx.send("x");
                }));
        app.delete("/gone", ctx -> ctx.send("gone")); // DELETE is implemented, so DELETE /g/x is a 405
        try (Embedded e = new Embedded(app)) {
            e.exchange(get("/g/x"));
            assertThat(trace).containsExactly("a", "b", "g", "handler", "/g", "/b", "/a");
            trace.clear();
            assertThat(e.exchange(get("/g/nope"))).startsWith("HTTP/1.1 404 Not Found\r\n");
            assertThat(e.exchange(request("DELETE", "/g/x"))).startsWith("HTTP/1.1 405 Method Not Allowed\r\n");
            assertThat(trace).containsExactly("a", "b", "/b", "/a", "a", "b", "/b", "/a");
        }
    }

    private App shipped() {
        App app = App.create();
        app.use(AccessLog.to(line -> log.add(line.toString()), () -> 0L))
                .use(RequestId.withPrefix("n"))
                .use(Cors.allowOrigins("https://a.test"))
                .use(Recover.map(IllegalArgumentException.class, 400));
        app.get("/ok", ctx -> ctx.send("ok"));
        app.get("/bad", ctx -> {
            ctx.header("x-dropped", "1");
            throw new IllegalArgumentException("bad id");
        });
        app.post("/open", ctx -> ctx.send(ctx.body().retain()));
        app.group(
                "/api",
                api -> api.use(MaxBody.bytes(4))
                        .use(Timeout.after(Duration.ofSeconds(1)))
                        .post("/echo", ctx -> ctx.send(ctx.body().retain())));
        return app;
    }

    private static final String ID = "x-request-id: r";
    private static final String ORIGIN = "origin: https://a.test";
    private static final String[] CORS = {"vary: origin", "access-control-allow-origin: https://a.test"};

    @Test
    void shippedMiddlewareHeadersComeInUseOrderAndSurviveErrors() {
        try (Embedded e = new Embedded(shipped())) {
            String out = e.exchange(get("/ok", ID, ORIGIN)
                    + get("/bad", ID, ORIGIN)
                    + get("/nope", ID, ORIGIN)
                    + request("POST", "/ok", ID, ORIGIN));
            assertThat(out)
                    .isEqualTo(text(200, "OK", "ok", "x-request-id: r", CORS[0], CORS[1])
                            + problem(400, "Bad Request", "bad id", "/bad", "x-request-id: r", CORS[0], CORS[1])
                            + problem(
                                    404,
                                    "Not Found",
                                    "no route for /nope",
                                    "/nope",
                                    "x-request-id: r",
                                    CORS[0],
                                    CORS[1])
                            + problem(
                                    405,
                                    "Method Not Allowed",
                                    "method POST is not allowed on /ok",
                                    "/ok",
                                    "x-request-id: r",
                                    CORS[0],
                                    CORS[1],
                                    "allow: GET, HEAD, OPTIONS"));
            assertThat(log)
                    .extracting(l -> l.replaceFirst("^(\\S+ \\S+ \\d+) \\d+ (.*)$", "$1 $2"))
                    .containsExactly(
                            "GET /ok 200 0us embedded r",
                            "GET /bad 400 0us embedded r",
                            "GET /nope 404 0us embedded r",
                            "POST /ok 405 0us embedded r");
        }
    }

    @Test
    void groupMiddlewareAppliesOnlyToItsRoutes() {
        try (Embedded e = new Embedded(shipped())) {
            String out = e.exchange(
                    postWithId("/api/echo", "abcd") + postWithId("/api/echo", "abcde") + postWithId("/open", "abcde"));
            assertThat(out)
                    .isEqualTo(head(200, "OK", ID, "vary: origin") + "content-length: 4\r\n\r\nabcd"
                            + problem(
                                    413,
                                    "Request Entity Too Large",
                                    "request body of 5 bytes is over this route's limit of 4" + " bytes",
                                    "/api/echo",
                                    ID,
                                    "vary: origin")
                            + head(200, "OK", ID, "vary: origin") + "content-length: 5\r\n\r\nabcde");
        }
    }

    private static String postWithId(String path, String body) {
        return post(path, body).replace("host: t\r\n", "host: t\r\n" + ID + "\r\n");
    }
}
