package dev.zapline.server.snippets;

import dev.zapline.server.App;
import dev.zapline.server.Attribute;
import dev.zapline.server.Ctx;
import dev.zapline.server.HandOff;
import dev.zapline.server.HeaderName;
import dev.zapline.server.Http2Limits;
import dev.zapline.server.HttpStatusException;
import dev.zapline.server.ServerConfig;
import java.time.Duration;

/** Examples for {@link Ctx} and the types a handler meets: headers, errors, attributes, hand-offs, config. */
final class CtxSnippets {

    record User(String id, String name) {}

    interface Users {
        User find(String id);

        User authenticate(Ctx ctx);
    }

    private Users users;

    private static byte[] slowReport() {
        return new byte[0];
    }

    private static void log(int status) {
        System.out.println(status);
    }

    void ctx(App app) {
        // @start region="ctx"
        app.get("/users/:id", ctx -> {
            String id = ctx.pathParam("id"); // allocates the String
            ctx.status(200).header("cache-control", "no-store").json(users.find(id));
        });
        // @end
    }

    void responseHeaders(App app) {
        // @start region="responseHeaders"
        app.use(ctx -> {
            ctx.onDone(
                    c -> { // the response is complete: its headers are final
                        if (c.responseHeaders().get("cache-control") == null) {
                            System.err.println(c.route() + " answered without cache-control");
                        }
                    });
            ctx.next();
        });
        // @end
    }

    static final class Tracing {
        // @start region="headerName"
        static final HeaderName TRACE = HeaderName.of("x-trace-id");
        static final byte[] NONE = {'-'};

        static void handle(Ctx ctx) {
            if (!ctx.hasHeader(TRACE)) { // no allocation: the name was encoded once
                ctx.header(TRACE, NONE);
            }
            ctx.send("ok");
        }
        // @end
    }

    void notFound(Ctx ctx) {
        // @start region="statusException"
        User user = users.find(ctx.pathParam("id"));
        if (user == null) {
            throw new HttpStatusException.NotFound("no user " + ctx.pathParam("id")); // a 404 problem+json
        }
        // @end
    }

    static final class Auth {
        private Users users;

        // @start region="attribute"
        static final Attribute<User> USER = Attribute.perRequest("user");

        void routes(App app) {
            app.use(ctx -> {
                ctx.attribute(USER, users.authenticate(ctx));
                ctx.next();
            });
            app.get("/me", ctx -> ctx.json(ctx.attribute(USER)));
        }
        // @end
    }

    void handler(App app) {
        // @start region="handler"
        app.get("/health", ctx -> ctx.send("ok"));
        app.use(
                ctx -> { // middleware: before and after the rest of the chain
                    ctx.header("x-served-by", "zapline");
                    ctx.next();
                });
        app.use(ctx -> {
            ctx.onDone(c -> log(c.status())); // after the response, 404s included
            ctx.next();
        });
        // @end
    }

    void handOff(App app) {
        // @start region="handOff"
        app.get("/report", ctx -> {
            HandOff h = ctx.handOff();
            Thread.startVirtualThread(() -> {
                byte[] report = slowReport(); // blocking is fine here
                h.complete(c -> c.send(report));
            });
        });
        // @end
    }

    ServerConfig config() {
        // @start region="config"
        ServerConfig c = ServerConfig.defaults().withEventLoops(2).withIdleTimeout(Duration.ofSeconds(5));
        // @end
        return c;
    }

    ServerConfig http2() {
        // @start region="http2"
        ServerConfig c = ServerConfig.defaults()
                .withHttp2(Http2Limits.DEFAULT.withMaxConcurrentStreams(100).withStallTimeout(Duration.ofSeconds(5)));
        // @end
        return c;
    }
}
