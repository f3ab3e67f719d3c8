package dev.zapline.load.journey;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@link JsonPath} subset out of a line of a journey file: {@code $}, {@code .name}, {@code ['name']},
 * {@code ["name"]} and {@code [n]}. Errors point at the offending character's column in that line.
 */
final class JsonPathParser {

    /** A path and the index in the line just after it. */
    record Parsed(JsonPath path, int end) {}

    private static final String NAME_STOPS = " \t.[]'\"=!<>,{}()";

    private JsonPathParser() {}

    /**
     * Reads the path starting at {@code text[start]} ({@code $}); stops at the first character that cannot
     * continue it (whitespace, an operator...), which the caller judges.
     *
     * @throws JourneyException at the column of a missing {@code $}, an empty name, wildcards ({@code *}), filters
     *     ({@code ?}), recursive descent ({@code ..}), an unclosed bracket or quote, or a bad index
     */
    static Parsed parse(Path file, int line, String text, int start) {
        if (start >= text.length() || text.charAt(start) != '$') {
            throw error(file, line, start, "expected a JSONPath starting with '$'");
        }
        List<JsonPath.Segment> segments = new ArrayList<>();
        int i = start + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '.') {
                int from = i + 1;
                if (from < text.length() && text.charAt(from) == '.') {
                    throw error(file, line, i, "recursive descent '..' is not supported; write each step");
                }
                if (from < text.length() && text.charAt(from) == '*') {
                    throw error(file, line, from, "wildcards are not supported; name the member or index");
                }
                int end = from;
                while (end < text.length() && NAME_STOPS.indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                if (end == from) {
                    throw error(file, line, from, "expected a member name after '.'");
                }
                segments.add(name(text.substring(from, end)));
                i = end;
            } else if (c == '[') {
                i = bracket(file, line, text, i, segments);
            } else {
                break;
            }
        }
        return new Parsed(new JsonPath(text.substring(start, i), segments), i);
    }

    private static JsonPath.Name name(String s) {
        return new JsonPath.Name(s.getBytes(StandardCharsets.UTF_8), s);
    }

    private static int bracket(Path file, int line, String text, int open, List<JsonPath.Segment> segments) {
        int i = open + 1;
        char c = i < text.length() ? text.charAt(i) : 0;
        int end;
        if (c == '\'' || c == '"') {
            StringBuilder name = new StringBuilder();
            int j = i + 1;
            while (j < text.length() && text.charAt(j) != c) {
                if (text.charAt(j) == '\\' && j + 1 < text.length()) {
                    j++;
                }
                name.append(text.charAt(j));
                j++;
            }
            if (j >= text.length()) {
                throw error(file, line, i, "expected a closing " + c + " for this name");
            }
            segments.add(name(name.toString()));
            end = j + 1;
        } else if (c >= '0' && c <= '9') {
            end = i;
            while (end < text.length() && Character.isDigit(text.charAt(end))) {
                end++;
            }
            try {
                segments.add(new JsonPath.Index(Integer.parseInt(text.substring(i, end))));
            } catch (NumberFormatException e) {
                throw error(file, line, i, "expected an index below 2147483648");
            }
        } else if (c == '*') {
            throw error(file, line, i, "wildcards are not supported; name the member or index");
        } else if (c == '?') {
            throw error(file, line, i, "filters are not supported; name the member or index");
        } else {
            throw error(file, line, i, "expected a quoted name or an index after '['");
        }
        if (end >= text.length() || text.charAt(end) != ']') {
            throw error(file, line, end, "expected ']'");
        }
        return end + 1;
    }

    private static JourneyException error(Path file, int line, int index, String message) {
        return new JourneyException(new Location(file, line, index + 1), message);
    }
}
