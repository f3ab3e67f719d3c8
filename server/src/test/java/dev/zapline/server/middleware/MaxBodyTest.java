package dev.zapline.server.middleware;

import static dev.zapline.server.middleware.Http.head;
import static dev.zapline.server.middleware.Http.post;
import static dev.zapline.server.middleware.Http.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import dev.zapline.server.Handler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MaxBodyTest {

    private static final Handler ECHO = ctx -> ctx.send(ctx.body().retain());

    private static App app() {
        App app = App.create();
        app.post("/small", MaxBody.bytes(4), ECHO);
        app.post("/free", ECHO);
        app.group("/g", g -> g.use(MaxBody.bytes(8)).post("/echo", ECHO));
        return app;
    }

    private static String echoed(String body) {
        return head(200, "OK") + "content-length: " + body.length() + "\r\n\r\n" + body;
    }

    private static String tooLarge(String path, int length, int limit) {
        return problem(
                413,
                "Request Entity Too Large",
                "request body of " + length + " bytes is over this route's " + "limit of " + limit + " bytes",
                path);
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource({
        "/small, '', true",
        "/small, abcd, true",
        "/small, abcde, false",
        "/g/echo, abcdefgh, true",
        "/g/echo, abcdefghi, false",
        "/free, abcdefghijklmnop, true"
    })
    void limitsTheBodyOfARouteOrGroup(String path, String body, boolean accepted) {
        try (Embedded e = new Embedded(app())) {
            int limit = path.equals("/small") ? 4 : 8;
            assertThat(e.exchange(post(path, body)))
                    .isEqualTo(accepted ? echoed(body) : tooLarge(path, body.length(), limit));
        }
    }

    @Test
    void limitsAChunkedBodyByItsDecodedSize() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange("POST /small HTTP/1.1\r\nhost: t\r\ntransfer-encoding: chunked\r\n\r\n"
                            + "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"))
                    .isEqualTo(tooLarge("/small", 5, 4));
        }
    }

    @Test
    void theConnectionStaysUsableAfterA413() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange(post("/small", "abcdef") + post("/small", "ab")))
                    .isEqualTo(tooLarge("/small", 6, 4) + echoed("ab"));
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    @Test
    void refusesANegativeLimit() {
        assertThatThrownBy(() -> MaxBody.bytes(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }

    @AfterAll
    static void leaksNothing() {
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }
}
