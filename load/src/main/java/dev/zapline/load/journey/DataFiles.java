package dev.zapline.load.journey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads {@code --data FILE.csv} or {@code FILE.json} into a {@link DataSet}, each value encoded to UTF-8 once.
 *
 * <p>CSV: see {@link CsvData}. JSON: an array of objects whose values are strings, numbers or booleans (a number or
 * boolean stands for its JSON text); the first object's keys are the columns and every object has exactly those
 * keys.
 */
public final class DataFiles {

    private DataFiles() {}

    /**
     * Reads {@code file}, choosing the format by its extension ({@code .csv} or {@code .json}).
     *
     * @throws JourneyException at the offending {@code line:column} for an unreadable file, another extension, a
     *     syntax error, a file without rows, or a row that does not match the columns
     */
    public static DataSet read(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean csv = name.endsWith(".csv");
        if (!csv && !name.endsWith(".json")) {
            throw new JourneyException(
                    new Location(file, 1, 1), "expected a data file named *.csv or *.json, found '" + name + "'");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new JourneyException(new Location(file, 1, 1), "cannot read the data file: " + e);
        }
        return csv ? CsvData.parse(file, text) : json(file, text);
    }

    static DataSet json(Path file, String text) {
        JsonText.Value top = JsonText.parse(file, text);
        if (!(top instanceof JsonText.Arr array)) {
            throw new JourneyException(top.location(), "expected an array of objects, found " + JsonText.describe(top));
        }
        if (array.items().isEmpty()) {
            throw new JourneyException(top.location(), "no data rows: expected at least one object in the array");
        }
        List<String> columns = null;
        List<byte[][]> rows = new ArrayList<>();
        for (JsonText.Value item : array.items()) {
            if (!(item instanceof JsonText.Obj o)) {
                throw new JourneyException(
                        item.location(), "expected an object (a row), found " + JsonText.describe(item));
            }
            if (columns == null) {
                columns = List.copyOf(o.members().keySet());
                if (columns.isEmpty()) {
                    throw new JourneyException(o.location(), "expected the first row to name at least one column");
                }
            }
            rows.add(row(o, columns));
        }
        return new DataSet(file.toString(), columns, rows);
    }

    private static byte[][] row(JsonText.Obj o, List<String> columns) {
        for (Map.Entry<String, Location> key : o.keys().entrySet()) {
            if (!columns.contains(key.getKey())) {
                throw new JourneyException(
                        key.getValue(),
                        "unexpected key '" + key.getKey() + "': the first row's columns are "
                                + String.join(", ", columns));
            }
        }
        byte[][] values = new byte[columns.size()][];
        for (int c = 0; c < columns.size(); c++) {
            JsonText.Value v = o.members().get(columns.get(c));
            if (v == null) {
                throw new JourneyException(o.location(), "expected key '" + columns.get(c) + "' in this row");
            }
            String text = switch (v) {
                case JsonText.Str s -> s.text();
                case JsonText.Num n -> n.text();
                case JsonText.Bool b -> Boolean.toString(b.value());
                default ->
                    throw new JourneyException(
                            v.location(), "expected a string, number or boolean, found " + JsonText.describe(v));
            };
            values[c] = text.getBytes(StandardCharsets.UTF_8);
        }
        return values;
    }
}
