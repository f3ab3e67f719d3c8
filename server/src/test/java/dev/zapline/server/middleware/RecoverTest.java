package dev.zapline.server.middleware;

import static dev.zapline.server.middleware.Http.get;
import static dev.zapline.server.middleware.Http.problem;
import static dev.zapline.server.middleware.Http.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import dev.zapline.server.HttpStatusException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

class RecoverTest {

    private static App app(Recover recover) {
        App app = App.create();
        app.use(recover);
        app.get("/ok", ctx -> ctx.send("ok"));
        app.get("/arg", ctx -> {
            throw new IllegalArgumentException("id must be positive");
        });
        app.get("/nse", ctx -> {
            throw new NoSuchElementException("internal detail");
        });
        app.get("/busy", ctx -> {
            ctx.header("x-partial", "1");
            throw new RejectedExecutionException("queue full");
        });
        app.get("/state", ctx -> {
            throw new IllegalStateException("secret");
        });
        app.get("/gone", ctx -> {
            throw new HttpStatusException(410, "moved away");
        });
        return app;
    }

    private static final Recover RECOVER = Recover.map(IllegalArgumentException.class, 400)
            .orMap(NoSuchElementException.class, 404, "no such item")
            .orOn(RejectedExecutionException.class, (ctx, e) -> ctx.status(503).send("busy: " + e.getMessage()));

    @Test
    void mapsAnExceptionTypeToAStatusWithItsMessageAsDetail() {
        try (Embedded e = new Embedded(app(RECOVER))) {
            assertThat(e.exchange(get("/arg"))).isEqualTo(problem(400, "Bad Request", "id must be positive", "/arg"));
        }
    }

    @Test
    void mapsAnExceptionTypeToAStatusWithAFixedDetail() {
        try (Embedded e = new Embedded(app(RECOVER))) {
            assertThat(e.exchange(get("/nse"))).isEqualTo(problem(404, "Not Found", "no such item", "/nse"));
        }
    }

    @Test
    void customResponderAnswersWithTheHandlersHeadersCleared() {
        try (Embedded e = new Embedded(app(RECOVER))) {
            assertThat(e.exchange(get("/busy"))).isEqualTo(text(503, "Service Unavailable", "busy: queue full"));
        }
    }

    @Test
    void unmappedExceptionsKeepTheDefault500() {
        try (Embedded e = new Embedded(app(RECOVER))) {
            assertThat(e.exchange(get("/state")))
                    .isEqualTo(problem(
                            500, "Internal Server Error", "the server could not complete the request", "/state"));
        }
    }

    @Test
    void statusExceptionsPassThroughABroadMapping() {
        try (Embedded e = new Embedded(app(Recover.map(RuntimeException.class, 422)))) {
            assertThat(e.exchange(get("/gone"))).isEqualTo(problem(410, "Gone", "moved away", "/gone"));
            assertThat(e.exchange(get("/state"))).isEqualTo(problem(422, "Unprocessable Entity", "secret", "/state"));
        }
    }

    @Test
    void statusExceptionsCanBeRemappedByTheirOwnType() {
        try (Embedded e = new Embedded(app(Recover.map(HttpStatusException.class, 400, "bad")))) {
            assertThat(e.exchange(get("/gone"))).isEqualTo(problem(400, "Bad Request", "bad", "/gone"));
        }
    }

    @Test
    void anExceptionDoesNotDisturbThePipelinedRequestsAroundIt() {
        try (Embedded e = new Embedded(app(RECOVER))) {
            String out = e.exchange(get("/ok") + get("/arg") + get("/state") + get("/busy") + get("/ok"));
            assertThat(out)
                    .isEqualTo(text(200, "OK", "ok")
                            + problem(400, "Bad Request", "id must be positive", "/arg")
                            + problem(
                                    500, "Internal Server Error", "the server could not complete the request", "/state")
                            + text(503, "Service Unavailable", "busy: queue full")
                            + text(200, "OK", "ok"));
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    @Test
    void refusesAMappingShadowedByAnEarlierSupertype() {
        assertThatThrownBy(() -> Recover.map(RuntimeException.class, 400).orMap(IllegalStateException.class, 409))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mapping for java.lang.IllegalStateException is shadowed by the earlier mapping for "
                        + "java.lang.RuntimeException");
        assertThat(Recover.map(UncheckedIOException.class, 502).orMap(RuntimeException.class, 400))
                .isNotNull();
    }

    @Test
    void refusesANonErrorStatus() {
        assertThatThrownBy(() -> Recover.map(RuntimeException.class, 302))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("302");
    }
}
