package dev.zapline.load.journey;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random JSON documents for the scanner's tests: nested objects and arrays, every scalar form, names and strings
 * with simple, <code>&#92;u</code> and surrogate-pair escapes, raw multi-byte UTF-8, and random whitespace
 * between tokens. Member names are unique per object (the scanner takes the first of duplicates, Jackson the last).
 */
final class RandomJson {

    static final String[] NAMES = {
        "a",
        "b",
        "id",
        "token",
        "caf\u00e9",
        "\u00e9t\u00e9",
        "\ud83d\ude00",
        "a b",
        "quo\"te",
        "back\\slash",
        "tab\there",
        "",
        "\u65e5\u672c",
        "line\nbreak",
        "A",
        "ab"
    };

    private final SplittableRandom random;
    private final StringBuilder out = new StringBuilder();

    RandomJson(SplittableRandom random) {
        this.random = random;
    }

    String document() {
        out.setLength(0);
        ws();
        value(0);
        ws();
        return out.toString();
    }

    private void value(int depth) {
        int pick = random.nextInt(depth < 5 ? 10 : 6);
        switch (pick) {
            case 0 -> string(randomText());
            case 1 -> number();
            case 2 -> out.append(random.nextBoolean() ? "true" : "false");
            case 3 -> out.append("null");
            case 4 -> string(NAMES[random.nextInt(NAMES.length)]);
            case 5 -> number();
            case 6, 7 -> object(depth);
            default -> array(depth);
        }
    }

    private void object(int depth) {
        out.append('{');
        ws();
        List<String> names = new ArrayList<>(List.of(NAMES));
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                out.append(',');
                ws();
            }
            string(names.remove(random.nextInt(names.size())));
            ws();
            out.append(':');
            ws();
            value(depth + 1);
            ws();
        }
        out.append('}');
    }

    private void array(int depth) {
        out.append('[');
        ws();
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                out.append(',');
                ws();
            }
            value(depth + 1);
            ws();
        }
        out.append(']');
    }

    private void number() {
        if (random.nextInt(4) == 0) {
            out.append('-');
        }
        switch (random.nextInt(5)) {
            case 0 -> out.append('0');
            case 1 -> out.append(random.nextInt(1, 1000));
            case 2 -> out.append(random.nextLong(1, Long.MAX_VALUE));
            default -> out.append(random.nextInt(1, 100_000));
        }
        if (random.nextInt(3) == 0) {
            out.append('.').append(random.nextInt(1000));
        }
        if (random.nextInt(4) == 0) {
            out.append(random.nextBoolean() ? 'e' : 'E');
            int sign = random.nextInt(3);
            out.append(sign == 0 ? "" : sign == 1 ? "+" : "-");
            out.append(random.nextInt(40));
        }
    }

    private String randomText() {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(6)) {
                case 0 -> s.append((char) random.nextInt(0, 0x20));
                case 1 -> s.append("\"\\/".charAt(random.nextInt(3)));
                case 2 -> s.append((char) random.nextInt(0x80, 0xD800));
                case 3 -> s.appendCodePoint(random.nextInt(0x10000, 0x110000));
                default -> s.append((char) random.nextInt(0x20, 0x7F));
            }
        }
        return s.toString();
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            boolean mustEscape = cp < 0x20 || cp == '"' || cp == '\\';
            if (mustEscape || random.nextInt(5) == 0) {
                escape(cp);
            } else {
                out.appendCodePoint(cp);
            }
        }
        out.append('"');
    }

    private void escape(int cp) {
        String simple = switch (cp) {
            case '"' -> "\\\"";
            case '\\' -> "\\\\";
            case '/' -> "\\/";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '\r' -> "\\r";
            case '\b' -> "\\b";
            case '\f' -> "\\f";
            default -> null;
        };
        if (simple != null && random.nextBoolean()) {
            out.append(simple);
            return;
        }
        for (char c : Character.toChars(cp)) {
            String hex = String.format("%04x", (int) c);
            out.append("\\u").append(random.nextBoolean() ? hex : hex.toUpperCase(java.util.Locale.ROOT));
        }
    }

    private void ws() {
        int n = random.nextInt(4) == 0 ? random.nextInt(1, 3) : 0;
        for (int i = 0; i < n; i++) {
            out.append(" \t\n\r".charAt(random.nextInt(4)));
        }
    }
}
