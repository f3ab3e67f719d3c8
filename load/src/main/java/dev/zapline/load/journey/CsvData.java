package dev.zapline.load.journey;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A CSV data file (RFC 4180): a header row naming the columns (trimmed, non-empty, unique), then one row per line,
 * each with as many fields as the header. A field may be quoted with {@code "}: inside, {@code ""} is a quote and
 * commas, CR and LF are kept as they are. Lines end with CRLF or LF; empty lines are skipped (an empty value in a
 * one-column file is written {@code ""}).
 */
final class CsvData {

    private final Path file;
    private final String s;
    private int pos;
    private int line = 1;
    private int lineStart;

    private CsvData(Path file, String text) {
        this.file = file;
        this.s = text;
        if (text.startsWith("\uFEFF")) {
            pos = 1;
            lineStart = 1;
        }
    }

    /** A record's fields, where each starts, and where the record ends. */
    private record Row(List<String> fields, List<Location> starts, Location end) {}

    /**
     * Parses {@code text}, the content of {@code file}.
     *
     * @throws JourneyException at the offending line:column for an empty file, a header without rows, an empty or
     *     repeated column name, a row with more or fewer fields than the header, a quote inside an unquoted field,
     *     text after a closing quote, or a quoted field that is never closed
     */
    static DataSet parse(Path file, String text) {
        CsvData r = new CsvData(file, text);
        Row header = r.row();
        if (header == null) {
            throw new JourneyException(
                    new Location(file, 1, 1), "empty data file: expected a header row naming the columns");
        }
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < header.fields().size(); i++) {
            String name = header.fields().get(i).strip();
            if (name.isEmpty()) {
                throw new JourneyException(header.starts().get(i), "column " + (i + 1) + " has no name");
            }
            int first = columns.indexOf(name);
            if (first >= 0) {
                throw new JourneyException(
                        header.starts().get(i), "duplicate column '" + name + "' (also column " + (first + 1) + ")");
            }
            columns.add(name);
        }
        List<byte[][]> rows = new ArrayList<>();
        for (Row row = r.row(); row != null; row = r.row()) {
            int n = row.fields().size();
            if (n != columns.size()) {
                Location at = n > columns.size() ? row.starts().get(columns.size()) : row.end();
                throw new JourneyException(at, "expected " + columns.size() + " fields as in the header, found " + n);
            }
            byte[][] values = new byte[n][];
            for (int i = 0; i < n; i++) {
                values[i] = row.fields().get(i).getBytes(StandardCharsets.UTF_8);
            }
            rows.add(values);
        }
        if (rows.isEmpty()) {
            throw new JourneyException(new Location(file, 1, 1), "no data rows: expected rows after the header row");
        }
        return new DataSet(file.toString(), columns, rows);
    }

    private Location here() {
        return new Location(file, line, pos - lineStart + 1);
    }

    private boolean atLineEnd() {
        return pos >= s.length() || s.charAt(pos) == '\n' || s.charAt(pos) == '\r';
    }

    private void newline() {
        if (s.charAt(pos) == '\r' && pos + 1 < s.length() && s.charAt(pos + 1) == '\n') {
            pos++;
        }
        pos++;
        line++;
        lineStart = pos;
    }

    private Row row() {
        while (pos < s.length() && atLineEnd()) {
            newline();
        }
        if (pos >= s.length()) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        List<Location> starts = new ArrayList<>();
        while (true) {
            starts.add(here());
            fields.add(pos < s.length() && s.charAt(pos) == '"' ? quoted() : unquoted());
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
                continue;
            }
            Location end = here();
            if (pos < s.length()) {
                newline();
            }
            return new Row(fields, starts, end);
        }
    }

    private String unquoted() {
        int start = pos;
        while (!atLineEnd() && s.charAt(pos) != ',') {
            if (s.charAt(pos) == '"') {
                throw new JourneyException(
                        here(), "found a quote inside an unquoted field: quote the whole field and double the quote");
            }
            pos++;
        }
        return s.substring(start, pos);
    }

    private String quoted() {
        Location open = here();
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= s.length()) {
                throw new JourneyException(open, "expected a closing quote for this field, found the end of the file");
            }
            char c = s.charAt(pos);
            if (c == '"') {
                if (pos + 1 < s.length() && s.charAt(pos + 1) == '"') {
                    out.append('"');
                    pos += 2;
                    continue;
                }
                pos++;
                if (!atLineEnd() && s.charAt(pos) != ',') {
                    throw new JourneyException(
                            here(),
                            "expected ',' or the end of the line after a closing quote, found '" + s.charAt(pos) + "'");
                }
                return out.toString();
            }
            out.append(c);
            if (c == '\n' || (c == '\r' && (pos + 1 >= s.length() || s.charAt(pos + 1) != '\n'))) {
                pos++;
                line++;
                lineStart = pos;
            } else {
                pos++;
            }
        }
    }
}
