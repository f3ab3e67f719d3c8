package dev.zapline.load.journey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for environment and data files that keeps each value's {@code line:column}, so that a user's
 * mistake is reported where it is. Numbers keep the text they were written with. Duplicate keys are refused (they
 * are a mistake in a hand-written file). Not for responses: the runtime scans those without building a tree.
 */
final class JsonText {

    /** A JSON value and where it starts. */
    sealed interface Value {
        Location location();
    }

    record Str(String text, Location location) implements Value {}

    record Num(String text, Location location) implements Value {}

    record Bool(boolean value, Location location) implements Value {}

    record Null(Location location) implements Value {}

    record Arr(List<Value> items, Location location) implements Value {}

    /** An object's members in file order; each key's own location is in {@code keys}. */
    record Obj(Map<String, Value> members, Map<String, Location> keys, Location location) implements Value {}

    private final Path file;
    private final String s;
    private int pos;
    private int line = 1;
    private int lineStart;

    private JsonText(Path file, String text) {
        this.file = file;
        this.s = text;
    }

    /** Reads {@code file} (UTF-8, a byte order mark skipped) as one JSON value. */
    static Value read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new JourneyException(new Location(file, 1, 1), "cannot read the file: " + e);
        }
        return parse(file, text);
    }

    /** Parses {@code text} as one JSON value; {@code file} is for messages. */
    static Value parse(Path file, String text) {
        JsonText r = new JsonText(file, text);
        if (text.startsWith("\uFEFF")) {
            r.pos = 1;
            r.lineStart = 1;
        }
        r.skipSpace();
        Value v = r.value();
        r.skipSpace();
        if (r.pos < text.length()) {
            throw r.error("expected the end of the file after the JSON value");
        }
        return v;
    }

    /** A JSON string's content and the index just after its closing quote. */
    record Scanned(String value, int end) {}

    /**
     * Reads the JSON string that starts with the quote at {@code text[start]}, {@code text} being line {@code line}
     * of {@code file}; an error is reported at its column in that line.
     */
    static Scanned string(Path file, int line, String text, int start) {
        JsonText r = new JsonText(file, text);
        r.line = line;
        r.pos = start;
        String value = r.string();
        return new Scanned(value, r.pos);
    }

    /** What a value is, for messages: "a string", "an object"... */
    static String describe(Value v) {
        return switch (v) {
            case Str s -> "a string";
            case Num n -> "a number";
            case Bool b -> "a boolean";
            case Null n -> "null";
            case Arr a -> "an array";
            case Obj o -> "an object";
        };
    }

    private Location here() {
        return new Location(file, line, pos - lineStart + 1);
    }

    private JourneyException error(String expected) {
        String found = pos >= s.length() ? "the end of the file" : "'" + s.charAt(pos) + "'";
        return new JourneyException(here(), expected + ", found " + found);
    }

    private void skipSpace() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == '\n') {
                line++;
                lineStart = pos + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private Value value() {
        Location at = here();
        if (pos >= s.length()) {
            throw error("expected a JSON value");
        }
        char c = s.charAt(pos);
        if (c == '{') {
            return object(at);
        } else if (c == '[') {
            return array(at);
        } else if (c == '"') {
            return new Str(string(), at);
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            return new Num(number(), at);
        } else if (s.startsWith("true", pos)) {
            pos += 4;
            return new Bool(true, at);
        } else if (s.startsWith("false", pos)) {
            pos += 5;
            return new Bool(false, at);
        } else if (s.startsWith("null", pos)) {
            pos += 4;
            return new Null(at);
        }
        throw error("expected a JSON value");
    }

    private Obj object(Location at) {
        pos++;
        Map<String, Value> members = new LinkedHashMap<>();
        Map<String, Location> keys = new LinkedHashMap<>();
        skipSpace();
        if (pos < s.length() && s.charAt(pos) == '}') {
            pos++;
            return new Obj(members, keys, at);
        }
        while (true) {
            skipSpace();
            Location keyAt = here();
            if (pos >= s.length() || s.charAt(pos) != '"') {
                throw error("expected a quoted key");
            }
            String key = string();
            if (keys.containsKey(key)) {
                Location first = keys.get(key);
                throw new JourneyException(
                        keyAt, "duplicate key \"" + key + "\" (first at " + first.line() + ":" + first.column() + ")");
            }
            skipSpace();
            expect(':', "expected ':' after the key");
            skipSpace();
            keys.put(key, keyAt);
            members.put(key, value());
            skipSpace();
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
            } else if (pos < s.length() && s.charAt(pos) == '}') {
                pos++;
                return new Obj(members, keys, at);
            } else {
                throw error("expected ',' or '}' in the object");
            }
        }
    }

    private Arr array(Location at) {
        pos++;
        List<Value> items = new ArrayList<>();
        skipSpace();
        if (pos < s.length() && s.charAt(pos) == ']') {
            pos++;
            return new Arr(items, at);
        }
        while (true) {
            skipSpace();
            items.add(value());
            skipSpace();
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
            } else if (pos < s.length() && s.charAt(pos) == ']') {
                pos++;
                return new Arr(items, at);
            } else {
                throw error("expected ',' or ']' in the array");
            }
        }
    }

    private void expect(char c, String message) {
        if (pos >= s.length() || s.charAt(pos) != c) {
            throw error(message);
        }
        pos++;
    }

    private String string() {
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= s.length() || s.charAt(pos) == '\n') {
                throw error("expected '\"' to close the string");
            }
            char c = s.charAt(pos);
            if (c == '"') {
                pos++;
                return out.toString();
            } else if (c == '\\') {
                pos++;
                out.append(escape());
            } else if (c < 0x20) {
                throw error("expected an escaped control character in the string");
            } else {
                out.append(c);
                pos++;
            }
        }
    }

    private char escape() {
        char c = pos < s.length() ? s.charAt(pos) : 0;
        pos++;
        switch (c) {
            case '"', '\\', '/' -> {
                return c;
            }
            case 'b' -> {
                return '\b';
            }
            case 'f' -> {
                return '\f';
            }
            case 'n' -> {
                return '\n';
            }
            case 'r' -> {
                return '\r';
            }
            case 't' -> {
                return '\t';
            }
            case 'u' -> {
                if (pos + 4 <= s.length()) {
                    try {
                        char u = (char) Integer.parseInt(s.substring(pos, pos + 4), 16);
                        pos += 4;
                        return u;
                    } catch (NumberFormatException e) {
                        pos--;
                    }
                }
            }
            default -> {}
        }
        pos--;
        throw error("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    }

    private String number() {
        int start = pos;
        if (s.charAt(pos) == '-') {
            pos++;
        }
        if (pos < s.length() && s.charAt(pos) == '0') {
            pos++;
        } else if (digits() == 0) {
            throw error("expected a digit");
        }
        if (pos < s.length() && s.charAt(pos) == '.') {
            pos++;
            if (digits() == 0) {
                throw error("expected a digit after '.'");
            }
        }
        if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
            pos++;
            if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
                pos++;
            }
            if (digits() == 0) {
                throw error("expected a digit in the exponent");
            }
        }
        return s.substring(start, pos);
    }

    private int digits() {
        int start = pos;
        while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
            pos++;
        }
        return pos - start;
    }
}
