package dev.zapline.load.shape;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Infers the shape of one JSON body: every path it holds ({@code $} the root, {@code $.a.b} a member, {@code
 * $.items[*]} any element of an array) with the set of {@link JsonType}s found there. Reads the body with Jackson's
 * streaming parser, token by token, keeping nothing of the values. Bounded so that a hostile body cannot take memory:
 * below {@link #MAX_DEPTH} levels containers are typed but not entered, and at most {@code maxPaths} distinct paths
 * are kept; either cut marks the sample {@link Sample#truncated}. A body deeper than Jackson's own nesting limit
 * (1,000 levels) does not parse and counts as not JSON. Thread-safe.
 */
public final class ShapeInference {

    /** Containers this deep (the root at 0) are typed, not entered. */
    public static final int MAX_DEPTH = 64;

    private static final JsonFactory JSON = new JsonFactory();

    private ShapeInference() {}

    /**
     * One body's paths and types.
     *
     * @param types each path, in the order first met, with the set of its types in this body
     * @param truncated whether the depth or path limit left part of the body out
     */
    public record Sample(Map<String, Integer> types, boolean truncated) {}

    /**
     * The shape of {@code body[off, off + len)}, or null when it is not exactly one JSON value (empty, malformed,
     * or followed by anything but whitespace).
     */
    public static Sample infer(byte[] body, int off, int len, int maxPaths) {
        if (len == 0) {
            return null;
        }
        Walk w = new Walk(maxPaths);
        try (JsonParser p = JSON.createParser(body, off, len)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return null;
            }
            w.value(p, t, "$", 0);
            if (p.nextToken() != null) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        return new Sample(w.types, w.truncated);
    }

    /** One body's walk: the paths so far. */
    private static final class Walk {
        private final int maxPaths;
        private final Map<String, Integer> types = new LinkedHashMap<>();
        private boolean truncated;

        Walk(int maxPaths) {
            this.maxPaths = maxPaths;
        }

        /** The value starting at {@code t}, at {@code path}, {@code depth} levels down; the parser ends past it. */
        void value(JsonParser p, JsonToken t, String path, int depth) throws IOException {
            int type = typeOf(t);
            boolean kept = note(path, type);
            if (type != JsonType.OBJECT && type != JsonType.ARRAY) {
                return;
            }
            if (!kept || depth >= MAX_DEPTH) {
                truncated = true;
                p.skipChildren();
                return;
            }
            if (type == JsonType.OBJECT) {
                for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                    String name = p.currentName();
                    value(p, p.nextToken(), member(path, name), depth + 1);
                }
            } else {
                String each = path + "[*]";
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                    value(p, n, each, depth + 1);
                }
            }
        }

        /** Adds {@code type} at {@code path}; false when the path is new and the limit is reached. */
        private boolean note(String path, int type) {
            Integer had = types.get(path);
            if (had == null) {
                if (types.size() >= maxPaths) {
                    truncated = true;
                    return false;
                }
                types.put(path, type);
            } else if ((had | type) != had) {
                types.put(path, had | type);
            }
            return true;
        }
    }

    private static int typeOf(JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> JsonType.OBJECT;
            case START_ARRAY -> JsonType.ARRAY;
            case VALUE_STRING -> JsonType.STRING;
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> JsonType.NUMBER;
            case VALUE_TRUE, VALUE_FALSE -> JsonType.BOOLEAN;
            case VALUE_NULL -> JsonType.NULL;
            default -> throw new IOException("unexpected " + t);
        };
    }

    /**
     * {@code path.name}, or {@code path["name"]} when the name is not a plain identifier (letters, digits, {@code _},
     * {@code -}, not starting with a digit or {@code -}), so that a name with a dot or a bracket cannot read as
     * another path.
     */
    static String member(String path, String name) {
        boolean plain = !name.isEmpty();
        for (int i = 0; i < name.length() && plain; i++) {
            char c = name.charAt(i);
            plain = c >= 'a' && c <= 'z'
                    || c >= 'A' && c <= 'Z'
                    || c == '_'
                    || i > 0 && (c >= '0' && c <= '9' || c == '-');
        }
        if (plain) {
            return path + "." + name;
        }
        StringBuilder b = new StringBuilder(path.length() + name.length() + 4)
                .append(path)
                .append("[\"");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.append("\"]").toString();
    }
}
