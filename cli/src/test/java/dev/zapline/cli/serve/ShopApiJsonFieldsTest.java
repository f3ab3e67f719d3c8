package dev.zapline.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The shop API's JSON reader: which bodies are one object, where the wanted fields are, and unescaping. */
class ShopApiJsonFieldsTest {

    private final JsonFields f = new JsonFields("user", "n");

    @Test
    void findsTheWantedMembersAndSkipsTheRest() {
        String doc = " {\"x\": [1, {\"user\": 2}, \"y\"], \"user\" : \"a\\\"b\" ,\"n\":-12.5e+3,\"z\":{}} ";
        byte[] b = utf8(doc);
        assertThat(f.parse(b, b.length)).isEqualTo(-1);
        assertThat(f.kind(0)).isEqualTo(JsonFields.STRING);
        assertThat(text(b, f.start(0), f.end(0))).isEqualTo("a\\\"b");
        assertThat(f.kind(1)).isEqualTo(JsonFields.NUMBER);
        assertThat(text(b, f.start(1), f.end(1))).isEqualTo("-12.5e+3");
        byte[] out = new byte[8];
        assertThat(JsonText.unescape(b, f.start(0), f.end(0), out)).isEqualTo(3);
        assertThat(text(out, 0, 3)).isEqualTo("a\"b");
    }

