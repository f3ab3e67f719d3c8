package dev.zapline.load.control;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A strict reader of one flat JSON object, {@code {"key": value, ...}}, whose values are strings or numbers: what a
 * control command is. Anything else (nesting, {@code true}, {@code null}, a duplicate key, text after the object) is
 * refused with the 1-based column where it went wrong, so a typo is never half read. The load module has no JSON
 * library on its main class path, and a command needs no more than this.
 */
final class FlatJson {

    private final String text;
    private int pos;

    private FlatJson(String text) {
        this.text = text;
    }

    /**
     * The object's members in order: each value a {@link String} or a {@link Double}.
     *
     * @throws IllegalArgumentException naming the column, for anything but one flat object of strings and numbers
     */
    static Map<String, Object> parse(String text) {
        return new FlatJson(text).object();
    }

    private Map<String, Object> object() {
        Map<String, Object> members = new LinkedHashMap<>();
        space();
        expect('{', "a JSON object, '{'");
        space();
        if (peek() == '}') {
            pos++;
        } else {
            while (true) {
                space();
                int at = pos;
                if (peek() != '"') {
                    throw error("expected a key in double quotes");
                }
                String key = string();
                space();
                expect(':', "':' after the key");
                space();
                Object value = value(key);
                if (members.put(key, value) != null) {
                    pos = at;
                    throw error("key '" + key + "' given twice");
                }
                space();
                if (peek() == ',') {
                    pos++;
                } else {
                    expect('}', "',' or '}'");
                    break;
                }
            }
        }
        space();
        if (pos < text.length()) {
            throw error("text after the object");
        }
        return members;
    }

    private Object value(String key) {
        int c = peek();
        if (c == '"') {
            return string();
        }
        if (c == '-' || c >= '0' && c <= '9') {
            return number();
        }
        if (c == '{' || c == '[') {
            throw error("the value of '" + key + "' must be a string or a number, not an object or array");
        }
        if (c == EOF) {
            throw error("the value of '" + key + "' is missing");
        }
        throw error("the value of '" + key + "' must be a string or a number (in double quotes if text)");
    }

    private String string() {
        pos++;
        StringBuilder b = new StringBuilder();
        while (true) {
            int c = peek();
            if (c == EOF) {
                throw error("unterminated string");
            }
            pos++;
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("control character in a string (escape it)");
            }
            if (c != '\\') {
                b.append((char) c);
                continue;
            }
            int e = peek();
            pos++;
            switch (e) {
                case '"', '\\', '/' -> b.append((char) e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> b.append(unicode());
                default -> {
                    pos -= 2;
                    throw error("bad escape in a string");
                }
            }
        }
    }

    private char unicode() {
        if (pos + 4 > text.length()) {
            throw error("\\u needs four hex digits");
        }
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int d = Character.digit(text.charAt(pos), 16);
            if (d < 0) {
                throw error("\\u needs four hex digits");
            }
            v = v * 16 + d;
            pos++;
        }
        return (char) v;
    }

    /** A number as JSON writes it: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    private Double number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else if (!digits()) {
            throw error("a number needs digits");
        }
        if (peek() == '.') {
            pos++;
            if (!digits()) {
                throw error("a number needs digits after '.'");
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!digits()) {
                throw error("a number needs digits in its exponent");
            }
        }
        double v = Double.parseDouble(text.substring(start, pos));
        if (!Double.isFinite(v)) {
            pos = start;
            throw error("number out of range");
        }
        return v;
    }

    private boolean digits() {
        int start = pos;
        while (peek() >= '0' && peek() <= '9') {
            pos++;
        }
        return pos > start;
    }

    private void space() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private void expect(char c, String what) {
        if (peek() != c) {
            throw error("expected " + what);
        }
        pos++;
    }

    /** What {@link #peek} gives at the end of the text: no char. */
    private static final int EOF = -1;

    private int peek() {
        return pos < text.length() ? text.charAt(pos) : EOF;
    }

    private IllegalArgumentException error(String why) {
        int c = peek();
        String found = c == EOF
                ? "the end of the line"
                : c < 0x20 ? String.format(java.util.Locale.ROOT, "U+%04X", c) : "'" + (char) c + "'";
        return new IllegalArgumentException("column " + (pos + 1) + ": " + why + ", found " + found);
    }
}
