package dev.zapline.server.internal.route;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects routes at start-up and compiles them into an immutable {@link Router}. Each route is checked as it is
 * added; a malformed, duplicate or ambiguous one is rejected with an {@link IllegalArgumentException} naming it
 * and, for a clash, the route it clashes with.
 *
 * {@snippet class=dev.zapline.server.snippets.RouterSnippets region=builder}
 *
 * <p>Patterns: static segments ({@code /users/list}), {@code :name} parameters matching one non-empty segment,
 * and a last {@code *name} wildcard matching the rest of the path, slashes included, possibly empty
 * ({@code /static/} matches {@code /static/*path} with an empty {@code path}; {@code /static} does not).
 * {@code /a} and {@code /a/} are different routes. Patterns are compared as UTF-8 bytes against the raw,
 * not percent-decoded request path.
 *
 * <p>Not thread-safe: build on one thread, then share the {@link Router}.
 */
public final class RouterBuilder<H> {

    private final BuildNode root = new BuildNode();
    /** Bit {@code 1 << id} for every registration id routed so far, {@link Method#ALL} included. */
    private int registered;

    RouterBuilder() {}

    /**
     * Adds a route for a method id ({@link Method#GET} ... {@link Method#OPTIONS}, or {@link Method#ALL}: every
     * method, below an explicit route on the same pattern). The one way in: the app's verbs ({@code Routes}) come
     * here with their id.
     */
    public RouterBuilder<H> route(int method, String pattern, H handler) {
        if (method < Method.GET || method > Method.ALL || method == Method.OTHER) {
            throw new IllegalArgumentException("cannot route method id " + method + " for '" + pattern + "'");
        }
        if (handler == null) {
            throw new IllegalArgumentException("null handler for " + Method.name(method) + " '" + pattern + "'");
        }
        root.insert(RoutePattern.parse(pattern), method, handler, Method.name(method) + " " + pattern);
        registered |= 1 << method;
        return this;
    }

    /** Compiles the routes added so far; the builder may go on and build again. */
    public Router<H> build() {
        List<Endpoint> statics = new ArrayList<>();
        Node compiled = root.compile(statics);
        byte[][] keys = new byte[statics.size()][];
        Object[] values = new Object[statics.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = statics.get(i).pattern.getBytes(StandardCharsets.UTF_8);
            values[i] = statics.get(i);
        }
        return new Router<>(compiled, new ByteTable<>(keys, values), root.maxParams(0), implemented(registered));
    }

    /**
     * The request method ids the routes implement (see {@link Router}): the seven methods a route can name always
     * (they are known, so a path without them is a 404 or 405), and extension tokens ({@link Method#OTHER}) only
     * once a route takes ALL.
     */
    static int implemented(int registered) {
        int all = (1 << Method.REQUEST_IDS) - 1;
        return (registered & 1 << Method.ALL) != 0 ? all : all & ~(1 << Method.OTHER);
    }
}
