package dev.zapline.server.middleware;

import static dev.zapline.server.middleware.Http.get;
import static dev.zapline.server.middleware.Http.problem;
import static dev.zapline.server.middleware.Http.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestIdTest {

    private static final Pattern GENERATED = Pattern.compile("x-request-id: (node7-([0-9a-f]+))\r\n");

    private static App app() {
        App app = App.create();
        app.use(RequestId.withPrefix("node7"));
        app.get("/id", ctx -> ctx.send("id=" + RequestId.of(ctx)));
        app.get("/boom", ctx -> {
            throw new IllegalStateException("boom");
        });
        return app;
    }

    @Test
    void reusesAValidIncomingIdAndShowsItToTheHandler() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange(get("/id", "X-Request-Id: abc-123")))
                    .isEqualTo(text(200, "OK", "id=abc-123", "x-request-id: abc-123"));
        }
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(
            strings = {
                "a",
                "~!#$%&'*+-.^_`|",
                "0123456789012345678901234567890123456789012345678901234567890123"
                        + "0123456789012345678901234567890123456789012345678901234567890123"
            })
    void reusesIncomingIdsOfOneTo128VisibleAsciiBytes(String id) {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange(get("/id", "x-request-id: " + id)))
                    .contains("x-request-id: " + id + "\r\n")
                    .endsWith("id=" + id);
        }
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(
            strings = {
                "",
                "has space",
                "tab\there",
                "caf\u00e9",
                "0123456789012345678901234567890123456789012345678901234567890123"
                        + "0123456789012345678901234567890123456789"
                        + "0123456789012345678901234"
            })
    void replacesInvalidIncomingIds(String id) {
        try (Embedded e = new Embedded(app())) {
            String out = e.exchange(get("/id", "x-request-id: " + id));
            Matcher m = GENERATED.matcher(out);
            assertThat(m.find()).as(out).isTrue();
            assertThat(out).endsWith("id=" + m.group(1));
        }
    }

    @Test
    void generatesConsecutiveIdsWhenNoneIsSent() {
        try (Embedded e = new Embedded(app())) {
            String out = e.exchange(get("/id") + get("/id"));
            Matcher m = GENERATED.matcher(out);
            assertThat(m.find()).isTrue();
            long first = Long.parseLong(m.group(2), 16);
            assertThat(out).startsWith(text(200, "OK", "id=" + m.group(1), "x-request-id: " + m.group(1)));
            assertThat(m.find()).isTrue();
            assertThat(Long.parseLong(m.group(2), 16)).isGreaterThan(first);
        }
    }

    @Test
    void theDefaultPrefixIsRandomPerJvm() {
        App app = App.create();
        app.use(RequestId.create());
        app.get("/id", ctx -> ctx.send(RequestId.of(ctx).toString()));
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange(get("/id"))).containsPattern("x-request-id: [0-9a-z]{12}-[0-9a-f]+\r\n");
        }
    }

    @Test
    void theIdIsKeptOnErrorResponses() {
        try (Embedded e = new Embedded(app())) {
            assertThat(e.exchange(get("/boom", "x-request-id: r1") + get("/nope", "x-request-id: r2")))
                    .isEqualTo(problem(
                                    500,
                                    "Internal Server Error",
                                    "the server could not complete the request",
                                    "/boom",
                                    "x-request-id: r1")
                            + problem(404, "Not Found", "no route for /nope", "/nope", "x-request-id: r2"));
        }
    }

    @Test
    void anIdDoesNotCarryOverToTheConnectionsNextRequest() {
        App app = App.create();
        app.group(
                "/with", g -> g.use(RequestId.withPrefix("n")).get("/id", ctx -> ctx.send("id=" + RequestId.of(ctx))));
        app.get("/without", ctx -> ctx.send("id=" + RequestId.of(ctx)));
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange(get("/with/id", "x-request-id: abc") + get("/without")))
                    .isEqualTo(text(200, "OK", "id=abc", "x-request-id: abc") + text(200, "OK", "id=null"));
        }
    }

    @Test
    void handlersWithoutTheMiddlewareSeeNoId() {
        App app = App.create();
        app.get("/id", ctx -> ctx.send("id=" + RequestId.of(ctx)));
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange(get("/id", "x-request-id: abc"))).endsWith("id=null");
        }
    }

    @Test
    void refusesABadPrefix() {
        for (String prefix : new String[] {"", "a b", "x".repeat(112)}) {
            assertThatThrownBy(() -> RequestId.withPrefix(prefix))
                    .as(prefix)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void takesThe111CharacterPrefixWhoseIdsStillFitTheLongestReusedOne() {
        String prefix = "x".repeat(111);
        App app = App.create();
        app.use(RequestId.withPrefix(prefix));
        app.get("/id", ctx -> ctx.send("id=" + RequestId.of(ctx)));
        try (Embedded e = new Embedded(app)) {
            String out = e.exchange(get("/id"));
            Matcher m = Pattern.compile("x-request-id: (" + prefix + "-[0-9a-f]{1,16})\r\n")
                    .matcher(out);
            assertThat(m.find()).as(out).isTrue();
            assertThat(m.group(1).length()).isLessThanOrEqualTo(RequestId.MAX_LENGTH);
            assertThat(out).endsWith("id=" + m.group(1));
        }
    }
}
