package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
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
        assertThatThrownBy(() -> Router.<String>builder().route(Method.GET, pattern, "h"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + pattern + "'")
                .hasMessageContaining(reason);
    }

    /**
     * Patterns that look alike but do not clash, each route's handler its own text: they are all accepted, and
     * {@link #lookAlikeRequests} says which one each request reaches.
     */
    private static final List<String> LOOK_ALIKES = List.of(
            "GET /a",
            "GET /a/",
            "POST /a",
            "ALL /a",
            "GET /u/:id",
            "GET /u/*rest",
            "GET /u/new",
            "GET /u/:id/x",
            "GET /t/new/:step",
            "GET /t/:id/:action",
            "GET /t/:id/edit/:part",
            "GET /v/:id",
            "GET /w/:name",
            "GET /x:y/*z",
            "GET /b*",
            "GET /p/:a",
            "GET /p/:a/:b",
            "GET /m/:id",
            "PUT /m/*rest");

    /** Method, path, what it reaches as {@link RouterTableTest#render} writes it. */
    static Stream<Arguments> lookAlikeRequests() {
        return Stream.of(
                // one path, routes per method: the method's own, HEAD from GET, then ALL
                Arguments.of("GET", "/a", "GET /a"),
                Arguments.of("POST", "/a", "POST /a"),
                Arguments.of("HEAD", "/a", "GET /a (head)"),
                Arguments.of("PUT", "/a", "ALL /a"),
                Arguments.of("OPTIONS", "/a", "ALL /a"),
                Arguments.of("PROPFIND", "/a", "ALL /a"),
                // a trailing slash is another route, and /A another path
                Arguments.of("GET", "/a/", "GET /a/"),
                Arguments.of("POST", "/a/", "405 GET, HEAD, OPTIONS"),
                Arguments.of("GET", "/a//", "404"),
                Arguments.of("GET", "/A", "404"),
                // static beats param beats wildcard, with backtracking when the better branch fails deeper
                Arguments.of("GET", "/u/new", "GET /u/new"),
                Arguments.of("GET", "/u/42", "GET /u/:id id=42"),
                Arguments.of("GET", "/u/new/x", "GET /u/:id/x id=new"),
                Arguments.of("GET", "/u/42/x", "GET /u/:id/x id=42"),
                Arguments.of("GET", "/u/42/y", "GET /u/*rest rest=42/y"),
                Arguments.of("GET", "/u/new/y", "GET /u/*rest rest=new/y"),
                Arguments.of("GET", "/u/42/x/y", "GET /u/*rest rest=42/x/y"),
                Arguments.of("GET", "/t/new/edit", "GET /t/new/:step step=edit"),
                Arguments.of("GET", "/t/7/edit", "GET /t/:id/:action id=7 action=edit"),
                Arguments.of("GET", "/t/7/edit/1", "GET /t/:id/edit/:part id=7 part=1"),
                Arguments.of("GET", "/t/new/edit/1", "GET /t/:id/edit/:part id=new part=1"),
                Arguments.of("GET", "/t/new", "404"),
                // a param is never empty, a wildcard may be; a trailing slash goes to the wildcard
                Arguments.of("GET", "/u/", "GET /u/*rest rest="),
                Arguments.of("GET", "/u/42/", "GET /u/*rest rest=42/"),
                Arguments.of("GET", "/u/new/", "GET /u/*rest rest=new/"),
                Arguments.of("GET", "/u", "404"),
                Arguments.of("POST", "/u/new", "405 GET, HEAD, OPTIONS"),
                Arguments.of("OPTIONS", "/u/42", "204 GET, HEAD, OPTIONS"),
                // the same shape under two prefixes, each with its own parameter name
                Arguments.of("GET", "/v/7", "GET /v/:id id=7"),
                Arguments.of("GET", "/w/7", "GET /w/:name name=7"),
                Arguments.of("GET", "/v/", "404"),
                Arguments.of("GET", "/v/7/8", "404"),
                // the same prefix with one parameter more
                Arguments.of("GET", "/p/1", "GET /p/:a a=1"),
                Arguments.of("GET", "/p/1/2", "GET /p/:a/:b a=1 b=2"),
                Arguments.of("GET", "/p/1/", "404"),
                Arguments.of("GET", "/p/1/2/3", "404"),
                // a param route without the method gives way to the wildcard route that has it
                Arguments.of("GET", "/m/1", "GET /m/:id id=1"),
                Arguments.of("PUT", "/m/1", "PUT /m/*rest rest=1"),
                Arguments.of("DELETE", "/m/1", "405 GET, HEAD, PUT, OPTIONS"),
                // ':' and '*' are special only at the start of a segment
                Arguments.of("GET", "/x:y/a/b", "GET /x:y/*z z=a/b"),
                Arguments.of("GET", "/x:y/", "GET /x:y/*z z="),
                Arguments.of("GET", "/x:y", "404"),
                Arguments.of("GET", "/xzy/a", "404"),
                Arguments.of("GET", "/b*", "GET /b*"),
                Arguments.of("GET", "/bx", "404"),
                Arguments.of("GET", "/b", "404"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lookAlikeRequests")
    void routesEachRequestToTheLookAlikeItsPrecedenceChooses(String method, String path, String expected) {
        RouterBuilder<String> b = Router.builder();
        LOOK_ALIKES.forEach(r -> add(b, r));
        Router<String> router = b.build();
        RouteMatch<String> match = router.newMatch();
        byte[] buf = RouterTableTest.ascii(path);
        router.lookup(Method.of(RouterTableTest.ascii(method), 0, method.length()), buf, 0, buf.length, match);
        assertThat(RouterTableTest.render(match, buf)).as("%s %s", method, path).isEqualTo(expected);
    }

    @Test
    void rejectsPseudoMethodsAndNullHandlers() {
        RouterBuilder<String> b = Router.builder();
        assertThatThrownBy(() -> b.route(Method.OTHER, "/a", "h"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("7")
                .hasMessageContaining("/a");
        assertThatThrownBy(() -> b.route(-1, "/a", "h")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.route(Method.GET, "/a", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GET '/a'");
    }

    private static void add(RouterBuilder<String> b, String route) {
        int space = route.indexOf(' ');
        b.route(RouterTableTest.id(route.substring(0, space)), route.substring(space + 1), route);
    }
}
