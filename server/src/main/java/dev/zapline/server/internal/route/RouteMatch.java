package dev.zapline.server.internal.route;

import dev.zapline.server.internal.Percent;
import java.nio.charset.StandardCharsets;

/**
 * The result of a {@link Router#lookup}, written in place so one instance serves request after request.
 * Parameters are offsets into the buffer given to the lookup; their names and the pattern are constants of the
 * router. Only {@link #paramValue} and {@link #paramDecoded} allocate.
 *
 * {@snippet class=dev.zapline.server.snippets.RouterSnippets region=match}
 *
 * <p>Not thread-safe: owned by one connection (or thread) and valid until its next lookup.
 */
public final class RouteMatch<H> {

    /** What a lookup found. */
    public enum Outcome {
        /** A route takes the method: see {@link #handler()}, {@link #pattern()} and the parameters. */
        FOUND,
        /** No route pattern matches the path. */
        NOT_FOUND,
        /** Patterns match the path but none takes the method; answer 405 with {@link #allow()}. */
        METHOD_NOT_ALLOWED,
        /** An OPTIONS request that no route takes, on a path routes match; answer 204 with {@link #allow()}. */
        OPTIONS,
        /**
         * No route of the router takes the method on any path (see {@link Router}); answer 501 (RFC 9110 §9.1,
         * §15.6.2), whatever the path.
         */
        NOT_IMPLEMENTED
    }

    private final int[] starts;
    private final int[] lengths;
    private Outcome outcome = Outcome.NOT_FOUND;
    private Object handler;
    private String pattern;
    private String[] names;
    private int paramCount;
    private boolean headFromGet;
    private byte[] allow;
    private int collected;

    /** A match for routes of at most {@code capacity} parameters; usually made by {@link Router#newMatch()}. */
    public RouteMatch(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity " + capacity + " < 0");
        }
        this.starts = new int[capacity];
        this.lengths = new int[capacity];
    }

    public int capacity() {
        return starts.length;
    }

    public Outcome outcome() {
        return outcome;
    }

    /** The handler when {@link Outcome#FOUND}, else {@code null}. */
    @SuppressWarnings("unchecked")
    public H handler() {
        return (H) handler;
    }

    /**
     * The registered pattern, for logs: of the route found, or for METHOD_NOT_ALLOWED and OPTIONS of the first
     * pattern matching the path in priority order; {@code null} for NOT_FOUND and NOT_IMPLEMENTED.
     */
    public String pattern() {
        return pattern;
    }

    /** True when a HEAD request was routed to a GET route: the server must send no body. */
    public boolean headFromGet() {
        return headFromGet;
    }

    /**
     * The {@code Allow} header value, such as {@code GET, HEAD, OPTIONS}, for METHOD_NOT_ALLOWED and OPTIONS;
     * {@code null} otherwise. Shared between lookups and threads: never modify it.
     */
    public byte[] allow() {
        return allow;
    }

    /** The number of parameters, the wildcard included; 0 unless {@link Outcome#FOUND}. */
    public int paramCount() {
        return paramCount;
    }

    /** The name of parameter {@code i} as spelled in the pattern, without {@code :} or {@code *}. */
    public String paramName(int i) {
        return names[checkIndex(i)];
    }

    /** The index of the parameter named {@code name}, or -1. */
    public int param(String name) {
        for (int i = 0; i < paramCount; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Where parameter {@code i} starts in the buffer given to the lookup. */
    public int paramStart(int i) {
        return starts[checkIndex(i)];
    }

    /** The length in bytes of parameter {@code i}; a wildcard may be empty, a {@code :param} never is. */
    public int paramLength(int i) {
        return lengths[checkIndex(i)];
    }

    /** Allocating: parameter {@code i} as it was in the path (raw, still percent-encoded), read as UTF-8. */
    public String paramValue(int i, byte[] buf) {
        return new String(buf, paramStart(i), paramLength(i), StandardCharsets.UTF_8);
    }

    /**
     * Allocating: parameter {@code i} percent-decoded (RFC 3986 §2.1) and read as UTF-8. A {@code %} not
     * followed by two hex digits is kept as it is; {@code +} stays {@code +} (it means space only in forms).
     */
    public String paramDecoded(int i, byte[] buf) {
        return Percent.decode(buf, paramStart(i), paramLength(i), false);
    }

    private int checkIndex(int i) {
        if (i < 0 || i >= paramCount) {
            throw new IndexOutOfBoundsException("parameter " + i + " of " + paramCount);
        }
        return i;
    }

    /**
     * Before a lookup. The references are left for {@link #found} and {@link #unmatched} to set, and set only when
     * they change: a reference store costs a GC write barrier, and a connection mostly asks for the same routes.
     */
    void reset() {
        paramCount = 0;
        headFromGet = false;
        collected = 0;
    }

    void param(int i, int start, int length) {
        starts[i] = start;
        lengths[i] = length;
    }

    Outcome found(Endpoint e, int method, int params) {
        Object h = e.handlers[method];
        if (outcome != Outcome.FOUND) {
            outcome = Outcome.FOUND;
        }
        if (handler != h) {
            handler = h;
        }
        if (pattern != e.pattern) {
            pattern = e.pattern;
        }
        if (names != e.paramNames) {
            names = e.paramNames;
        }
        if (allow != null) {
            allow = null;
        }
        paramCount = params;
        headFromGet = method == Method.HEAD && e.headFromGet;
        return Outcome.FOUND;
    }

    void collect(Endpoint e) {
        if (collected == 0) {
            pattern = e.pattern;
        }
        collected |= e.methodMask;
    }

    Outcome notImplemented() {
        handler = null;
        names = null;
        pattern = null;
        allow = null;
        outcome = Outcome.NOT_IMPLEMENTED;
        return outcome;
    }

    Outcome unmatched(int method) {
        handler = null;
        names = null;
        if (collected == 0) {
            outcome = Outcome.NOT_FOUND;
            pattern = null;
            allow = null;
        } else {
            outcome = method == Method.OPTIONS ? Outcome.OPTIONS : Outcome.METHOD_NOT_ALLOWED;
            allow = AllowValues.of(collected);
        }
        return outcome;
    }
}
