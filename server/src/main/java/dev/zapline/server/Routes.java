package dev.zapline.server;

import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.Router;
import dev.zapline.server.internal.route.RouterBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Route registration, shared by {@link App} and its groups: methods, path patterns ({@code /static},
 * {@code /:param}, trailing {@code /*wildcard}) and handlers; {@link #group} nests a prefix with its own
 * middleware. Routes are compiled into a router when the app starts; conflicting or ambiguous routes fail then,
 * naming both. Not thread-safe: configure from one thread before {@code start()}.
 */
public class Routes {

    private record Entry(int method, String pattern, Handler[] handlers, Routes owner) {}

    private final String prefix;
    private final List<Entry> entries;
    private final List<Handler> middleware = new ArrayList<>();
    private final Routes parent;

    Routes() {
        this("", new ArrayList<>(), null);
    }

    private Routes(String prefix, List<Entry> entries, Routes parent) {
        this.prefix = prefix;
        this.entries = entries;
        this.parent = parent;
    }

    public Routes get(String path, Handler... handlers) {
        return add(Method.GET, path, handlers);
    }

    public Routes post(String path, Handler... handlers) {
        return add(Method.POST, path, handlers);
    }

    public Routes put(String path, Handler... handlers) {
        return add(Method.PUT, path, handlers);
    }

    public Routes patch(String path, Handler... handlers) {
        return add(Method.PATCH, path, handlers);
    }

    public Routes delete(String path, Handler... handlers) {
        return add(Method.DELETE, path, handlers);
    }

    public Routes head(String path, Handler... handlers) {
        return add(Method.HEAD, path, handlers);
    }

    public Routes options(String path, Handler... handlers) {
        return add(Method.OPTIONS, path, handlers);
    }

    /** A route for every method (an explicit method route on the same path wins). */
    public Routes all(String path, Handler... handlers) {
        return add(Method.ALL, path, handlers);
    }

    /** Middleware for every route of this app or group, run in the order added, before the route's handlers. */
    public Routes use(Handler middleware) {
        this.middleware.add(middleware);
        return this;
    }

    /** Routes under {@code prefix}, with middleware of their own on top of this level's. */
    public Routes group(String prefix, Consumer<Routes> body) {
        if (!prefix.startsWith("/") || prefix.endsWith("/")) {
            throw new IllegalArgumentException("group prefix '" + prefix + "' must start and not end with '/'");
        }
        body.accept(new Routes(this.prefix + prefix, entries, this));
        return this;
    }

    private Routes add(int method, String path, Handler[] handlers) {
        if (handlers.length == 0) {
            throw new IllegalArgumentException("route " + Method.name(method) + " " + prefix + path + " has no handler");
        }
        String full = prefix + (path.equals("/") && !prefix.isEmpty() ? "" : path);
        entries.add(new Entry(method, full, handlers.clone(), this));
        return this;
    }

    /** Middleware from the app down to this level, in order. */
    private List<Handler> middlewareChain() {
        List<Handler> chain = parent == null ? new ArrayList<>() : parent.middlewareChain();
        chain.addAll(middleware);
        return chain;
    }

    /** The app-level middleware, run for requests no route takes (404, 405, OPTIONS) too. */
    Handler[] rootMiddleware() {
        return middleware.toArray(Handler[]::new);
    }

    /** Compiles every route into a router; each chain is the middleware above it, then its handlers. */
    Router<Route> compile() {
        RouterBuilder<Route> b = Router.builder();
        for (Entry e : entries) {
            List<Handler> chain = e.owner().middlewareChain();
            chain.addAll(Arrays.asList(e.handlers()));
            b.route(e.method(), e.pattern(), new Route(e.pattern(), chain.toArray(Handler[]::new)));
        }
        return b.build();
    }
}
