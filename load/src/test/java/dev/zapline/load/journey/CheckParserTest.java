package dev.zapline.load.journey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each form of the check grammar, the JSONPath subset and durations, compiled to exact fields. */
class CheckParserTest {

    private static final Path FILE = Path.of("c.http");

    private static Check check(String expr) {
        return CheckParser.parse(FILE, 3, "# @check " + expr, 9);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            status == 200               | STATUS EQ '200' number 200.0 @3:10
            status!=404                 | STATUS NE '404' number 404.0 @3:10
            status >= 500               | STATUS GE '500' number 500.0 @3:10
            status in 200..299          | STATUS IN '200..299' number 200.0..299.0 @3:10
            status in 204 .. 204        | STATUS IN '204 .. 204' number 204.0..204.0 @3:10
            header Content-Type exists  | HEADER content-type EXISTS @3:10
            header X-A contains "a b"   | HEADER x-a CONTAINS 'a b' text @3:10
            header x-n <= 10            | HEADER x-n LE '10' number 10.0 @3:10
            header etag != W/x          | HEADER etag NE 'W/x' text @3:10
            body exists                 | BODY EXISTS @3:10
            body contains "\\u00e9\\t"  | BODY CONTAINS 'é\t' text @3:10
            $ exists                    | JSON $ EXISTS @3:10
            $.a.b[2] > -1.5e2           | JSON $.a.b[2]/a/b/#2 GT '-1.5e2' number -150.0 @3:10
            $["x y"]['z\\'q']==true     | JSON $["x y"]['z\\'q']/x y/z'q EQ 'true' text @3:10
            $.ok == null                | JSON $.ok/ok EQ 'null' text @3:10
            $.id == "42"                | JSON $.id/id EQ '42' text @3:10
            $.id < 42                   | JSON $.id/id LT '42' number 42.0 @3:10
            $.tags contains red         | JSON $.tags/tags CONTAINS 'red' text @3:10
            duration < 250us            | DURATION LT '250us' number 250000.0 @3:10
            duration <= 1.5s            | DURATION LE '1.5s' number 1.5E9 @3:10
            duration > 20ms             | DURATION GT '20ms' number 2.0E7 @3:10
            """)
    void parses(String expr, String expected) {
        Check c = check(expr);
        assertThat(Render.check(c)).isEqualTo(expected);
        assertThat(c.text()).isEqualTo(expr);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            header                 | 16 | expected a header name after 'header'
            status                 | 16 | expected a comparison (== != < <= > >=)
            status == 2000         | 20 | expected a status code from 100 to 599
            status in 300..200     | 25 | expected the range's end to be at least its start 300
            body contains          | 23 | expected a value (a "string", a number, true, false, null or a word)
            $.a                    | 13 | expected exists, contains or a comparison (== != < <= > >=)
            $.a ~ 1                | 14 | expected exists, contains or a comparison (== != < <= > >=)
            $.                     | 12 | expected a member name after '.'
            $[?(@.a)] exists       | 12 | filters are not supported; name the member or index
            $[x] exists            | 12 | expected a quoted name or an index after '['
            $["a] exists           | 12 | expected a closing " for this name
            $[99999999999] exists  | 12 | expected an index below 2147483648
            .a exists              | 10 | expected status, header, body, duration or a JSONPath ($...), found ''
            duration < 3m          | 21 | expected a duration such as 250us, 200ms or 1.5s, found '3m'
            $.a == "x" y           | 21 | unexpected 'y' after the check (quote values with spaces)
            """)
    void refuses(String expr, int column, String message) {
        JourneyException e = catchThrowableOfType(JourneyException.class, () -> check(expr));
        assertThat(e.getMessage()).isEqualTo("c.http:3:" + column + ": " + message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            250us | 250000
            0.5ms | 500000
            2s    | 2000000000
            1.5s  | 1500000000
            0s    | 0
            s     | -1
            -1s   | -1
            1m    | -1
            1.s   | -1
            """)
    void durations(String text, long nanos) {
        assertThat(Durations.nanos(text)).isEqualTo(nanos);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            $.data.token          | /data/token
            $[0][1]               | /#0/#1
            $['a.b'].c            | /a.b/c
            $["é"]                | /é
            """)
    void jsonPaths(String path, String segments) {
        JsonPathParser.Parsed p = JsonPathParser.parse(FILE, 1, "x " + path + " rest", 2);
        assertThat(p.path().text()).isEqualTo(path);
        assertThat(Render.path(p.path())).isEqualTo(segments);
        assertThat(p.end()).isEqualTo(2 + path.length());
        List<JsonPath.Segment> s = p.path().segments();
        if (s.getLast() instanceof JsonPath.Name n) {
            assertThat(n.utf8()).isEqualTo(n.text().getBytes(StandardCharsets.UTF_8));
        }
    }
}
