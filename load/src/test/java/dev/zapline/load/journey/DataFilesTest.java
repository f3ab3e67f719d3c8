package dev.zapline.load.journey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** CSV and JSON data files: quoting, line ends, and every refusal at its line:column. */
class DataFilesTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static List<List<String>> rows(DataSet d) {
        List<List<String>> out = new ArrayList<>();
        for (byte[][] row : d.rows()) {
            List<String> r = new ArrayList<>();
            for (byte[] v : row) {
                r.add(new String(v, StandardCharsets.UTF_8));
            }
            out.add(r);
        }
        return out;
    }

    private String error(String name, String text) throws IOException {
        Path p = write(name, text);
        JourneyException e = catchThrowableOfType(JourneyException.class, () -> DataFiles.read(p));
        assertThat(e).isNotNull();
        return e.getMessage().replace(dir + "/", "");
    }

    @Test
    void csvQuoting() throws IOException {
        DataSet d = DataFiles.read(write(
                "q.csv",
                "\uFEFF id , note ,n\r\n"
                        + "1,\"a, b\",x\r\n"
                        + "2,\"line1\r\nline2\",y\r\n"
                        + "\r\n"
                        + "3,\"say \"\"hi\"\"\",\n"
                        + "4,\"\",é\n"));
        assertThat(d.columns()).containsExactly("id", "note", "n");
        assertThat(d.column("note")).isEqualTo(1);
        assertThat(d.column("other")).isEqualTo(-1);
        assertThat(rows(d))
                .containsExactly(
                        List.of("1", "a, b", "x"),
                        List.of("2", "line1\r\nline2", "y"),
                        List.of("3", "say \"hi\"", ""),
                        List.of("4", "", "é"));
        assertThat(d.rows().get(3)[2]).containsExactly(0xC3 - 256, 0xA9 - 256);
        assertThat(d.source()).isEqualTo(dir.resolve("q.csv").toString());
    }

    @Test
    void csvWithoutTrailingNewline() throws IOException {
        assertThat(rows(DataFiles.read(write("t.csv", "a\nx\ny")))).containsExactly(List.of("x"), List.of("y"));
    }

    static Stream<Arguments> csvErrors() {
        return Stream.of(
                Arguments.of("a,b\n1,2,3\n", "d.csv:2:5: expected 2 fields as in the header, found 3"),
                Arguments.of("a,b,c\n1,2,3\n4,5\n", "d.csv:3:4: expected 3 fields as in the header, found 2"),
                Arguments.of("a,b\n1,\"x\ny\"\n2\n", "d.csv:4:2: expected 2 fields as in the header, found 1"),
                Arguments.of(
                        "a,b\n1,ab\"c\n",
                        "d.csv:2:5: found a quote inside an unquoted field: quote the whole field and double the "
                                + "quote"),
                Arguments.of(
                        "a,b\n1,\"ab\"c\n",
                        "d.csv:2:7: expected ',' or the end of the line after a closing quote, found 'c'"),
                Arguments.of(
                        "a,b\n1,\"ab\n",
                        "d.csv:2:3: expected a closing quote for this field, found the end of the file"),
                Arguments.of("a,,c\n1,2,3\n", "d.csv:1:3: column 2 has no name"),
                Arguments.of("a,b, a\n1,2,3\n", "d.csv:1:5: duplicate column 'a' (also column 1)"),
                Arguments.of("", "d.csv:1:1: empty data file: expected a header row naming the columns"),
                Arguments.of("\n\n", "d.csv:1:1: empty data file: expected a header row naming the columns"),
                Arguments.of("a,b\n", "d.csv:1:1: no data rows: expected rows after the header row"));
    }

    @ParameterizedTest
    @MethodSource("csvErrors")
    void csvRefused(String text, String expected) throws IOException {
        assertThat(error("d.csv", text)).isEqualTo(expected);
    }

    @Test
    void json() throws IOException {
        DataSet d = DataFiles.read(write(
                "d.json",
                "[\n {\"user\": \"ann\\n\\u00e9\", \"n\": 1.5e3, \"ok\": true},\n"
                        + " {\"n\": -2, \"ok\": false, \"user\": \"bob\"}\n]\n"));
        assertThat(d.columns()).containsExactly("user", "n", "ok");
        assertThat(rows(d)).containsExactly(List.of("ann\né", "1.5e3", "true"), List.of("bob", "-2", "false"));
    }

    static Stream<Arguments> jsonErrors() {
        return Stream.of(
                Arguments.of(
                        "[{\"a\": 1}, {\"a\": {\"b\": 2}}]",
                        "d.json:1:18: expected a string, number or boolean, found an object"),
                Arguments.of("[{\"a\": [1]}]", "d.json:1:8: expected a string, number or boolean, found an array"),
                Arguments.of("[{\"a\": null}]", "d.json:1:8: expected a string, number or boolean, found null"),
                Arguments.of("[{\"a\": 1, \"b\": 2},\n  {\"a\": 3}]", "d.json:2:3: expected key 'b' in this row"),
                Arguments.of(
                        "[{\"a\": 1},\n {\"a\": 2, \"c\": 3}]",
                        "d.json:2:11: unexpected key 'c': the first row's columns are a"),
                Arguments.of("{\"a\": 1}", "d.json:1:1: expected an array of objects, found an object"),
                Arguments.of("  []", "d.json:1:3: no data rows: expected at least one object in the array"),
                Arguments.of("[{}]", "d.json:1:2: expected the first row to name at least one column"),
                Arguments.of("[1]", "d.json:1:2: expected an object (a row), found a number"),
                Arguments.of("[{\"a\": 1,\n \"a\": 2}]", "d.json:2:2: duplicate key \"a\" (first at 1:3)"),
                Arguments.of("[{\"a\": 1}\n {\"a\": 2}]", "d.json:2:2: expected ',' or ']' in the array, found '{'"),
                Arguments.of("[{\"a\": tru}]", "d.json:1:8: expected a JSON value, found 't'"),
                Arguments.of("[{\"a\": 01}]", "d.json:1:9: expected ',' or '}' in the object, found '1'"),
                Arguments.of(
                        "[{\"a\": \"x",
                        "d.json:1:10: expected '\"' to close the string, found the end of the " + "file"),
                Arguments.of(
                        "[{\"a\": 1}] x",
                        "d.json:1:12: expected the end of the file after the JSON value, " + "found 'x'"));
    }

    @ParameterizedTest
    @MethodSource("jsonErrors")
    void jsonRefused(String text, String expected) throws IOException {
        assertThat(error("d.json", text)).isEqualTo(expected);
    }

    @Test
    void otherExtensionsAreRefused() throws IOException {
        assertThat(error("d.tsv", "a\tb\n"))
                .isEqualTo("d.tsv:1:1: expected a data file named *.csv or *.json, found 'd.tsv'");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void csvRoundTripsRandomQuoting(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        String[] pieces = {"a", "Z", "0", " ", ",", "\"", "\r\n", "\n", "é", "€", "x y", ""};
        int columns = 1 + random.nextInt(5);
        StringBuilder csv = new StringBuilder();
        List<String> header = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            header.add("c" + c);
        }
        csv.append(String.join(",", header)).append(random.nextBoolean() ? "\r\n" : "\n");
        List<List<String>> expected = new ArrayList<>();
        int rows = 1 + random.nextInt(40);
        for (int r = 0; r < rows; r++) {
            List<String> row = new ArrayList<>();
            for (int c = 0; c < columns; c++) {
                StringBuilder v = new StringBuilder();
                for (int k = random.nextInt(6); k > 0; k--) {
                    v.append(pieces[random.nextInt(pieces.length)]);
                }
                String value = v.toString();
                row.add(value);
                boolean mustQuote = value.matches("(?s).*[,\"\r\n].*") || (columns == 1 && value.isEmpty());
                if (c > 0) {
                    csv.append(',');
                }
                if (mustQuote || random.nextInt(4) == 0) {
                    csv.append('"').append(value.replace("\"", "\"\"")).append('"');
                } else {
                    csv.append(value);
                }
            }
            expected.add(row);
            if (r < rows - 1 || random.nextBoolean()) {
                csv.append(random.nextBoolean() ? "\r\n" : "\n");
            }
        }
        DataSet d = DataFiles.read(write("r" + seed + ".csv", csv.toString()));
        assertThat(d.columns()).containsExactlyElementsOf(header);
        assertThat(rows(d)).containsExactlyElementsOf(expected);
    }
}
