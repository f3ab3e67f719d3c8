package dev.zapline.server.internal;

import dev.zapline.server.Ctx;
import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.RouteMatch;

/**
 * Dispatch and completion of one request, the same on every server transport: the dispatcher answers it, the
 * transport waits (pauses the connection, or holds the stream) while the handler has handed off without responding
 * or is streaming, and once the response is complete its listeners run and, with metrics on, it is counted under
 * its route (the unmatched id when no route took it) with its latency. One per connection, on its event loop.
 */
public final class RequestCycle {

    private static final ServerAccess A = ServerAccess.get();

    private final Dispatcher dispatcher;
    /** This loop's metric cells, or null when the app counts nothing. */
    private final LoopMetrics metrics;
    /** The connection's transport index in {@link LoopMetrics}. */
    private final int transport;

    /** For a connection of {@code server} on the current loop, counted as {@code transport} when metrics are on. */
    public RequestCycle(ServerContext server, int transport) {
        this.dispatcher = server.dispatcher();
        this.metrics = server.loopMetrics();
        this.transport = transport;
    }

    /**
     * Answers {@code head} through {@code ctx}; returns whether the response is still being made (handed off or
     * streaming), in which case the transport waits and calls {@link #finish} when it ends, else it calls it now.
     * With metrics on the caller keeps {@link #clock()} read just before, for {@link #finish}.
     */
    public boolean dispatch(Ctx ctx, RequestHead head) {
        dispatcher.dispatch(ctx, head);
        return (A.handOff(ctx) != null && !ctx.responded()) || A.streaming(ctx);
    }

    /** When a request is dispatched, for its latency: {@link System#nanoTime()} with metrics on, else 0. */
    public long clock() {
        return metrics == null ? 0 : System.nanoTime();
    }

    /** The response is complete: completion listeners run, then the request is counted (dispatched at {@code at}). */
    public void finish(Ctx ctx, long at) {
        A.finished(ctx);
        if (metrics != null) {
            RouteMatch<Route> m = A.match(ctx);
            int route = m.outcome() == RouteMatch.Outcome.FOUND ? m.handler().metricsId() : 0;
            RequestHead h = A.head(ctx);
            int method = Method.of(h.bytes(), h.methodStart(), h.methodLength());
            metrics.request(route, transport, method, ctx.status(), System.nanoTime() - at);
        }
    }
}
