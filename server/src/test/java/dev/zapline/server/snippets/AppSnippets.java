package dev.zapline.server.snippets;

import dev.zapline.server.App;
import dev.zapline.server.Ctx;
import dev.zapline.server.Transport;
import dev.zapline.server.middleware.MaxBody;
import dev.zapline.server.middleware.RequestId;
import dev.zapline.server.middleware.Timeout;
import dev.zapline.transport.ServerTls;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/** Examples for {@link App}, {@code Routes} and {@code RouteGroup}. */
final class AppSnippets {

    record User(String id) {}

    interface Users {
        User find(String id);
    }

    /** Handlers referred to by method reference. */
    static final class Items {
        static void show(Ctx ctx) {
            ctx.send("item " + ctx.pathParam("id"));
        }

        static void showV2(Ctx ctx) {
            ctx.send("item v2 " + ctx.pathParam("id"));
        }

        static void create(Ctx ctx) {
            ctx.status(201).send("created");
        }

        static void load(Ctx ctx) {
            ctx.status(204).send("");
        }
    }

    private final Users users = User::new;

    void main() {
        // @start region="main"
        App app = App.create()
                .get("/health", ctx -> ctx.send("ok"))
                .get("/users/:id", ctx -> ctx.json(users.find(ctx.pathParam("id"))))
                .listen("http://127.0.0.1:8080")
                .start();
        // ... later, from any thread:
        app.stop(Duration.ofSeconds(5)); // drains in-flight requests, then closes
        // @end
    }

    void close() {
        // @start region="close"
        try (App app = App.create()
                .get("/health", ctx -> ctx.send("ok"))
                .listen("http://127.0.0.1:0")
                .start()) {
            int port = app.addresses().get(0).port(); // the port bound for :0
            // ... send requests to port
        } // close(): the graceful stop
        // @end
    }

    void chain(App app) {
        // @start region="chain"
        app.use(RequestId.create())
                .get("/items/:id", Items::show)
                .post("/items", Items::create)
                .group("/admin", admin -> admin.use(MaxBody.bytes(1 << 20)).post("/import", Items::load));
        // @end
    }

    void group(App app) {
        // @start region="group"
        app.group(
                "/api",
                api -> api.use(Timeout.after(Duration.ofSeconds(2))) // for /api/... only
                        .get("/items/:id", Items::show)
                        .group("/v2", v2 -> v2.get("/items/:id", Items::showV2))); // GET /api/v2/items/:id
        // @end
    }

    void embedded(App app) {
        // @start region="embedded"
        EmbeddedChannel ch = new EmbeddedChannel(app.embedded(Transport.HTTP));
        ch.writeInbound(Unpooled.copiedBuffer("GET /health HTTP/1.1\r\nHost: a\r\n\r\n", StandardCharsets.US_ASCII));
        ByteBuf response = ch.readOutbound(); // the whole response; release it when done
        // @end
        response.release();
        ch.finishAndReleaseAll();
    }

    void tls(Path cert, Path key) {
        // @start region="tls"
        App app = App.create()
                .get("/health", ctx -> ctx.send("ok " + ctx.tls().group())) // e.g. "ok X25519MLKEM768"
                .tls(ServerTls.pem(cert, key)) // PEM chain and key
                .listen("https://0.0.0.0:8443", "zaps://0.0.0.0:9443", "http://127.0.0.1:8080")
                .start();
        // @end
        app.close();
    }

    void metrics() {
        // @start region="metrics"
        App app = App.create()
                .get("/users/:id", ctx -> ctx.send("user " + ctx.pathParam("id"))) // counted as route="/users/:id"
                .metrics("127.0.0.1:9100") // GET http://127.0.0.1:9100/metrics
                .listen("http://127.0.0.1:8080", "127.0.0.1:9000")
                .start();
        String text = app.metricsText(); // the same exposition, without a scrape
        // @end
        assert !text.isEmpty();
        app.close();
    }
}
