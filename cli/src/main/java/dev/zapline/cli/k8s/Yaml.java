package dev.zapline.cli.k8s;

import java.util.Locale;

/**
 * Lines of block-style YAML written by hand, so that a manifest is the same bytes for the same inputs: two spaces
 * per level, and every string value in double quotes (a run id such as {@code 1e100000} or a value {@code yes}
 * would otherwise be read as a number or a boolean). Not thread-safe.
 */
final class Yaml {

    private final StringBuilder out = new StringBuilder();

    /** {@code # text}, or an empty comment line for an empty {@code text}. */
    Yaml comment(int depth, String text) {
        indent(depth).append(text.isEmpty() ? "#" : "# " + text).append('\n');
        return this;
    }

    /** {@code key:}, opening a mapping or a sequence below. */
    Yaml key(int depth, String key) {
        indent(depth).append(key).append(":\n");
        return this;
    }

    /** {@code key: "value"}. */
    Yaml string(int depth, String key, String value) {
        indent(depth).append(key).append(": ").append(quote(value)).append('\n');
        return this;
    }

    /** {@code key: value} for a number, a boolean or a fixed word that needs no quotes. */
    Yaml plain(int depth, String key, Object value) {
        indent(depth).append(key).append(": ").append(value).append('\n');
        return this;
    }

    /** {@code - "value"}, an item of a sequence of strings. */
    Yaml item(int depth, String value) {
        indent(depth).append("- ").append(quote(value)).append('\n');
        return this;
    }

    /** {@code - key: "value"}, the first member of a mapping that is an item of a sequence. */
    Yaml itemString(int depth, String key, String value) {
        indent(depth).append("- ").append(key).append(": ").append(quote(value)).append('\n');
        return this;
    }

    /** {@code - key:}, the first member of a mapping that is an item of a sequence, opening a collection. */
    Yaml itemKey(int depth, String key) {
        indent(depth).append("- ").append(key).append(":\n");
        return this;
    }

    /** {@code - key: value} unquoted. */
    Yaml itemPlain(int depth, String key, Object value) {
        indent(depth).append("- ").append(key).append(": ").append(value).append('\n');
        return this;
    }

    /** The document separator {@code ---}. */
    Yaml document() {
        out.append("---\n");
        return this;
    }

    /** The text so far. */
    String text() {
        return out.toString();
    }

    /** {@code s} as a YAML double-quoted scalar, characters YAML would not take as they are escaped. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029' || c >= '\ufffe') {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    private StringBuilder indent(int depth) {
        return out.append("  ".repeat(depth));
    }
}
