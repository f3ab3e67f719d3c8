package dev.zapline.load.journey;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads the expression of a {@code # @check EXPR} line into a {@link Check} (grammar in its Javadoc). A header
 * check's {@link Check#name} is lower-cased (fields are matched without regard to case). Errors point at the
 * offending token's column and say what was expected.
 */
final class CheckParser {

    private static final String NUMBER = "-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?";
    private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~";

    private final Path file;
    private final int line;
    private final String s;
    private int pos;

    private CheckParser(Path file, int line, String text, int start) {
        this.file = file;
        this.line = line;
        this.s = text;
        this.pos = start;
    }

    /** Parses the check starting at {@code text[start]} to the end of {@code text}, line {@code line} of a file. */
    static Check parse(Path file, int line, String text, int start) {
        return new CheckParser(file, line, text, start).check();
    }

    private Check check() {
        skipSpace();
        Location at = here();
        String text = s.substring(pos).strip();
        Check c;
        if (pos < s.length() && s.charAt(pos) == '$') {
            JsonPathParser.Parsed p = JsonPathParser.parse(file, line, s, pos);
            pos = p.end();
            c = compare(text, at, Check.Subject.JSON, null, p.path());
        } else {
            int wordAt = pos;
            String word = word();
            switch (word) {
                case "status" -> c = status(text, at);
                case "header" -> {
                    skipSpace();
                    int nameAt = pos;
                    while (pos < s.length() && isTokenChar(s.charAt(pos))) {
                        pos++;
                    }
                    if (pos == nameAt) {
                        throw error(nameAt, "expected a header name after 'header'");
                    }
                    String name = s.substring(nameAt, pos).toLowerCase(Locale.ROOT);
                    c = compare(text, at, Check.Subject.HEADER, name, null);
                }
                case "body" -> c = body(text, at);
                case "duration" -> c = duration(text, at);
                default ->
                    throw error(
                            wordAt,
                            "expected status, header, body, duration or a JSONPath ($...), found '" + word + "'");
            }
        }
        skipSpace();
        if (pos < s.length()) {
            throw error(
                    pos, "unexpected '" + s.substring(pos).strip() + "' after the check (quote values with spaces)");
        }
        return c;
    }

    private Check status(String text, Location at) {
        skipSpace();
        if (s.startsWith("in", pos) && (pos + 2 >= s.length() || s.charAt(pos + 2) == ' ')) {
            pos += 2;
            skipSpace();
            int lowAt = pos;
            int low = status();
            skipSpace();
            if (!s.startsWith("..", pos)) {
                throw error(pos, "expected '..' between the statuses of a range, as in 'status in 200..299'");
            }
            pos += 2;
            int highAt = pos;
            int high = status();
            if (high < low) {
                throw error(highAt, "expected the range's end to be at least its start " + low);
            }
            byte[] bytes = s.substring(lowAt, pos).getBytes(StandardCharsets.UTF_8);
            return new Check(
                    text, at, Check.Subject.STATUS, null, null, Check.Op.IN, new Check.Value(bytes, true, low, high));
        }
        Check.Op op = op(false);
        skipSpace();
        int valueAt = pos;
        int status = status();
        byte[] bytes = s.substring(valueAt, pos).getBytes(StandardCharsets.UTF_8);
        return new Check(text, at, Check.Subject.STATUS, null, null, op, new Check.Value(bytes, true, status, 0));
    }

    private int status() {
        skipSpace();
        int from = pos;
        while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
            pos++;
        }
        int value = pos - from == 3 ? Integer.parseInt(s.substring(from, pos)) : -1;
        if (value < 100 || value > 599) {
            throw error(from, "expected a status code from 100 to 599");
        }
        return value;
    }

    private Check body(String text, Location at) {
        skipSpace();
        int wordAt = pos;
        String word = word();
        if (word.equals("exists")) {
            return new Check(text, at, Check.Subject.BODY, null, null, Check.Op.EXISTS, null);
        } else if (word.equals("contains")) {
            return new Check(text, at, Check.Subject.BODY, null, null, Check.Op.CONTAINS, value());
        }
        throw error(wordAt, "expected 'exists' or 'contains' after 'body'");
    }

    private Check duration(String text, Location at) {
        Check.Op op = op(false);
        skipSpace();
        int from = pos;
        while (pos < s.length() && s.charAt(pos) != ' ' && s.charAt(pos) != '\t') {
            pos++;
        }
        String d = s.substring(from, pos);
        long nanos = Durations.nanos(d);
        if (nanos < 0) {
            throw error(from, "expected a duration such as 250us, 200ms or 1.5s, found '" + d + "'");
        }
        byte[] bytes = d.getBytes(StandardCharsets.UTF_8);
        return new Check(text, at, Check.Subject.DURATION, null, null, op, new Check.Value(bytes, true, nanos, 0));
    }

    private Check compare(String text, Location at, Check.Subject subject, String name, JsonPath path) {
        skipSpace();
        if (pos < s.length() && Character.isLetter(s.charAt(pos))) {
            int wordAt = pos;
            String word = word();
            if (word.equals("exists")) {
                return new Check(text, at, subject, name, path, Check.Op.EXISTS, null);
            } else if (word.equals("contains")) {
                return new Check(text, at, subject, name, path, Check.Op.CONTAINS, value());
            }
            throw error(wordAt, "expected exists, contains or a comparison (== != < <= > >=), found '" + word + "'");
        }
        Check.Op op = op(true);
        return new Check(text, at, subject, name, path, op, value());
    }

    private Check.Op op(boolean orWord) {
        skipSpace();
        String[] ops = {"==", "!=", "<=", ">=", "<", ">"};
        Check.Op[] values = {Check.Op.EQ, Check.Op.NE, Check.Op.LE, Check.Op.GE, Check.Op.LT, Check.Op.GT};
        for (int i = 0; i < ops.length; i++) {
            if (s.startsWith(ops[i], pos)) {
                pos += ops[i].length();
                return values[i];
            }
        }
        throw error(pos, "expected " + (orWord ? "exists, contains or " : "") + "a comparison (== != < <= > >=)");
    }

    private Check.Value value() {
        skipSpace();
        if (pos >= s.length()) {
            throw error(pos, "expected a value (a \"string\", a number, true, false, null or a word)");
        }
        if (s.charAt(pos) == '"') {
            JsonText.Scanned str = JsonText.string(file, line, s, pos);
            pos = str.end();
            return new Check.Value(str.value().getBytes(StandardCharsets.UTF_8), false, 0, 0);
        }
        int from = pos;
        while (pos < s.length() && s.charAt(pos) != ' ' && s.charAt(pos) != '\t') {
            pos++;
        }
        String word = s.substring(from, pos);
        byte[] bytes = word.getBytes(StandardCharsets.UTF_8);
        if (word.matches(NUMBER)) {
            return new Check.Value(bytes, true, Double.parseDouble(word), 0);
        }
        return new Check.Value(bytes, false, 0, 0);
    }

    private String word() {
        int from = pos;
        while (pos < s.length() && Character.isLetter(s.charAt(pos))) {
            pos++;
        }
        return s.substring(from, pos);
    }

    private static boolean isTokenChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || TOKEN_CHARS.indexOf(c) >= 0;
    }

    private void skipSpace() {
        while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
            pos++;
        }
    }

    private Location here() {
        return new Location(file, line, pos + 1);
    }

    private JourneyException error(int index, String message) {
        return new JourneyException(new Location(file, line, index + 1), message);
    }
}
