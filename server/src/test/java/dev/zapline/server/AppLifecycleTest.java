package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Starting, joining and closing an app, and which of its threads keep the JVM alive. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AppLifecycleTest {

    private static String get(int port, String path) throws Exception {
        try (HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            return client.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                    .timeout(Duration.ofSeconds(5))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
        }
    }

    private static Thread named(String name) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no thread named " + name));
    }

    @Test
    void eventLoopsAreNotDaemonsAndEndWithCloseWhileTheDateTickerIsADaemon() throws Exception {
        AtomicReference<Thread> loop = new AtomicReference<>();
        try (App app = App.create(ServerConfig.defaults().withEventLoops(1))
                .get("/where", ctx -> {
                    loop.set(Thread.currentThread());
                    ctx.send("here");
                })
                .listen("http://127.0.0.1:0")
                .start()) {
            assertThat(get(app.addresses().get(0).port(), "/where")).isEqualTo("here");
            assertThat(loop.get().isDaemon())
                    .as("%s keeps a plain main alive", loop.get())
                    .isFalse();
            assertThat(named("zapline-date").isDaemon())
                    .as("the date ticker never holds the JVM")
                    .isTrue();
        }
        loop.get().join(5_000);
        assertThat(loop.get().isAlive()).as("%s after close", loop.get()).isFalse();
    }

    @Test
    void joinReturnsWhenAnotherThreadStopsTheApp() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1))
                .get("/", ctx -> ctx.send("ok"))
                .listen("http://127.0.0.1:0")
                .start();
        CompletableFuture<Void> joined = CompletableFuture.runAsync(() -> {
            try {
                app.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        // real time for a join that did not block to return: it may not
        Await.pause(Duration.ofMillis(100));
        assertThat(joined).as("join blocks while the app runs").isNotDone();
        app.stop(Duration.ofSeconds(1));
        joined.get(30, TimeUnit.SECONDS);
    }

    @Test
    void joinReturnsAtOnceForAnAppNotRunningAndCloseIsIdempotent() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1)).get("/", ctx -> ctx.send("ok"));
        app.join();
        app.close();
        app.listen("http://127.0.0.1:0").start();
        app.close();
        app.close();
        app.join();
        assertThat(app.addresses()).isEmpty();
    }

    @Test
    void registrationChainsOnTheAppAndInsideAGroupOnTheGroup() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        AtomicReference<RouteGroup> inner = new AtomicReference<>();
        App same = app.use(ctx -> {
                    ctx.header("x-app", "1");
                    ctx.next();
                })
                .get("/a", ctx -> ctx.send("a"))
                .post("/b", ctx -> ctx.send("b"))
                .group(
                        "/g",
                        g -> inner.set(g.get("/c", ctx -> ctx.send("c"))
                                .put("/d", ctx -> ctx.send("d"))
                                .group("/h", h -> h.delete("/e", ctx -> ctx.send("e")))))
                .listen("http://127.0.0.1:0");
        assertThat(same).isSameAs(app);
        assertThat(inner.get()).isInstanceOf(RouteGroup.class);
        try (app) {
            app.start();
            assertThat(get(app.addresses().get(0).port(), "/g/c")).isEqualTo("c");
        }
    }
}
