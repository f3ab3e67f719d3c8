package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every JsonCodec reads a body into a record and writes one back through a real route. */
class JsonCodecTest {

    public record Point(int x, int y) {}

    public static final class Box {
        public int w;
        public String label;
    }

    static Stream<JsonCodec> codecs() {
        return Stream.of(new JacksonJsonCodec(), new DslJsonCodec(), new Fastjson2JsonCodec());
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void readsAndWritesJsonBodies(JsonCodec codec) {
        App app = App.create();
        app.post("/box", ctx -> {
            Box b = ctx.bodyAs(Box.class);
            b.w *= 2;
            ctx.json(b);
        });
        app.post("/bad", ctx -> ctx.json(ctx.bodyAs(Box.class)));
        try (Embedded e = new Embedded(
                app, ServerConfig.defaults().withClock(() -> Embedded.NOW).withJson(codec))) {
            String body = "{\"w\":21,\"label\":\"hi\"}";
            String r =
                    e.exchange("POST /box HTTP/1.1\r\nHost: t\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
            assertThat(r)
                    .startsWith("HTTP/1.1 200 OK\r\n")
                    .contains("content-type: application/json\r\n")
                    .contains("\"w\":42")
                    .contains("\"label\":\"hi\"");
            String bad = e.exchange("POST /bad HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n{nope");
            assertThat(bad).startsWith("HTTP/1.1 400 Bad Request\r\n").contains("not valid JSON for Box");
        }
    }
}
