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
    private BuildNode param;
    private String paramName;
    private String paramOwner;
    private BuildNode wildcard;
    private String wildcardName;
    private String wildcardOwner;

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
                case RoutePattern.PARAM -> node.paramChild((String) p.values[i], route);
                default -> node.wildcardChild((String) p.values[i], route);
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

    private BuildNode paramChild(String name, String route) {
        if (param == null) {
            param = new BuildNode();
            paramName = name;
            paramOwner = route;
        } else if (!paramName.equals(name)) {
            throw ambiguous(route, ":" + name, paramOwner, ":" + paramName);
        }
        return param;
    }

    private BuildNode wildcardChild(String name, String route) {
        if (wildcard == null) {
            wildcard = new BuildNode();
            wildcardName = name;
            wildcardOwner = route;
        } else if (!wildcardName.equals(name)) {
            throw ambiguous(route, "*" + name, wildcardOwner, "*" + wildcardName);
        }
        return wildcard;
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
                param == null ? null : param.compile(staticEndpoints),
                wildcard == null ? null : wildcard.compile(staticEndpoints),
                endpoint);
    }

    /** The largest number of parameters of any route in this subtree, counted from {@code depth}. */
    int maxParams(int depth) {
        int max = pattern == null ? 0 : depth;
        for (BuildNode child : statics.values()) {
            max = Math.max(max, child.maxParams(depth));
        }
        if (param != null) {
            max = Math.max(max, param.maxParams(depth + 1));
        }
        if (wildcard != null) {
            max = Math.max(max, wildcard.maxParams(depth + 1));
        }
        return max;
    }
}
