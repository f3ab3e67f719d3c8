package dev.zapline.load.journey;

import java.util.List;

/**
 * Rows of test data ({@code --data FILE.csv} or {@code FILE.json}), each value encoded once as UTF-8 bytes and
 * shared by every virtual user: {@code rows.get(r)[c]} is column {@code c} of row {@code r}.
 */
public record DataSet(String source, List<String> columns, List<byte[][]> rows) {

    public DataSet {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** The column named {@code name}, or -1. */
    public int column(String name) {
        return columns.indexOf(name);
    }
}
