package dev.zapline.server.middleware;

import static dev.zapline.server.middleware.Http.get;
import static dev.zapline.server.middleware.Http.problem;
import static dev.zapline.server.middleware.Http.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import dev.zapline.server.HandOff;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Time is the embedded event loop's, frozen and advanced by hand: nothing here sleeps. */
class TimeoutTest {

    private final AtomicReference<HandOff> pending = new AtomicReference<>();

    private App app() {
        App app = App.create();
        app.group(
                "/slow",
                g -> g.use(Timeout.after(Duration.ofMillis(250)))
                        .get("/", ctx -> pending.set(ctx.handOff()))
                        .get("/sync", ctx -> ctx.send("sync")));
        app.get("/fast", ctx -> ctx.send("fast"));
        return app;
    }

    private static Embedded frozen(App app) {
        Embedded e = new Embedded(app);
        e.ch.freezeTime();
        return e;
    }

    private static String advance(Embedded e, long millis) {
        e.ch.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        e.ch.runScheduledPendingTasks();
        e.ch.runPendingTasks();
        return e.read();
    }

    @Test
    void aHandOffThatNeverCompletesIsAnswered504AndThePipelinedRequestsFollow() {
        try (Embedded e = frozen(app())) {
            e.write(get("/slow") + get("/fast"));
            assertThat(e.read()).isEmpty();
            assertThat(advance(e, 249)).isEmpty();
            assertThat(advance(e, 1))
                    .isEqualTo(problem(504, "Gateway Timeout", "no response within 250 ms", "/slow")
                            + text(200, "OK", "fast"));
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    @Test
    void theLateRealCompletionIsIgnored() {
        try (Embedded e = frozen(app())) {
            e.write(get("/slow"));
            assertThat(advance(e, 250)).startsWith("HTTP/1.1 504 Gateway Timeout\r\n");
            assertThat(pending.get().complete(ctx -> ctx.send("late"))).isFalse();
            e.ch.runPendingTasks();
            assertThat(e.read()).isEmpty();
            assertThat(e.exchange(get("/fast"))).isEqualTo(text(200, "OK", "fast"));
        }
    }

    @Test
    void aHandOffCompletedInTimeIsAnsweredAndItsTimerCancelled() {
        try (Embedded e = frozen(app())) {
            e.write(get("/slow"));
            assertThat(advance(e, 100)).isEmpty();
            assertThat(pending.get().complete(ctx -> ctx.send("done"))).isTrue();
            e.ch.runPendingTasks();
            assertThat(e.read()).isEqualTo(text(200, "OK", "done"));
            // only the connection's idle check (every half idle timeout, 15 s by default) may remain
            assertThat(e.ch.runScheduledPendingTasks())
                    .as("no request timer left")
                    .satisfiesAnyOf(
                            t -> assertThat(t).isEqualTo(-1), t -> assertThat(t).isGreaterThan(1_000_000_000L));
            assertThat(advance(e, 1000)).isEmpty();
            assertThat(e.exchange(get("/fast"))).isEqualTo(text(200, "OK", "fast"));
        }
    }

    @Test
    void eachHandOffHasItsOwnTimer() {
        try (Embedded e = frozen(app())) {
            e.write(get("/slow"));
            advance(e, 200);
            pending.get().complete(ctx -> ctx.send("first"));
            e.ch.runPendingTasks();
            assertThat(e.read()).isEqualTo(text(200, "OK", "first"));
            e.write(get("/slow"));
            assertThat(advance(e, 200)).isEmpty();
            assertThat(advance(e, 50)).startsWith("HTTP/1.1 504 Gateway Timeout\r\n");
        }
    }

    @Test
    void synchronousHandlersAreNotTimed() {
        try (Embedded e = frozen(app())) {
            assertThat(e.exchange(get("/slow/sync"))).isEqualTo(text(200, "OK", "sync"));
            assertThat(advance(e, 1000)).isEmpty();
        }
    }

    @Test
    void refusesANonPositiveDuration() {
        assertThatThrownBy(() -> Timeout.after(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    @AfterAll
    static void leaksNothing() {
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }
}
