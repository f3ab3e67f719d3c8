package dev.zapline.server.middleware;

import static dev.zapline.server.middleware.Http.head;
import static dev.zapline.server.middleware.Http.problem;
import static dev.zapline.server.middleware.Http.request;
import static dev.zapline.server.middleware.Http.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CorsTest {

    private static final Cors LIST = Cors.allowOrigins("https://a.test", "https://b.test:8443")
            .allowMethods("GET", "POST")
            .allowHeaders("Content-Type", "X-Token")
            .exposeHeaders("x-request-id")
            .maxAge(Duration.ofMinutes(10));
    private static final Cors ANY = Cors.allowAnyOrigin();
    private static final Cors ANY_WITH_CREDENTIALS = Cors.allowAnyOrigin().allowCredentials();

    private static final String VARY = "vary: origin";
    private static final String PREFLIGHT = "access-control-request-method: POST";
    private static final String ROUTE_OPTIONS = "allow: GET, HEAD, OPTIONS\r\n\r\n";

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of(
                        "listed origin, simple request",
                        LIST,
                        "GET",
                        "/r",
                        new String[] {"origin: https://a.test"},
                        text(
                                200,
                                "OK",
                                "ok",
                                VARY,
                                "access-control-allow-origin: https://a.test",
                                "access-control-expose-headers: x-request-id")),
                Arguments.of(
                        "second listed origin",
                        LIST,
                        "GET",
                        "/r",
                        new String[] {"origin: https://b.test:8443"},
                        text(
                                200,
                                "OK",
                                "ok",
                                VARY,
                                "access-control-allow-origin: https://b.test:8443",
                                "access-control-expose-headers: x-request-id")),
                Arguments.of(
                        "unlisted origin",
                        LIST,
                        "GET",
                        "/r",
                        new String[] {"origin: https://evil.test"},
                        text(200, "OK", "ok", VARY)),
                Arguments.of(
                        "listed origin as a prefix",
                        LIST,
                        "GET",
                        "/r",
                        new String[] {"origin: https://a.test.evil"},
                        text(200, "OK", "ok", VARY)),
                Arguments.of(
                        "origin differing in case",
                        LIST,
                        "GET",
                        "/r",
                        new String[] {"origin: https://A.test"},
                        text(200, "OK", "ok", VARY)),
                Arguments.of("no origin", LIST, "GET", "/r", new String[0], text(200, "OK", "ok", VARY)),
                Arguments.of(
                        "listed origin, preflight",
                        LIST,
                        "OPTIONS",
                        "/r",
                        new String[] {"origin: https://a.test", PREFLIGHT, "access-control-request-headers: x-token"},
                        head(
                                        204,
                                        "No Content",
                                        VARY,
                                        "access-control-allow-origin: https://a.test",
                                        "access-control-allow-methods: GET, POST",
                                        "access-control-allow-headers: content-type, x-token",
                                        "access-control-max-age: 600")
                                + "\r\n"),
                Arguments.of(
                        "preflight for an unrouted path",
                        LIST,
                        "OPTIONS",
                        "/nope",
                        new String[] {"origin: https://a.test", PREFLIGHT},
                        head(
                                        204,
                                        "No Content",
                                        VARY,
                                        "access-control-allow-origin: https://a.test",
                                        "access-control-allow-methods: GET, POST",
                                        "access-control-allow-headers: content-type, x-token",
                                        "access-control-max-age: 600")
                                + "\r\n"),
                Arguments.of(
                        "unlisted origin, preflight goes to the route table",
                        LIST,
                        "OPTIONS",
                        "/r",
                        new String[] {"origin: https://evil.test", PREFLIGHT},
                        head(204, "No Content", VARY) + ROUTE_OPTIONS),
                Arguments.of(
                        "OPTIONS without a requested method is not a preflight",
                        LIST,
                        "OPTIONS",
                        "/r",
                        new String[] {"origin: https://a.test"},
                        head(
                                        204,
                                        "No Content",
                                        VARY,
                                        "access-control-allow-origin: https://a.test",
                                        "access-control-expose-headers: x-request-id")
                                + ROUTE_OPTIONS),
                Arguments.of(
                        "listed origin, 404 keeps the headers",
                        LIST,
                        "GET",
                        "/nope",
                        new String[] {"origin: https://a.test"},
                        problem(
                                404,
                                "Not Found",
                                "no route for /nope",
                                "/nope",
                                VARY,
                                "access-control-allow-origin: https://a.test",
                                "access-control-expose-headers: x-request-id")),
                Arguments.of(
                        "any origin, simple request",
                        ANY,
                        "GET",
                        "/r",
                        new String[] {"origin: https://x.test"},
                        text(200, "OK", "ok", "access-control-allow-origin: *")),
                Arguments.of("any origin, no origin", ANY, "GET", "/r", new String[0], text(200, "OK", "ok")),
                Arguments.of(
                        "any origin, preflight with the defaults",
                        ANY,
                        "OPTIONS",
                        "/r",
                        new String[] {"origin: https://x.test", PREFLIGHT},
                        head(
                                        204,
                                        "No Content",
                                        "access-control-allow-origin: *",
                                        "access-control-allow-methods: GET, HEAD, PUT, PATCH, POST, DELETE")
                                + "\r\n"),
                Arguments.of(
                        "any origin with credentials echoes the origin",
                        ANY_WITH_CREDENTIALS,
                        "GET",
                        "/r",
                        new String[] {"origin: https://x.test"},
                        text(
                                200,
                                "OK",
                                "ok",
                                VARY,
                                "access-control-allow-origin: https://x.test",
                                "access-control-allow-credentials: true")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void answers(String name, Cors cors, String method, String path, String[] headers, String expected) {
        int[] routeRuns = {0};
        App app = App.create();
        app.use(cors);
        app.get("/r", ctx -> {
            routeRuns[0]++;
            ctx.send("ok");
        });
        try (Embedded e = new Embedded(app)) {
            assertThat(e.exchange(request(method, path, headers))).isEqualTo(expected);
            assertThat(routeRuns[0]).isEqualTo(method.equals("GET") && path.equals("/r") ? 1 : 0);
        }
    }

    @Test
    void refusesMisconfiguration() {
        assertThatThrownBy(Cors::allowOrigins).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Cors.allowOrigins("*")).hasMessageContaining("allowAnyOrigin");
        assertThatThrownBy(() -> Cors.allowOrigins("https://a.test\r\nx: y"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ANY.allowHeaders("x, y")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(ANY::allowMethods).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ANY.maxAge(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }
}
