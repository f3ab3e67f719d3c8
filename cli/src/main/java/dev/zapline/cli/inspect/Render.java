package dev.zapline.cli.inspect;

import java.util.List;
import java.util.Map;

/** Prints a description tree as indented text or as JSON. */
public final class Render {

    private Render() {}

    /** Indented "key  value" lines; lists of strings one per line. */
    public static void text(Map<String, Object> tree, StringBuilder out, String indent) {
        int width = 0;
        for (String k : tree.keySet()) {
            width = Math.max(width, k.length());
        }
        for (Map.Entry<String, Object> e : tree.entrySet()) {
            Object v = e.getValue();
            String key = indent + e.getKey();
            if (v instanceof Map<?, ?> m) {
                out.append(key).append('\n');
                text(cast(m), out, indent + "  ");
            } else if (v instanceof List<?> l) {
                out.append(key)
                        .append(" ".repeat(width - e.getKey().length() + 2))
                        .append('(')
                        .append(l.size())
                        .append(")\n");
                for (Object item : l) {
                    out.append(indent).append("  ").append(item).append('\n');
                }
            } else {
                out.append(key)
                        .append(" ".repeat(width - e.getKey().length() + 2))
                        .append(v)
                        .append('\n');
            }
        }
    }

    /** The tree as compact JSON. Strings are escaped per RFC 8259; numbers and booleans are bare. */
    public static void json(Object v, StringBuilder out) {
        if (v instanceof Map<?, ?> m) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                out.append(first ? "" : ",");
                first = false;
                string(e.getKey().toString(), out);
                out.append(':');
                json(e.getValue(), out);
            }
            out.append('}');
        } else if (v instanceof List<?> l) {
            out.append('[');
            for (int i = 0; i < l.size(); i++) {
                out.append(i == 0 ? "" : ",");
                json(l.get(i), out);
            }
            out.append(']');
        } else if (v instanceof Number || v instanceof Boolean) {
            out.append(v);
        } else {
            string(String.valueOf(v), out);
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }
}
