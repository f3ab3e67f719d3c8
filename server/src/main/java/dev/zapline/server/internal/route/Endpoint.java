package dev.zapline.server.internal.route;

/**
 * What one route pattern answers, resolved per request method at build time so a lookup is one array read:
 * an explicit route for the method first, then (for HEAD) the GET route, then the ALL route.
 */
public final class Endpoint {

    final String pattern;
    final String[] paramNames;
    /** Indexed by request method id, {@link Method#GET} to {@link Method#OTHER}; {@code null} when not routed. */
    final Object[] handlers;
    /** True when HEAD resolved to the GET route, so the response must carry no body. */
    final boolean headFromGet;
    /** Bit {@code 1 << id} for every method registered on this pattern, {@link Method#ALL} included. */
    final int methodMask;

    /** {@code explicit} is indexed by registration id, {@link Method#GET} to {@link Method#ALL}. */
    Endpoint(String pattern, String[] paramNames, Object[] explicit) {
        this.pattern = pattern;
        this.paramNames = paramNames;
        this.handlers = new Object[Method.REQUEST_IDS];
        int mask = 0;
        for (int id = Method.GET; id <= Method.ALL; id++) {
            if (explicit[id] != null) {
                mask |= 1 << id;
            }
        }
        for (int id = Method.GET; id <= Method.OPTIONS; id++) {
            handlers[id] = explicit[id];
        }
        this.headFromGet = explicit[Method.HEAD] == null && explicit[Method.GET] != null;
        if (headFromGet) {
            handlers[Method.HEAD] = explicit[Method.GET];
        }
        for (int id = Method.GET; id <= Method.OTHER; id++) {
            if (handlers[id] == null) {
                handlers[id] = explicit[Method.ALL];
            }
        }
        this.methodMask = mask;
    }
}
