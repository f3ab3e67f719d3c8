package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RouterTableTest {

    /** Method, pattern, handler name. */
    private static final String[][] ROUTES = {
        {"GET", "/", "root"},
        {"GET", "/users", "users"},
        {"GET", "/users/", "usersSlash"},
        {"POST", "/users", "createUser"},
        {"GET", "/users/new", "newUserForm"},
        {"GET", "/users/new/preview", "previewNew"},
        {"GET", "/users/:id", "showUser"},
        {"PUT", "/users/:id", "updateUser"},
        {"DELETE", "/users/:id", "deleteUser"},
        {"GET", "/users/:id/edit", "editUser"},
        {"GET", "/users/:id/posts/:post", "showPost"},
        {"GET", "/static/*path", "staticFile"},
        {"HEAD", "/static/*path", "staticHead"},
        {"GET", "/files/readme", "readme"},
        {"GET", "/files/:name/meta", "fileMeta"},
        {"GET", "/files/*rest", "files"},
        {"ALL", "/any", "anyAll"},
        {"GET", "/any", "anyGet"},
        {"ALL", "/proxy/*target", "proxy"},
        {"OPTIONS", "/cors", "corsOptions"},
        {"GET", "/cors", "corsGet"},
        {"POST", "/cors", "corsPost"},
        {"HEAD", "/ping", "pingHead"},
        {"PATCH", "/items/:id", "patchItem"},
        {"GET", "/caf%C3%A9", "cafe"},
        {"GET", "/a/b/c/d/e/f/g/h/i/j", "deep"},
        {"GET", "/:a/:b/:c/:d/:e/:f/:g/:h", "eight"},
        {"GET", "/v1/health", "health"},
        {"GET", "/v1/:tenant/*rest", "tenantRest"},
        {"POST", "/v1/:tenant/events", "tenantEvents"},
        {"GET", "/api/:version/users/:id", "apiUser"},
        {"ALL", "/api/:version/*rest", "apiFallback"},
    };

    static Router<String> router() {
        RouterBuilder<String> b = Router.builder();
        for (String[] r : ROUTES) {
            b.route(id(r[0]), r[1], r[2]);
        }
        return b.build();
    }

    static int id(String method) {
        return method.equals("ALL") ? Method.ALL : Method.of(ascii(method), 0, method.length());
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Method, path, expected result as rendered by {@link #render}. */
    static Stream<Arguments> cases() {
        String longId = "9".repeat(5000);
        String longRest = "x".repeat(10_000);
        String manySegments = "/s".repeat(1000);
        List<Arguments> c = new ArrayList<>(List.of(
                // root, static, trailing slash
                row("GET", "/", "root"),
                row("HEAD", "/", "root (head)"),
                row("GET", "//", "404"),
                row("GET", "/users", "users"),
                row("GET", "/users/", "usersSlash"),
                row("GET", "/USERS", "404"),
                row("POST", "/users", "createUser"),
                row("POST", "/users/", "405 GET, HEAD, OPTIONS"),
                row("GET", "/users/42/", "404"),
                row("GET", "/users//", "404"),
                // static beats param, backtracking by segment and by method
                row("GET", "/users/new", "newUserForm"),
                row("GET", "/users/42", "showUser id=42"),
                row("PUT", "/users/42", "updateUser id=42"),
                row("DELETE", "/users/42", "deleteUser id=42"),
                row("PUT", "/users/new", "updateUser id=new"),
                row("DELETE", "/users/new", "deleteUser id=new"),
                row("PATCH", "/users/42", "405 GET, HEAD, PUT, DELETE, OPTIONS"),
                row("GET", "/users/42/edit", "editUser id=42"),
                row("GET", "/users/new/edit", "editUser id=new"),
                row("GET", "/users/new/preview", "previewNew"),
                row("GET", "/users/42/preview", "404"),
                row("GET", "/users/1/posts/2", "showPost id=1 post=2"),
                row("GET", "/users/1/posts", "404"),
                row("GET", "/users/1/posts/", "404"),
                // wildcard, including the empty rest; param beats wildcard
                row("GET", "/static/css/site.css", "staticFile path=css/site.css"),
                row("GET", "/static/", "staticFile path="),
                row("GET", "/static", "404"),
                row("GET", "/static//double", "staticFile path=/double"),
                row("HEAD", "/static/x", "staticHead path=x"),
                row("OPTIONS", "/static/x", "204 GET, HEAD, OPTIONS"),
                row("GET", "/files/readme", "readme"),
                row("GET", "/files/x/meta", "fileMeta name=x"),
                row("GET", "/files/readme/meta", "fileMeta name=readme"),
                row("GET", "/files/x/other", "files rest=x/other"),
                row("GET", "/files/x/meta/more", "files rest=x/meta/more"),
                row("GET", "/files/", "files rest="),
                row("GET", "/files", "404"),
                // ALL, below explicit routes on the same pattern
                row("GET", "/any", "anyGet"),
                row("HEAD", "/any", "anyGet (head)"),
                row("POST", "/any", "anyAll"),
                row("OPTIONS", "/any", "anyAll"),
                row("PROPFIND", "/any", "anyAll"),
                row("DELETE", "/proxy/a/b", "proxy target=a/b"),
                row("BREW", "/proxy/", "proxy target="),
                row("OPTIONS", "/proxy/x", "proxy target=x"),
                row("GET", "/proxy", "404"),
                // OPTIONS, 405 and HEAD
                row("OPTIONS", "/cors", "corsOptions"),
                row("DELETE", "/cors", "405 GET, HEAD, POST, OPTIONS"),
                row("OPTIONS", "/users", "204 GET, HEAD, POST, OPTIONS"),
                row("OPTIONS", "/users/42", "204 GET, HEAD, PUT, DELETE, OPTIONS"),
                row("OPTIONS", "/nope", "404"),
                row("HEAD", "/users/42", "showUser id=42 (head)"),
                row("HEAD", "/ping", "pingHead"),
                row("GET", "/ping", "405 HEAD, OPTIONS"),
                row("PATCH", "/items/9", "patchItem id=9"),
                row("GET", "/items/9", "405 PATCH, OPTIONS"),
                row("HEAD", "/items/9", "405 PATCH, OPTIONS"),
                // unknown and case-variant methods match only ALL routes
                row("PROPFIND", "/users", "405 GET, HEAD, POST, OPTIONS"),
                row("get", "/users", "405 GET, HEAD, POST, OPTIONS"),
                row("PROPFIND", "/nope", "404"),
                // raw bytes: no percent-decoding, encoded slash is not a separator
                row("GET", "/caf%C3%A9", "cafe"),
                row("GET", "/caf%c3%a9", "404"),
                row("GET", "/café", "404"),
                row("GET", "/users/a%2Fb", "showUser id=a%2Fb"),
                row("GET", "/users/%E2%9C%93", "showUser id=%E2%9C%93"),
                // many segments and parameters
                row("GET", "/a/b/c/d/e/f/g/h/i/j", "deep"),
                row("GET", "/a/b/c/d/e/f/g/h", "eight a=a b=b c=c d=d e=e f=f g=g h=h"),
                row("GET", "/1/2/3/4/5/6/7/8", "eight a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8"),
                row("GET", "/1/2/3/4/5/6/7/8/9", "404"),
                row("GET", "/1/2/3/4/5/6/7/", "404"),
                row("POST", "/1/2/3/4/5/6/7/8", "405 GET, HEAD, OPTIONS"),
                row("GET", "/v1/health", "health"),
                row("GET", "/v1/acme/x/y", "tenantRest tenant=acme rest=x/y"),
                row("GET", "/v1/acme/", "tenantRest tenant=acme rest="),
                row("GET", "/v1/acme", "404"),
                row("POST", "/v1/acme/events", "tenantEvents tenant=acme"),
                row("POST", "/v1/health/events", "tenantEvents tenant=health"),
                row("GET", "/v1/acme/events", "tenantRest tenant=acme rest=events"),
                row("PUT", "/v1/acme/events", "405 GET, HEAD, POST, OPTIONS"),
                row("GET", "/api/v2/users/7", "apiUser version=v2 id=7"),
                row("POST", "/api/v2/users/7", "apiFallback version=v2 rest=users/7"),
                row("GET", "/api/v2/other", "apiFallback version=v2 rest=other"),
                row("GET", "/api/v2", "404"),
                // not origin-form
                row("GET", "", "404"),
                row("OPTIONS", "*", "404"),
                row("GET", "users", "404"),
                // very long
                row("GET", "/users/" + longId, "showUser id=" + longId),
                row("GET", "/static/" + longRest, "staticFile path=" + longRest),
                row("GET", "/static" + manySegments, "staticFile path=" + manySegments.substring(1)),
                row("GET", manySegments, "404")));
        return c.stream();
    }

    private static Arguments row(String method, String path, String expected) {
        String name = method + " " + (path.length() > 40 ? path.substring(0, 40) + "..." : path);
        return Arguments.of(name, method, path, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void routesRequest(String name, String method, String path, String expected) {
        Router<String> router = router();
        RouteMatch<String> match = router.newMatch();
        byte[] buf = ascii("xx" + path + "?q");
        router.lookup(Method.of(ascii(method), 0, method.length()), buf, 2, buf.length - 4, match);
        assertThat(render(match, buf)).isEqualTo(expected);
    }

    static String render(RouteMatch<String> m, byte[] buf) {
        return switch (m.outcome()) {
            case NOT_FOUND -> "404";
            case NOT_IMPLEMENTED -> "501";
            case METHOD_NOT_ALLOWED -> "405 " + new String(m.allow(), StandardCharsets.US_ASCII);
            case OPTIONS -> "204 " + new String(m.allow(), StandardCharsets.US_ASCII);
            case FOUND -> {
                StringBuilder sb = new StringBuilder(m.handler());
                for (int i = 0; i < m.paramCount(); i++) {
                    sb.append(' ').append(m.paramName(i)).append('=').append(m.paramValue(i, buf));
                }
                yield sb.append(m.headFromGet() ? " (head)" : "").toString();
            }
        };
    }
}
