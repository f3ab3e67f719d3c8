package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RouterConflictTest {

    /** Route registered first, route rejected after it; the message must name both. */
    static Stream<Arguments> clashes() {
        return Stream.of(
                Arguments.of("GET /a", "GET /a"),
                Arguments.of("GET /", "GET /"),
                Arguments.of("GET /a/", "GET /a/"),
                Arguments.of("ALL /a", "ALL /a"),
                Arguments.of("GET /u/:id", "GET /u/:id"),
                Arguments.of("GET /s/*path", "GET /s/*path"),
                Arguments.of("GET /u/:id", "GET /u/:name"),
                Arguments.of("GET /u/:id", "POST /u/:name"),
                Arguments.of("ALL /u/:id", "DELETE /u/:name"),
                Arguments.of("GET /u/:id/a", "GET /u/:name/b"),
                Arguments.of("GET /u/:id", "GET /u/:name/b"),
                Arguments.of("GET /:x", "PUT /:y/z"),
                Arguments.of("GET /s/*path", "GET /s/*file"),
                Arguments.of("GET /v/:t/*rest", "HEAD /v/:t/*all"));
    }

    @ParameterizedTest(name = "{0} then {1}")
    @MethodSource("clashes")
    void rejectsClashNamingBothRoutes(String first, String second) {
        RouterBuilder<String> b = Router.builder();
        add(b, first);
        assertThatThrownBy(() -> add(b, second))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + first + "'")
                .hasMessageContaining("'" + second + "'");
    }

    /** Pattern, a fragment of the expected message besides the pattern itself. */
    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("", "must start with '/'"),
                Arguments.of("users", "must start with '/'"),
                Arguments.of("*", "must start with '/'"),
                Arguments.of("//", "empty segment"),
                Arguments.of("/a//b", "empty segment"),
                Arguments.of("/a//", "empty segment"),
                Arguments.of("/u/:", "empty parameter name"),
                Arguments.of("/u/:/x", "empty parameter name"),
                Arguments.of("/s/*", "empty wildcard name"),
                Arguments.of("/s/*rest/x", "must be the last segment"),
                Arguments.of("/s/*rest/", "must be the last segment"),
                Arguments.of("/:a/:a", "used twice"),
                Arguments.of("/:a/*a", "used twice"),
                Arguments.of("/a?b=1", "'?' or '#'"),
                Arguments.of("/a#top", "'?' or '#'"));
    }

    @ParameterizedTest(name = "''{0}''")
    @MethodSource("malformed")
    void rejectsMalformedPatternNamingIt(String pattern, String reason) {
        assertThatThrownBy(() -> Router.<String>builder().get(pattern, "h"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + pattern + "'")
                .hasMessageContaining(reason);
    }

    @Test
    void acceptsPatternsThatOnlyLookAlike() {
        assertThatCode(() -> Router.<String>builder()
                        .get("/a", "1")
                        .get("/a/", "2")
                        .post("/a", "3")
                        .all("/a", "4")
                        .get("/u/:id", "5")
                        .get("/u/*rest", "6")
                        .get("/u/new", "7")
                        .get("/u/:id/x", "8")
                        .get("/v/:id", "9")
                        .get("/w/:name", "10")
                        .get("/x:y/*z", "11")
                        .get("/b*", "12")
                        .build())
                .doesNotThrowAnyException();
    }

    @Test
    void rejectsPseudoMethodsAndNullHandlers() {
        RouterBuilder<String> b = Router.builder();
        assertThatThrownBy(() -> b.route(Method.OTHER, "/a", "h"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("7")
                .hasMessageContaining("/a");
        assertThatThrownBy(() -> b.route(-1, "/a", "h")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.get("/a", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GET '/a'");
    }

    private static void add(RouterBuilder<String> b, String route) {
        int space = route.indexOf(' ');
        b.route(RouterTableTest.id(route.substring(0, space)), route.substring(space + 1), route);
    }
}
