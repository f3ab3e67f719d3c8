package dev.zapline.server.internal.route;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A route pattern split into segments: {@code /users/:id/files/*path} is the static segment {@code users}, the
 * parameter {@code id}, the static segment {@code files} and the wildcard {@code path}. An empty last segment is
 * kept, so {@code /} is one empty static segment and {@code /a/} is {@code a} followed by an empty one.
 */
final class RoutePattern {

    static final int STATIC = 0;
    static final int PARAM = 1;
    static final int WILDCARD = 2;

    final String text;
    /** Per segment: {@link #STATIC}, {@link #PARAM} or {@link #WILDCARD}. */
    final int[] kinds;
    /** Per segment: the UTF-8 bytes of a static segment, or the name of a parameter or wildcard. */
    final Object[] values;
    /** Parameter and wildcard names in path order. */
    final String[] paramNames;

    private RoutePattern(String text, int[] kinds, Object[] values, String[] paramNames) {
        this.text = text;
        this.kinds = kinds;
        this.values = values;
        this.paramNames = paramNames;
    }

    boolean isStatic() {
        return paramNames.length == 0;
    }

    /** Parses a pattern, rejecting malformed ones with an {@link IllegalArgumentException} that names it. */
    static RoutePattern parse(String pattern) {
        if (pattern == null || pattern.isEmpty() || pattern.charAt(0) != '/') {
            throw new IllegalArgumentException("route pattern must start with '/': '" + pattern + "'");
        }
        if (pattern.indexOf('?') >= 0 || pattern.indexOf('#') >= 0) {
            throw new IllegalArgumentException("route pattern must not contain '?' or '#' (a path has no query "
                    + "or fragment): '" + pattern + "'");
        }
        String[] parts = pattern.substring(1).split("/", -1);
        int[] kinds = new int[parts.length];
        Object[] values = new Object[parts.length];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            boolean last = i == parts.length - 1;
            if (part.isEmpty() && !last) {
                throw new IllegalArgumentException("empty segment ('//') in route pattern '" + pattern + "'");
            }
            char first = part.isEmpty() ? 0 : part.charAt(0);
            if (first == ':' || first == '*') {
                String name = part.substring(1);
                if (name.isEmpty()) {
                    throw new IllegalArgumentException("empty " + (first == ':' ? "parameter" : "wildcard")
                            + " name in segment " + (i + 1) + " of route pattern '" + pattern + "'");
                }
                if (first == '*' && !last) {
                    throw new IllegalArgumentException(
                            "wildcard '" + part + "' must be the last segment of route " + "pattern '" + pattern + "'");
                }
                if (names.contains(name)) {
                    throw new IllegalArgumentException(
                            "parameter name '" + name + "' used twice in route pattern '" + pattern + "'");
                }
                names.add(name);
                kinds[i] = first == ':' ? PARAM : WILDCARD;
                values[i] = name;
            } else {
                kinds[i] = STATIC;
                values[i] = part.getBytes(StandardCharsets.UTF_8);
            }
        }
        return new RoutePattern(pattern, kinds, values, names.toArray(new String[0]));
    }
}