    @Test
    void kindsOfOtherValuesAndMissingOnes() {
        byte[] b = utf8("{\"n\":true}");
        assertThat(f.parse(b, b.length)).isEqualTo(-1);
        assertThat(f.kind(0)).isEqualTo(JsonFields.MISSING);
        assertThat(f.kind(1)).isEqualTo(JsonFields.OTHER);
        b = utf8("{\"n\":null,\"us\\u0065r\":{\"a\":1}}");
        assertThat(f.parse(b, b.length)).isEqualTo(-1);
        assertThat(f.kind(0)).isEqualTo(JsonFields.OTHER);
        assertThat(text(b, f.start(0), f.end(0))).isEqualTo("{\"a\":1}");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''|0",
                "[]|0",
                "{|1",
                "{}x|2",
                "{\"a\":1,}|7",
                "{\"a\" 1}|5",
                "{\"a\":01}|6",
                "{\"a\":1.}|7",
                "{\"a\":-}|6",
                "{\"a\":tru}|8",
                "{\"a\":\"\\x\"}|7",
                "{\"a\":\"\\u12g4\"}|10",
                "{\"a\":'s'}|5",
                "{a:1}|1",
                "{\"user\":1,\"user\":2}|10",
                "{\"a\":[1 2]}|8",
                "{\"a\":1}{}|7",
            })
    void refusesWhatIsNotOneObjectAtTheOffendingByte(String doc, int at) {
        byte[] b = utf8(doc);
        assertThat(f.parse(b, b.length)).isEqualTo(at);
    }

    @Test
    void refusesControlCharactersAndMalformedUtf8InStrings() {
        byte[][] bad = {
            {'{', '"', 'a', '"', ':', '"', 0x01, '"', '}'},
            {'{', '"', 'a', '"', ':', '"', (byte) 0xC0, (byte) 0x80, '"', '}'},
            {'{', '"', 'a', '"', ':', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}'},
            {'{', '"', 'a', '"', ':', '"', (byte) 0xE2, (byte) 0x82, '"', '}'},
            {'{', '"', 'a', '"', ':', '"', (byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80, '"', '}'},
            {'{', '"', 'a', '"', ':', '"', (byte) 0x80, '"', '}'},
        };
        for (byte[] b : bad) {
            assertThat(f.parse(b, b.length))
                    .as(java.util.HexFormat.of().formatHex(b))
                    .isEqualTo(6);
        }
        byte[] ok = utf8("{\"user\":\"é€😀\"}");
        assertThat(f.parse(ok, ok.length)).isEqualTo(-1);
        assertThat(text(ok, f.start(0), f.end(0))).isEqualTo("é€😀");
    }

    @Test
    void refusesNestingDeeperThanTheLimit() {
        String ok = "{\"a\":" + "[".repeat(JsonFields.MAX_DEPTH - 1) + "]".repeat(JsonFields.MAX_DEPTH - 1) + "}";
        byte[] b = utf8(ok);
        assertThat(f.parse(b, b.length)).isEqualTo(-1);
        String deep = "{\"a\":" + "[".repeat(JsonFields.MAX_DEPTH) + "]".repeat(JsonFields.MAX_DEPTH) + "}";
        b = utf8(deep);
        assertThat(f.parse(b, b.length)).isEqualTo(5 + JsonFields.MAX_DEPTH - 1);
    }

    @Test
    void unescapesEveryEscapeToUtf8() {
        byte[] b = utf8("\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u20AC\\ud83d\\ude00\\udc00x");
        byte[] out = new byte[64];
        int n = JsonText.unescape(b, 0, b.length, out);
        assertThat(text(out, 0, n)).isEqualTo("\"\\/\b\f\n\r\té€😀\uFFFDx");
        assertThat(JsonText.unescape(b, 0, b.length, new byte[n - 1])).isEqualTo(-1);
    }

    /** Random objects built from the grammar parse, with the fields where they were put; every prefix fails. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void randomObjectsParseAndTheirPrefixesDoNot(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int round = 0; round < 100; round++) {
            StringBuilder sb = new StringBuilder("{");
            int members = r.nextInt(0, 6);
            int userAt = r.nextInt(0, members + 1);
            String user = string(r);
            for (int m = 0; m <= members; m++) {
                if (m > 0) {
                    sb.append(space(r)).append(',');
                }
                sb.append(space(r));
                if (m == userAt) {
                    sb.append("\"user\"").append(space(r)).append(':').append(space(r));
                    sb.append('"').append(user).append('"');
                } else {
                    sb.append('"').append("k").append(m).append('"').append(':').append(value(r, 0));
                }
            }
            String doc = sb.append(space(r)).append('}').toString();
            byte[] b = utf8(doc);
            assertThat(f.parse(b, b.length)).as(doc).isEqualTo(-1);
            assertThat(f.kind(0)).isEqualTo(JsonFields.STRING);
            assertThat(text(b, f.start(0), f.end(0))).isEqualTo(user);
            assertThat(f.kind(1)).isEqualTo(JsonFields.MISSING);
            for (int cut = 0; cut < b.length; cut++) {
                assertThat(f.parse(b, cut)).as("%s cut at %d", doc, cut).isGreaterThanOrEqualTo(0);
            }
        }
    }

    private static String value(SplittableRandom r, int depth) {
        return switch (r.nextInt(0, depth > 3 ? 4 : 6)) {
            case 0 -> '"' + string(r) + '"';
            case 1 -> Integer.toString(r.nextInt(-1000, 1000)) + (r.nextBoolean() ? ".25e-2" : "");
            case 2 -> r.nextBoolean() ? "true" : "null";
            case 3 -> "false";
            case 4 -> "[" + value(r, depth + 1) + space(r) + "," + value(r, depth + 1) + "]";
            default -> "{\"q\":" + value(r, depth + 1) + "}";
        };
    }

    private static String string(SplittableRandom r) {
        String[] pieces = {"a", "Z9", " ", "\\n", "\\u00e9", "é", "€", "\\\"", "\\\\", "😀", "\\ud83d\\ude00"};
        StringBuilder sb = new StringBuilder();
        for (int i = r.nextInt(0, 5); i > 0; i--) {
            sb.append(pieces[r.nextInt(pieces.length)]);
        }
        return sb.toString();
    }

    private static String space(SplittableRandom r) {
        return new String[] {"", " ", "\n\t", "\r\n  "}[r.nextInt(4)];
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }
}
