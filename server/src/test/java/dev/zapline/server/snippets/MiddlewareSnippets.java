package dev.zapline.server.snippets;

import dev.zapline.server.App;
import dev.zapline.server.Ctx;
import dev.zapline.server.middleware.AccessLog;
import dev.zapline.server.middleware.Cors;
import dev.zapline.server.middleware.MaxBody;
import dev.zapline.server.middleware.Recover;
import dev.zapline.server.middleware.RequestId;
import dev.zapline.server.middleware.Timeout;
import io.netty.buffer.ByteBuf;
import java.time.Duration;
import java.util.NoSuchElementException;
import java.util.concurrent.RejectedExecutionException;

/** Examples for the middleware in {@code dev.zapline.server.middleware}. */
final class MiddlewareSnippets {

    interface Store {
        void save(Ctx ctx);
    }

    interface Reports {
        void render(Ctx ctx);
    }

    interface Avatars {
        void save(ByteBuf body);
    }

    private static final System.Logger log = System.getLogger("app");
    private Store uploads;
    private Reports reports;
    private Avatars avatars;

    private static void render(Ctx ctx) {
        ctx.send("report");
    }

    void all(App app) {
        // @start region="all"
        app.use(AccessLog.to(System.out::println)) // first: times and logs everything below
                .use(RequestId.create())
                .use(Cors.allowOrigins("https://app.example"))
                .use(Recover.map(IllegalArgumentException.class, 400));
        app.group("/upload", g -> g.use(MaxBody.bytes(1 << 20)).post("/", uploads::save));
        app.group("/reports", g -> g.use(Timeout.after(Duration.ofSeconds(2))).get("/:id", reports::render));
        // @end
    }

    void accessLog(App app) {
        // @start region="accessLog"
        app.use(AccessLog.to(line -> System.out.println(line)));
        // @end
    }

    void requestId(App app) {
        // @start region="requestId"
        app.use(RequestId.create());
        app.get("/work", ctx -> {
            log.log(System.Logger.Level.INFO, "working on {0}", RequestId.of(ctx));
            ctx.send("done");
        });
        // @end
    }

    void recover(App app) {
        // @start region="recover"
        app.use(Recover.map(IllegalArgumentException.class, 400) // detail: the exception's message
                .orMap(NoSuchElementException.class, 404, "no such item")
                .orOn(
                        RejectedExecutionException.class,
                        (ctx, e) -> ctx.status(503).send("busy")));
        // @end
    }

    void maxBody(App app) {
        // @start region="maxBody"
        app.post("/avatar", MaxBody.bytes(256 * 1024), ctx -> {
            avatars.save(ctx.body());
            ctx.status(204).send("");
        });
        app.group("/api", api -> api.use(MaxBody.bytes(64 * 1024)).post("/notes", uploads::save));
        // @end
    }

    void timeout(App app) {
        // @start region="timeout"
        app.group(
                "/reports",
                r -> r.use(Timeout.after(Duration.ofSeconds(2))).get("/:id", ctx -> {
                    var h = ctx.handOff(); // only hand-offs are timed
                    Thread.startVirtualThread(() -> h.complete(MiddlewareSnippets::render));
                }));
        // @end
    }

    void cors(App app) {
        // @start region="cors"
        app.use(Cors.allowOrigins("https://app.example", "https://admin.example")
                .allowMethods("GET", "POST", "DELETE")
                .allowHeaders("content-type", "authorization")
                .allowCredentials()
                .maxAge(Duration.ofMinutes(10)));
        // @end
    }
}
