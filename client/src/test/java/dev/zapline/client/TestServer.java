package dev.zapline.client;

import dev.zapline.server.App;
import dev.zapline.server.HandOff;
import dev.zapline.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A real zapline server in-process for the client's tests, with the routes they need. */
final class TestServer implements AutoCloseable {

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);

    final App app;
    /** Requests this server has answered on /who. */
    final AtomicInteger hits = new AtomicInteger();
    /** Requests on /hang, handed off and left unanswered until a test completes them. */
    final List<HandOff> hanging = new CopyOnWriteArrayList<>();

    private TestServer(String name, String... addresses) {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.contentType("text/plain").send(OK));
        app.get("/n/:i", ctx -> ctx.send(ctx.pathParam("i")));
        app.post("/echo", ctx -> ctx.header("x-method", ctx.method()).send(ctx.bodyBytes()));
        app.get("/who", ctx -> {
            hits.incrementAndGet();
            ctx.send(name);
        });
        app.get(
                "/stream",
                ctx -> ctx.header("x-kind", "stream").stream()
                        .write("hello ")
                        .write("streamed ")
                        .write("world")
                        .end());
        app.get("/hang", ctx -> hanging.add(ctx.handOff()));
        app.listen(addresses).start();
    }

    static TestServer start(String name, String... addresses) {
        return new TestServer(name, addresses);
    }

    /** The address the i-th listen address was bound to, as the client spells it. */
    String address(int i) {
        var a = app.addresses().get(i);
        return a.isUnix() ? "unix:" + a.path() : a.host() + ":" + a.port();
    }

    int port(int i) {
        return app.addresses().get(i).port();
    }

    @Override
    public void close() {
        app.stop(Duration.ofMillis(200));
    }
}
