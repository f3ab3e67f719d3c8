package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * RFC 9110 §9.1: a method the server does not recognise is not implemented (501, whatever the path), while the
 * seven methods a route can name are known and get 404 or 405 on a path without them, even when no route uses
 * them; an ALL route implements every method, extension tokens included.
 */
class RouterImplementedTest {

    @ParameterizedTest(name = "routes [{0}]: {1} {2} -> {3}")
    @CsvSource(
            delimiter = '|',
            value = {
                // routes (method pattern, comma-separated) | request method | path | outcome
                "GET /a                     | GET     | /a   | GET /a",
                "GET /a                     | HEAD    | /a   | GET /a (head)",
                "GET /a                     | GET     | /b   | 404",
                "GET /a                     | OPTIONS | /a   | 204 GET, HEAD, OPTIONS",
                "GET /a                     | OPTIONS | /b   | 404",
                "GET /a                     | POST    | /a   | 405 GET, HEAD, OPTIONS",
                "GET /a                     | DELETE  | /b   | 404",
                "GET /a                     | MKCOLA  | /a   | 501",
                "GET /a                     | get     | /a   | 501",
                "GET /a, POST /b            | POST    | /a   | 405 GET, HEAD, OPTIONS",
                "GET /a, POST /b            | POST    | /c   | 404",
                "GET /a, POST /b            | PUT     | /a   | 405 GET, HEAD, OPTIONS",
                "GET /a, PATCH /b/:id       | PATCH   | /b/1 | PATCH /b/:id id=1",
                "GET /a, PATCH /b/:id       | PATCH   | /a   | 405 GET, HEAD, OPTIONS",
                "POST /a                    | GET     | /a   | 405 POST, OPTIONS",
                "POST /a                    | HEAD    | /x   | 404",
                "ALL /any, GET /a           | MKCOLA  | /any | ALL /any",
                "ALL /any, GET /a           | MKCOLA  | /a   | 405 GET, HEAD, OPTIONS",
                "ALL /any, GET /a           | MKCOLA  | /x   | 404",
                "ALL /any, GET /a           | DELETE  | /a   | 405 GET, HEAD, OPTIONS",
                "ALL /p/*rest               | PROPFIND | /p/x | ALL /p/*rest rest=x",
                "ALL /p/*rest               | PROPFIND | /q  | 404",
            })
    void answersAMethodNoRouteTakesWith501(String routes, String method, String path, String expected) {
        RouterBuilder<String> b = Router.builder();
        for (String route : routes.split(",")) {
            String[] mp = route.trim().split(" ");
            b.route(RouterTableTest.id(mp[0]), mp[1], route.trim());
        }
        Router<String> router = b.build();
        RouteMatch<String> match = router.newMatch();
        byte[] buf = path.getBytes(StandardCharsets.US_ASCII);
        byte[] m = method.getBytes(StandardCharsets.US_ASCII);
        router.lookup(Method.of(m, 0, m.length), buf, 0, buf.length, match);
        assertThat(RouterTableTest.render(match, buf)).isEqualTo(expected);
    }

    @Test
    void notImplementedOutcomeCarriesNoRouteOrAllow() {
        Router<String> router =
                Router.<String>builder().route(Method.ALL, "/*rest", "all").build();
        RouteMatch<String> match = router.newMatch();
        byte[] buf = "/x".getBytes(StandardCharsets.US_ASCII);
        assertThat(router.lookup(Method.OTHER, buf, 0, 2, match)).isEqualTo(RouteMatch.Outcome.FOUND);
        assertThat(router.notImplemented(match)).isEqualTo(RouteMatch.Outcome.NOT_IMPLEMENTED);
        assertThat(match.outcome()).isEqualTo(RouteMatch.Outcome.NOT_IMPLEMENTED);
        assertThat(match.handler()).isNull();
        assertThat(match.pattern()).isNull();
        assertThat(match.allow()).isNull();
        assertThat(match.paramCount()).isZero();
        assertThat(router.isImplemented(Method.OTHER)).isTrue();
        assertThat(Router.<String>builder().route(Method.GET, "/", "g").build().isImplemented(Method.OTHER))
                .isFalse();
    }
}
