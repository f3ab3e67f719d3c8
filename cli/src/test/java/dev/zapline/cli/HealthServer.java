package dev.zapline.cli;

import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.time.Duration;

/**
 * A zapline HTTP server on an ephemeral loopback port for the report tests: {@code /health} answers 200, {@code
 * /flaky} answers 503 to every fifth request, so a run has more than one status class.
 */
final class HealthServer implements AutoCloseable {

    private final App app;
    private final java.util.concurrent.atomic.AtomicLong flaky = new java.util.concurrent.atomic.AtomicLong();

    HealthServer() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.get("/flaky", ctx -> {
            if (flaky.incrementAndGet() % 5 == 0) {
                ctx.status(503).send("busy");
            } else {
                ctx.send("ok");
            }
        });
        app.listen("http://127.0.0.1:0").start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + app.addresses().get(0).port() + path;
    }

    /** {@code zapline load URL --rate R -d D} on 2 connections and one event loop, quiet, plus {@code extra}. */
    CliRun load(String path, int rate, String duration, String... extra) {
        String[] base = {
            "load", url(path), "--rate", Integer.toString(rate), "-d", duration, "-c", "2", "--threads", "1", "--quiet"
        };
        String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Override
    public void close() {
        app.stop(Duration.ofMillis(200));
    }
}
