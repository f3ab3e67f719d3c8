package dev.zapline.server.middleware;

import static dev.zapline.server.middleware.Http.get;
import static dev.zapline.server.middleware.Http.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import dev.zapline.server.HandOff;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A manual nano clock: handlers advance it to stand for the time they take. */
class AccessLogTest {

    private final List<String> lines = new ArrayList<>();
    private long now = 1_000_000_000L;
    private final AtomicReference<HandOff> pending = new AtomicReference<>();

    private App app() {
        App app = App.create();
        app.use(AccessLog.to(line -> lines.add(line.toString()), () -> now));
        app.get("/users/:id", ctx -> {
            now += 153_400;
            ctx.send("user " + ctx.pathParam("id"));
        });
        app.get("/boom", ctx -> {
            now += 2_000;
            throw new IllegalStateException("boom");
        });
        app.get("/stream", ctx -> ctx.stream().write("a").write("b").end());
        app.get("/later", ctx -> pending.set(ctx.handOff()));
        return app;
    }

    @Test
    void logsOneLinePerRequestOnceItsResponseIsComplete() {
        try (Embedded e = new Embedded(app())) {
            e.exchange(get("/users/7?secret=1")
                    + get("/boom")
                    + get("/nope")
                    + request("DELETE", "/users/7")
                    + request("HEAD", "/users/42")
                    + get("/stream"));
            assertThat(lines)
                    .containsExactly(
                            "GET /users/7 200 6 153us embedded",
                            "GET /boom 500 "
                                    + problemLength(
                                            500,
                                            "Internal Server Error",
                                            "the server could not complete the request",
                                            "/boom")
                                    + " 2us embedded",
                            "GET /nope 404 " + problemLength(404, "Not Found", "no route for /nope", "/nope")
                                    + " 0us embedded",
                            "DELETE /users/7 405 "
                                    + problemLength(
                                            405,
                                            "Method Not Allowed",
                                            "method DELETE is not allowed on /users/7",
                                            "/users/7")
                                    + " 0us embedded",
                            "HEAD /users/42 200 7 153us embedded",
                            "GET /stream 200 - 0us embedded");
        }
    }

    @Test
    void aHandedOffRequestIsLoggedWhenItCompletes() {
        try (Embedded e = new Embedded(app())) {
            e.write(get("/later"));
            assertThat(lines).isEmpty();
            now += 5_000_000;
            pending.get().complete(ctx -> ctx.status(201).send("made"));
            e.ch.runPendingTasks();
            assertThat(e.read()).startsWith("HTTP/1.1 201 Created\r\n");
            assertThat(lines).containsExactly("GET /later 201 4 5000us embedded");
        }
    }

    @Test
    void includesTheRequestIdWhenRequestIdRunsAfterIt() {
        App app = app();
        app.use(RequestId.withPrefix("n"));
        try (Embedded e = new Embedded(app)) {
            e.exchange(get("/users/7", "x-request-id: abc") + get("/nope", "x-request-id: def"));
            assertThat(lines)
                    .containsExactly(
                            "GET /users/7 200 6 153us embedded abc",
                            "GET /nope 404 " + problemLength(404, "Not Found", "no route for /nope", "/nope")
                                    + " 0us embedded def");
        }
    }

    @Test
    void isOffUnlessUsed() {
        App app = App.create();
        app.get("/x", ctx -> ctx.send("x"));
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange(get("/x"))).startsWith("HTTP/1.1 200 OK\r\n");
            assertThat(lines).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}:{1} -> {2}")
    @CsvSource({"127.0.0.1, 5555, 127.0.0.1:5555", "::1, 80, [0:0:0:0:0:0:0:1]:80", "10.1.2.3, 0, 10.1.2.3:0"})
    void formatsThePeerAddressWithoutALookup(String ip, int port, String expected) throws Exception {
        assertThat(AccessLog.address(new InetSocketAddress(InetAddress.getByName(ip), port)))
                .isEqualTo(expected);
    }

    private static int problemLength(int status, String reason, String detail, String path) {
        String response = Http.problem(status, reason, detail, path);
        return response.length() - response.indexOf("\r\n\r\n") - 4;
    }
}
