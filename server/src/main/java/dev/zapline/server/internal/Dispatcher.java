package dev.zapline.server.internal;

import dev.zapline.codec.http1.RequestTarget;
import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.RouteMatch;
import dev.zapline.server.internal.route.Router;

/**
 * Routes a request and runs its chain, the same for every transport: lookup (no allocation), then the route's
 * precompiled chain of middleware and handler; 404, 405 with Allow, OPTIONS answered from the route table, and 501
 * for a method no route implements, CONNECT always (a tunnel is not something a handler can serve); every failure
 * rendered by {@link ErrorRenderer}. Shared by all connections; stateless apart from the router.
 */
public final class Dispatcher {

    private static final ServerAccess A = ServerAccess.get();

    private static final Handler[] NONE = new Handler[0];

    private final Router<Route> router;
    private final Handler[] middleware;

    public Dispatcher(Router<Route> router, Handler[] middleware) {
        this.router = router;
        this.middleware = middleware;
    }

    public RouteMatch<Route> newMatch() {
        return router.newMatch();
    }

    /** Answers the request {@code head} through {@code ctx}; on return the response is sent or handed off. */
    public void dispatch(Ctx ctx, RequestHead head) {
        RouteMatch<Route> m = A.match(ctx);
        byte[] b = head.bytes();
        int method = Method.of(b, head.methodStart(), head.methodLength());
        RouteMatch.Outcome outcome =
                method == Method.OTHER && RequestTarget.isConnect(b, head.methodStart(), head.methodLength())
                        ? router.notImplemented(m)
                        : router.lookup(method, b, head.targetStart(), head.pathLength(), m);
        boolean omitBody = method == Method.HEAD;
        switch (outcome) {
            case FOUND -> A.reset(ctx, head, m.handler().chain(), omitBody);
            default -> A.reset(ctx, head, middleware.length == 0 ? NONE : middleware, omitBody);
        }
        try {
            ctx.next();
            if (outcome != RouteMatch.Outcome.FOUND && !ctx.responded()) {
                unrouted(ctx, outcome, m);
            } else if (!ctx.responded() && A.handOff(ctx) == null) {
                ctx.send(EMPTY);
            }
        } catch (Throwable t) {
            ErrorRenderer.render(ctx, t);
        }
    }

    private static final byte[] EMPTY = new byte[0];

    private static void unrouted(Ctx ctx, RouteMatch.Outcome outcome, RouteMatch<Route> m) {
        switch (outcome) {
            case METHOD_NOT_ALLOWED -> {
                ctx.clearHeaders();
                A.addHeader(ctx.responseHeaders(), HeaderNames.ALLOW, m.allow());
                ErrorRenderer.problemKeepingHeaders(
                        ctx, 405, "method " + ctx.method() + " is not allowed on " + ctx.path());
            }
            case OPTIONS -> {
                A.addHeader(ctx.status(204).responseHeaders(), HeaderNames.ALLOW, m.allow());
                ctx.send(EMPTY);
            }
            case NOT_IMPLEMENTED -> ErrorRenderer.problem(ctx, 501, "method " + ctx.method() + " is not implemented");
            default -> ErrorRenderer.problem(ctx, 404, "no route for " + ctx.path());
        }
    }

    /** Runs {@code responder} to complete a handed-off request. */
    public static void complete(Ctx ctx, Handler responder) {
        try {
            responder.handle(ctx);
            if (!ctx.responded()) {
                ctx.send(EMPTY);
            }
        } catch (Throwable t) {
            ErrorRenderer.render(ctx, t);
        }
    }
}
