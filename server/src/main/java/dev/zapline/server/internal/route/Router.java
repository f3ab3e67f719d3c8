package dev.zapline.server.internal.route;

import dev.zapline.server.internal.route.RouteMatch.Outcome;
import java.util.Objects;

/**
 * Maps a request method and raw path to a handler, allocating nothing per lookup.
 *
 * {@snippet class=dev.zapline.server.snippets.RouterSnippets region=router}
 *
 * <p>Matching: the path is the raw request target without the query, matched byte for byte, not percent-decoded
 * ({@code /caf%C3%A9} matches only a pattern spelled that way). At each segment a static child is tried before
 * the parameter, and the parameter before the wildcard; when a branch fails deeper down, or its route has no
 * handler for the method, the next one is tried. The first pattern in that order with a handler for the method
 * wins: its own route for the method, else for HEAD its GET route (with {@link RouteMatch#headFromGet()}), else
 * its ALL route. When the path matches patterns but none takes the method, the outcome is
 * {@link Outcome#OPTIONS} for an OPTIONS request and {@link Outcome#METHOD_NOT_ALLOWED} otherwise, with the
 * {@code Allow} value for all of them. Static-only routes are found first by one hash of the whole path; the trie is
 * walked only when that misses.
 *
 * <p>A method the server does not recognise is {@link Outcome#NOT_IMPLEMENTED} (RFC 9110 §9.1: 501 for a method
 * the server does not implement), whatever the path: {@link Method#OTHER} (any extension token, or a lower-case
 * spelling) unless some route takes every method ({@link Method#ALL}). The seven methods a route can name are
 * known, so a path that lacks one gets 404 or 405 with {@code Allow} (§15.5.6), even when no route uses it.
 *
 * <p>Immutable: one router may serve any number of threads at once, each with its own {@link RouteMatch}.
 */
public final class Router<H> {

    private static final int COLLECT = -1;

    private final Node root;
    private final ByteTable<Endpoint> staticRoutes;
    private final int maxParams;
    /** Bit {@code 1 << id} for each request method id some route takes, on some path. */
    private final int implemented;

    Router(Node root, ByteTable<Endpoint> staticRoutes, int maxParams, int implemented) {
        this.root = root;
        this.staticRoutes = staticRoutes;
        this.maxParams = maxParams;
        this.implemented = implemented;
    }

    public static <H> RouterBuilder<H> builder() {
        return new RouterBuilder<>();
    }

    /** The largest number of parameters (wildcard included) of any route; a match needs that capacity. */
    public int maxParams() {
        return maxParams;
    }

    /** A reusable match with room for the parameters of every route of this router. */
    public RouteMatch<H> newMatch() {
        return new RouteMatch<>(maxParams);
    }

    /**
     * Routes a request and writes the result into {@code match}; parameter offsets index {@code buf}.
     *
     * @param method a request method id, {@link Method#GET} to {@link Method#OTHER}
     * @param buf holds the raw path (no query string) at {@code [offset, offset + length)}
     * @return the outcome, also in {@link RouteMatch#outcome()}
     */
    public Outcome lookup(int method, byte[] buf, int offset, int length, RouteMatch<H> match) {
        if (method < Method.GET || method > Method.OTHER) {
            throw new IllegalArgumentException("request method id " + method + " is not in 0.." + Method.OTHER);
        }
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (match.capacity() < maxParams) {
            throw new IllegalArgumentException(
                    "match holds " + match.capacity() + " parameters, routes need " + maxParams + "; use newMatch()");
        }
        match.reset();
        if ((implemented & 1 << method) == 0) {
            return match.notImplemented();
        }
        if (length == 0 || buf[offset] != '/') {
            return match.unmatched(method);
        }
        Endpoint exact = staticRoutes.get(buf, offset, length);
        if (exact != null && exact.handlers[method] != null) {
            return match.found(exact, method, 0);
        }
        if (maxParams == 0) {
            if (exact != null) {
                match.collect(exact);
            }
            return match.unmatched(method);
        }
        int end = offset + length;
        if (walk(root, buf, offset + 1, end, method, 0, match)) {
            return Outcome.FOUND;
        }
        walk(root, buf, offset + 1, end, COLLECT, 0, match);
        return match.unmatched(method);
    }

    /**
     * Answers {@link Outcome#NOT_IMPLEMENTED} into {@code match} without a lookup: for a method the server implements
     * for no route of any router, such as CONNECT, which asks to turn the connection into a tunnel.
     */
    public Outcome notImplemented(RouteMatch<H> match) {
        match.reset();
        return match.notImplemented();
    }

    /** Whether some route takes method id {@code method} ({@link Method#GET} to {@link Method#OTHER}). */
    public boolean isImplemented(int method) {
        return (implemented & 1 << method) != 0;
    }

    /**
     * Matches the segment starting at {@code pos} and the rest below {@code node}, in priority order. With
     * {@code method == COLLECT} it visits every matching endpoint, gathering its methods, and returns false.
     */
    private boolean walk(Node node, byte[] buf, int pos, int end, int method, int params, RouteMatch<H> match) {
        int segEnd = pos;
        while (segEnd < end && buf[segEnd] != '/') {
            segEnd++;
        }
        boolean last = segEnd == end;
        if (node.statics != null) {
            Node child = node.statics.get(buf, pos, segEnd - pos);
            if (child != null
                    && (last
                            ? accept(child, method, params, match)
                            : walk(child, buf, segEnd + 1, end, method, params, match))) {
                return true;
            }
        }
        Node param = node.param;
        if (param != null && segEnd > pos) {
            match.param(params, pos, segEnd - pos);
            if (last
                    ? accept(param, method, params + 1, match)
                    : walk(param, buf, segEnd + 1, end, method, params + 1, match)) {
                return true;
            }
        }
        Node wildcard = node.wildcard;
        if (wildcard != null) {
            match.param(params, pos, end - pos);
            return accept(wildcard, method, params + 1, match);
        }
        return false;
    }

    private boolean accept(Node node, int method, int params, RouteMatch<H> match) {
        Endpoint e = node.endpoint;
        if (e == null) {
            return false;
        }
        if (method == COLLECT) {
            match.collect(e);
            return false;
        }
        if (e.handlers[method] == null) {
            return false;
        }
        match.found(e, method, params);
        return true;
    }
}
