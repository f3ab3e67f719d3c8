package dev.zapline.load.engine;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.ZapRequest;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real zapline server in-process (one event loop, ZAP and HTTP listeners on loopback) with the routes the
 * engine's tests need, and the client loops to reach it.
 */
final class Target implements AutoCloseable {

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);

    final App app;
    final ZapLoops loops;
    /** Clock nanos (System.nanoTime) after which the next /stall request blocks the server's loop, once. */
    final AtomicLong stallAt = new AtomicLong(Long.MAX_VALUE);

    volatile long stallMillis = 1000;
    /** How long each /slow request holds the server's only loop: its capacity is about 1000 / slowMillis per s. */
    volatile long slowMillis = 5;
    /** Requests seen per {@code /hit/:name} route, keyed "METHOD name body-length". */
    final java.util.Map<String, java.util.concurrent.atomic.LongAdder> hits =
            new java.util.concurrent.ConcurrentHashMap<>();

    Target(int clientThreads) {
        this(clientThreads, dev.zapline.client.IoTransport.AUTO);
    }

    /** The same with the client loops on {@code io}. */
    Target(int clientThreads, dev.zapline.client.IoTransport io) {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.contentType("text/plain").send(OK));
        app.get(
                "/status/:code",
                ctx -> ctx.status(Integer.parseInt(ctx.pathParam("code"))).send(OK));
        app.get("/hit/:name", ctx -> ctx.send(hit(ctx)));
        app.post("/hit/:name", ctx -> ctx.send(hit(ctx)));
        app.get("/slow", ctx -> {
            try {
                Thread.sleep(slowMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ctx.send(OK);
        });
        app.get("/stall", ctx -> {
            long at = stallAt.get();
            if (System.nanoTime() >= at && stallAt.compareAndSet(at, Long.MAX_VALUE)) {
                try {
                    Thread.sleep(stallMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            ctx.send(OK);
        });
        app.listen("127.0.0.1:0", "http://127.0.0.1:0").start();
        loops = ZapLoops.create(clientThreads, io);
    }

    private byte[] hit(dev.zapline.server.Ctx ctx) {
        String key = ctx.method() + " " + ctx.pathParam("name") + " " + ctx.bodyBytes().length;
        hits.computeIfAbsent(key, k -> new java.util.concurrent.atomic.LongAdder())
                .increment();
        return OK;
    }

    long hits(String key) {
        java.util.concurrent.atomic.LongAdder a = hits.get(key);
        return a == null ? 0 : a.sum();
    }

    int zapPort() {
        return app.addresses().get(0).port();
    }

    int httpPort() {
        return app.addresses().get(1).port();
    }

    Client zap(String path) {
        return new ZapLoadClient(
                loops,
                ZapAddress.tcp("127.0.0.1", zapPort()),
                ZapRequest.get(path).encode(),
                path);
    }

    Client http(String path) {
        String hp = "127.0.0.1:" + httpPort();
        return new HttpLoadClient(
                loops,
                "127.0.0.1",
                httpPort(),
                HttpLoadClient.encode("GET", hp, path, java.util.List.of(), new byte[0]),
                "http://" + hp + path);
    }

    @Override
    public void close() {
        loops.close();
        app.stop(Duration.ofMillis(200));
    }
}
