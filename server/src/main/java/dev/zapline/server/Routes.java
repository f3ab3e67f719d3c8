package dev.zapline.server;

import dev.zapline.server.internal.Route;
import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.Router;
import dev.zapline.server.internal.route.RouterBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * Route registration, shared by {@link App} and its {@link RouteGroup}s: methods, path patterns ({@code /static},
 * {@code /:param}, trailing {@code /*wildcard}) and handlers; {@link #group} nests a prefix with its own
 * middleware. Every method returns the object it was called on, typed as itself ({@code T}: an {@code App} or a
 * {@code RouteGroup}), so registrations chain.
 *
 * {@snippet class=dev.zapline.server.snippets.AppSnippets region=chain}
 *
 * <p>Routes are compiled into a router when the app starts; conflicting or ambiguous routes fail then, naming
 * both. Not thread-safe: configure from one thread before {@code start()}.
 *
 * @param <T> the concrete type, returned by every registration method
 */
public abstract sealed class Routes<T extends Routes<T>> permits App, RouteGroup {

    private record Entry(int method, String pattern, Handler[] handlers, Routes<?> owner) {}

    private final String prefix;
    private final List<Entry> entries;
    private final List<Handler> middleware = new ArrayList<>();
    private final Routes<?> parent;

    Routes() {
        this("", new ArrayList<>(), null);
    }

    /** A level under {@code parent}: routes added here go into the parent's (the app's) list. */
    Routes(String prefix, Routes<?> parent) {
        this(prefix, parent.entries, parent);
    }

    private Routes(String prefix, List<Entry> entries, Routes<?> parent) {
        this.prefix = prefix;
        this.entries = entries;
        this.parent = parent;
    }

    /** This object, as its own type. */
    abstract T self();

    /** A {@code GET} route (which also answers {@code HEAD}, without the body). */
    public T get(String path, Handler... handlers) {
        return add(Method.GET, path, handlers);
    }

    public T post(String path, Handler... handlers) {
        return add(Method.POST, path, handlers);
    }

    public T put(String path, Handler... handlers) {
        return add(Method.PUT, path, handlers);
    }

    public T patch(String path, Handler... handlers) {
        return add(Method.PATCH, path, handlers);
    }

    public T delete(String path, Handler... handlers) {
        return add(Method.DELETE, path, handlers);
    }

    public T head(String path, Handler... handlers) {
        return add(Method.HEAD, path, handlers);
    }

    public T options(String path, Handler... handlers) {
        return add(Method.OPTIONS, path, handlers);
    }

    /** A route for every method (an explicit method route on the same path wins). */
    public T all(String path, Handler... handlers) {
        return add(Method.ALL, path, handlers);
    }

    /** Middleware for every route of this app or group, run in the order added, before the route's handlers. */
    public T use(Handler middleware) {
        this.middleware.add(middleware);
        return self();
    }

    /**
     * Routes under {@code prefix}, with middleware of their own on top of this level's; {@code body} registers
     * them on the group it is given (whose methods return the group).
     *
     * @throws IllegalArgumentException when {@code prefix} does not start with '/' or ends with one
     */
    public T group(String prefix, Consumer<RouteGroup> body) {
        if (!prefix.startsWith("/") || prefix.endsWith("/")) {
            throw new IllegalArgumentException("group prefix '" + prefix + "' must start and not end with '/'");
        }
        body.accept(new RouteGroup(this.prefix + prefix, this));
        return self();
    }

    private T add(int method, String path, Handler[] handlers) {
        if (handlers.length == 0) {
            throw new IllegalArgumentException(
                    "route " + Method.name(method) + " " + prefix + path + " has no handler");
        }
        String full = prefix + (path.equals("/") && !prefix.isEmpty() ? "" : path);
        entries.add(new Entry(method, full, handlers.clone(), this));
        return self();
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
        List<String> patterns = patterns();
        for (Entry e : entries) {
            List<Handler> chain = e.owner().middlewareChain();
            chain.addAll(Arrays.asList(e.handlers()));
            int id = patterns.indexOf(e.pattern()) + 1;
            b.route(e.method(), e.pattern(), new Route(e.pattern(), chain.toArray(Handler[]::new), id));
        }
        return b.build();
    }

    /** The distinct route patterns in registration order: pattern {@code i} is counted under metrics id i + 1. */
    List<String> patterns() {
        LinkedHashSet<String> p = new LinkedHashSet<>();
        for (Entry e : entries) {
            p.add(e.pattern());
        }
        return List.copyOf(p);
    }
}
