package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RouteMatchTest {

    private final Router<String> router = Router.<String>builder()
            .route(Method.GET, "/users/:id/posts/:post", "post")
            .route(Method.GET, "/files/*path", "files")
            .route(Method.POST, "/files/*path", "upload")
            .route(Method.DELETE, "/users/:id/posts/:post", "deletePost")
            .build();

    private RouteMatch<String> lookup(int method, byte[] buf) {
        RouteMatch<String> m = router.newMatch();
        router.lookup(method, buf, 0, buf.length, m);
        return m;
    }

    @Test
    void exposesPatternNamesAndOffsetsIntoTheBuffer() {
        byte[] path = bytes("/users/42/posts/7");
        RouteMatch<String> m = lookup(Method.GET, path);
        assertThat(m.outcome()).isEqualTo(RouteMatch.Outcome.FOUND);
        assertThat(m.pattern()).isEqualTo("/users/:id/posts/:post");
        assertThat(m.param("post")).isEqualTo(1);
        assertThat(m.param("id")).isZero();
        assertThat(m.param("nope")).isEqualTo(-1);
        assertThat(m.paramStart(0)).isEqualTo(7);
        assertThat(m.paramLength(0)).isEqualTo(2);
        assertThat(m.paramStart(1)).isEqualTo(16);
        assertThat(m.paramLength(1)).isEqualTo(1);
        assertThat(m.allow()).isNull();
    }

    @Test
    void reportsFirstMatchingPatternWhenMethodIsNotAllowed() {
        RouteMatch<String> m = lookup(Method.DELETE, bytes("/files/a"));
        assertThat(m.outcome()).isEqualTo(RouteMatch.Outcome.METHOD_NOT_ALLOWED);
        assertThat(m.pattern()).isEqualTo("/files/*path");
        assertThat(m.handler()).isNull();
        assertThat(m.paramCount()).isZero();
        assertThat(new String(m.allow(), StandardCharsets.US_ASCII)).isEqualTo("GET, HEAD, POST, OPTIONS");
    }

    @Test
    void clearsThePreviousResultOnReuse() {
        RouteMatch<String> m = router.newMatch();
        byte[] found = bytes("/users/1/posts/2");
        byte[] missing = bytes("/nope");
        router.lookup(Method.GET, found, 0, found.length, m);
        router.lookup(Method.GET, missing, 0, missing.length, m);
        assertThat(m.outcome()).isEqualTo(RouteMatch.Outcome.NOT_FOUND);
        assertThat(m.handler()).isNull();
        assertThat(m.pattern()).isNull();
        assertThat(m.paramCount()).isZero();
        assertThatThrownBy(() -> m.paramStart(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest(name = "''{0}'' -> ''{1}''")
    @CsvSource({
        "a%20b, a b",
        "caf%C3%A9, café",
        "caf%c3%a9, café",
        "%2F, /",
        "a+b, a+b",
        "100%, 100%",
        "1%2, 1%2",
        "%zz, %zz",
        "%%41, %A",
        "plain, plain",
        "'', ''"
    })
    void decodesPercentEscapesOnRequest(String raw, String decoded) {
        byte[] path = bytes("/files/" + raw);
        RouteMatch<String> m = lookup(Method.GET, path);
        assertThat(m.paramValue(0, path)).isEqualTo(raw);
        assertThat(m.paramDecoded(0, path)).isEqualTo(decoded);
    }

    @Test
    void rejectsMisuseWithTheNumbersInvolved() {
        byte[] path = bytes("/files/a");
        RouteMatch<String> small = new RouteMatch<>(1);
        assertThatThrownBy(() -> router.lookup(Method.GET, path, 0, path.length, small))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1")
                .hasMessageContaining("2");
        assertThatThrownBy(() -> router.lookup(Method.ALL, path, 0, path.length, router.newMatch()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("8");
        assertThatThrownBy(() -> router.lookup(Method.GET, path, 3, path.length, router.newMatch()))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new RouteMatch<String>(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
