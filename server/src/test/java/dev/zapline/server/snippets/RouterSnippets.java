package dev.zapline.server.snippets;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.RouteMatch;
import dev.zapline.server.internal.route.RouteMatch.Outcome;
import dev.zapline.server.internal.route.Router;

/** Examples for the router in {@code dev.zapline.server.internal.route}. */
final class RouterSnippets {

    private Handler showUser;
    private Handler createUser;
    private Handler files;
    private byte[] buf;
    private int methodOff;
    private int methodLen;
    private int pathOff;
    private int pathLen;

    private static void respond(int status, String header, byte[] value) {}

    private static void respond(int status) {}

    private static void show(long userId) {}

    private static long parseLong(byte[] b, int offset, int length) {
        long v = 0;
        for (int i = offset; i < offset + length; i++) {
            v = v * 10 + b[i] - '0';
        }
        return v;
    }

    Router<Handler> builder() {
        // @start region="builder"
        Router<Handler> router = Router.<Handler>builder()
                .route(Method.GET, "/users/:id", showUser)
                .route(Method.POST, "/users", createUser)
                .route(Method.GET, "/static/*path", files)
                .build();
        // @end
        return router;
    }

    void router(Ctx ctx) throws Exception {
        // @start region="router"
        Router<Handler> router = Router.<Handler>builder()
                .route(Method.GET, "/users/:id", showUser)
                .build();
        RouteMatch<Handler> match = router.newMatch(); // one per connection, reused
        int method = Method.of(buf, methodOff, methodLen);
        switch (router.lookup(method, buf, pathOff, pathLen, match)) {
            case FOUND -> match.handler().handle(ctx); // match.paramStart(0), match.paramLength(0)
            case OPTIONS -> respond(204, "Allow", match.allow());
            case METHOD_NOT_ALLOWED -> respond(405, "Allow", match.allow());
            case NOT_FOUND -> respond(404);
            case NOT_IMPLEMENTED -> respond(501);
        }
        // @end
    }

    void match(Router<Handler> router, byte[] buf, int off, int len) {
        // @start region="match"
        RouteMatch<Handler> match = router.newMatch();
        if (router.lookup(Method.GET, buf, off, len, match) == RouteMatch.Outcome.FOUND) {
            int id = match.param("id"); // index, or -1
            long userId = parseLong(buf, match.paramStart(id), match.paramLength(id));
            show(userId);
        }
        // @end
    }

    Outcome method(
            Router<Handler> router,
            RouteMatch<Handler> match,
            int methodOffset,
            int methodLength,
            int pathOffset,
            int pathLength) {
        // @start region="method"
        int method = Method.of(buf, methodOffset, methodLength); // no allocation
        Outcome o = router.lookup(method, buf, pathOffset, pathLength, match);
        // @end
        return o;
    }
}
