package dev.zapline.server.internal.route;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mutable trie a {@link RouterBuilder} grows, checking each route against the ones already there, then
 * compiles into immutable {@link Node}s. A node holds one parameter name and one wildcard name, so two patterns
 * that differ only in a name at the same position are rejected, whatever their methods.
 */
final class BuildNode {

    private final Map<String, BuildNode> statics = new LinkedHashMap<>();
    private final Named param = new Named(':');
    private final Named wildcard = new Named('*');

    private RoutePattern pattern;
    private final Object[] handlers = new Object[Method.ALL + 1];
    private final String[] owners = new String[Method.ALL + 1];

    /** Adds a route; {@code route} describes it (for example {@code "GET /users/:id"}) in error messages. */
    void insert(RoutePattern p, int method, Object handler, String route) {
        BuildNode node = this;
        for (int i = 0; i < p.kinds.length; i++) {
            node = switch (p.kinds[i]) {
                case RoutePattern.STATIC ->
                    node.statics.computeIfAbsent(
                            new String((byte[]) p.values[i], StandardCharsets.ISO_8859_1), k -> new BuildNode());
                case RoutePattern.PARAM -> node.param.child((String) p.values[i], route);
                default -> node.wildcard.child((String) p.values[i], route);
            };
        }
        if (node.handlers[method] != null) {
            throw new IllegalArgumentException(
                    "duplicate route '" + route + "': already registered as '" + node.owners[method] + "'");
        }
        node.pattern = p;
        node.handlers[method] = handler;
        node.owners[method] = route;
    }

    /** The parameter or the wildcard child of a node: one name per position, kept with the route that named it. */
    private static final class Named {

        private final char sigil;
        BuildNode node;
        private String name;
        private String owner;

        Named(char sigil) {
            this.sigil = sigil;
        }

        /** The child for segment {@code name} of {@code route}; fails when another name holds the position. */
        BuildNode child(String name, String route) {
            if (node == null) {
                node = new BuildNode();
                this.name = name;
                this.owner = route;
            } else if (!this.name.equals(name)) {
                throw ambiguous(route, sigil + name, owner, sigil + this.name);
            }
            return node;
        }
    }

    private static IllegalArgumentException ambiguous(String route, String segment, String owner, String existing) {
        return new IllegalArgumentException("route '" + route + "' is ambiguous with '" + owner + "': '" + segment
                + "' and '" + existing + "' name the same position; use one name");
    }

    /** Compiles this subtree; static-only endpoints are also appended to {@code staticEndpoints}. */
    Node compile(List<Endpoint> staticEndpoints) {
        ByteTable<Node> table = null;
        if (!statics.isEmpty()) {
            byte[][] keys = new byte[statics.size()][];
            Object[] children = new Object[statics.size()];
            int i = 0;
            for (Map.Entry<String, BuildNode> e : statics.entrySet()) {
                keys[i] = e.getKey().getBytes(StandardCharsets.ISO_8859_1);
                children[i++] = e.getValue().compile(staticEndpoints);
            }
            table = new ByteTable<>(keys, children);
        }
        Endpoint endpoint = null;
        if (pattern != null) {
            endpoint = new Endpoint(pattern.text, pattern.paramNames, handlers);
            if (pattern.isStatic()) {
                staticEndpoints.add(endpoint);
            }
        }
        return new Node(
                table,
                param.node == null ? null : param.node.compile(staticEndpoints),
                wildcard.node == null ? null : wildcard.node.compile(staticEndpoints),
                endpoint);
    }

    /** The largest number of parameters of any route in this subtree, counted from {@code depth}. */
    int maxParams(int depth) {
        int max = pattern == null ? 0 : depth;
        for (BuildNode child : statics.values()) {
            max = Math.max(max, child.maxParams(depth));
        }
        for (Named child : new Named[] {param, wildcard}) {
            if (child.node != null) {
                max = Math.max(max, child.node.maxParams(depth + 1));
            }
        }
        return max;
    }
}
