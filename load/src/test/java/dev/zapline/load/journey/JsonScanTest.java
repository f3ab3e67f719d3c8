package dev.zapline.load.journey;

import static dev.zapline.load.journey.Fixtures.path;
import static dev.zapline.load.journey.Fixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonScanTest {

    private static final ObjectMapper JACKSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private static final String MUTATIONS = " {}[],:\"\\-+.0123456789eEtrufalsn\u0001x";

    private final JsonScan scan = new JsonScan();

    private boolean find(String json, Object... segments) {
        byte[] b = utf8(json);
        return scan.find(b, 0, b.length, JsonScan.Path.of(path(segments)));
    }

    private String found(String json, Object... segments) {
        assertThat(find(json, segments)).as("%s in %s", List.of(segments), json).isTrue();
        return new String(utf8(json), scan.start(), scan.end() - scan.start(), StandardCharsets.UTF_8);
    }

    private String foundString(String json, Object... segments) {
        assertThat(find(json, segments)).isTrue();
        assertThat(scan.kind()).isEqualTo(JsonScan.Kind.STRING);
        byte[] b = utf8(json);
        byte[] dst = new byte[scan.end() - scan.start()];
        int n = JsonScan.unescape(b, scan.start(), scan.end(), dst, 0);
        return new String(dst, 0, n, StandardCharsets.UTF_8);
    }

    @Test
    void findsMembersAndElementsOnThePathSkippingTheRest() {
        String doc = "{\"skip\":{\"a\":[1,{\"b\":2}],\"s\":\"x\\\"}\"},\"data\":{\"items\":[{\"id\":7},{\"id\":8.5e1}],"
                + "\"ok\":true,\"no\":false,\"none\":null,\"token\":\"abc\"}}";
        assertThat(found(doc, "data", "items", 1, "id")).isEqualTo("8.5e1");
        assertThat(scan.kind()).isEqualTo(JsonScan.Kind.NUMBER);
        assertThat(found(doc, "data", "items", 0)).isEqualTo("{\"id\":7}");
        assertThat(scan.kind()).isEqualTo(JsonScan.Kind.OBJECT);
        assertThat(found(doc, "data", "items")).startsWith("[").endsWith("]");
        assertThat(scan.kind()).isEqualTo(JsonScan.Kind.ARRAY);
        assertThat(found(doc, "data", "ok")).isEqualTo("true");
        assertThat(scan.kind()).isEqualTo(JsonScan.Kind.TRUE);
        assertThat(found(doc, "data", "no")).isEqualTo("false");
        assertThat(scan.kind()).isEqualTo(JsonScan.Kind.FALSE);
        assertThat(found(doc, "data", "none")).isEqualTo("null");
        assertThat(scan.kind()).isEqualTo(JsonScan.Kind.NULL);
        assertThat(foundString(doc, "data", "token")).isEqualTo("abc");
        assertThat(found(doc)).isEqualTo(doc);
        assertThat(find(doc, "data", "items", 2)).isFalse();
        assertThat(find(doc, "data", "items", "id")).isFalse();
        assertThat(find(doc, "data", 0)).isFalse();
        assertThat(find(doc, "a")).isFalse();
        assertThat(find(doc, "data", "token", "x")).isFalse();
        assertThat(scan.kind()).isNull();
        assertThat(scan.start()).isEqualTo(-1);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"caf\\u00e9\":1}|caf\u00e9",
                "{\"\\ud83d\\ude00\":1}|\ud83d\ude00",
                "{\"\\uD83D\\uDE00\":1}|\ud83d\ude00",
                "{\"\ud83d\ude00\":1}|\ud83d\ude00",
                "{\"a\\\"b\":1}|a\"b",
                "{\"\\u0061\":1}|a",
                "{\"a\\/b\":1}|a/b",
                "{\"t\\tn\":1}|t\tn"
            })
    void memberNamesAreComparedUnescaped(String json, String name) {
        assertThat(found(json, name)).isEqualTo("1");
        assertThat(find(json, name + "x")).isFalse();
        assertThat(find(json, name.substring(0, name.length() - 1))).isFalse();
    }

    @Test
    void escapedLineBreaksInNamesMatch() {
        assertThat(found("{\"a\\nb\":1,\"a\\u000Ab\":2}", "a\nb")).isEqualTo("1");
        assertThat(find("{\"a\\rb\":1}", "a\nb")).isFalse();
    }

    @Test
    void stringsUnescapeToUtf8() {
        assertThat(foundString("{\"s\":\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u65e5\\ud83d\\ude00z\"}", "s"))
                .isEqualTo("a\"\\/\b\f\n\r\t\u00e9\u65e5\ud83d\ude00z");
        assertThat(foundString("[\"\\ud800x\", \"\\udc00\"]", 0)).isEqualTo("\ufffdx");
        assertThat(foundString("[\"\\ud800x\", \"\\udc00\"]", 1)).isEqualTo("\ufffd");
        assertThat(foundString("[\"\"]", 0)).isEmpty();
    }

    @Test
    void theFirstOfDuplicateNamesIsTaken() {
        assertThat(found("{\"a\":1,\"a\":2}", "a")).isEqualTo("1");
        assertThat(found("{\"a\":{\"b\":1},\"a\":{\"b\":2}}", "a", "b")).isEqualTo("1");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "{",
                "{\"a\":1",
                "{\"a\":1,}",
                "[1,]",
                "{\"a\" 1}",
                "{\"a\":01}",
                "{\"a\":1.}",
                "{\"a\":-}",
                "{\"a\":1e}",
                "{\"a\":tru}",
                "{\"a\":nul}",
                "{\"a\":\"x}",
                "{\"a\":\"\\x\"}",
                "{\"a\":\"\\u12g4\"}",
                "{\"a\":\"tab\there\"}",
                "{\"a\":1} x",
                "{\"a\":1}}",
                "{a:1}",
                "{'a':1}",
                "[1 2]",
                "{\"a\":1 \"b\":2}",
                "{\"a\":[}",
                "\"unclosed",
                "{\"a\":1]",
                "[1}",
                "{\"a\":+1}",
                "{\"a\":.5}",
                "{\"a\":NaN}",
                "{,\"a\":1}",
                "{\"a\"::1}"
            })
    void malformedDocumentsFindNothingEvenWhenThePathComesFirst(String json) {
        assertThat(find(json, "a")).isFalse();
        assertThat(find(json)).isFalse();
        assertThat(scan.start()).isEqualTo(-1);
        assertThat(scan.kind()).isNull();
    }

    @Test
    void nestingDeeperThanTheLimitFindsNothing() {
        String ok = "[".repeat(JsonScan.MAX_DEPTH) + "]".repeat(JsonScan.MAX_DEPTH);
        String deep = "[".repeat(JsonScan.MAX_DEPTH + 1) + "]".repeat(JsonScan.MAX_DEPTH + 1);
        assertThat(find(ok)).isTrue();
        assertThat(find(ok, 0, 0)).isTrue();
        assertThat(find(deep)).isFalse();
    }

    @Test
    void badRangesFindNothing() {
        byte[] b = utf8("{\"a\":1}");
        JsonScan.Path p = JsonScan.Path.of(path("a"));
        assertThat(scan.find(b, -1, 3, p)).isFalse();
        assertThat(scan.find(b, 0, b.length + 1, p)).isFalse();
        assertThat(scan.find(b, 5, -1, p)).isFalse();
        assertThat(scan.find(b, 2, Integer.MAX_VALUE, p)).isFalse();
        assertThat(scan.find(null, 0, 0, p)).isFalse();
        assertThat(scan.find(b, 0, b.length, p)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void randomDocumentsAndPathsAgreeWithJackson(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        RandomJson gen = new RandomJson(random);
        int foundCount = 0;
        int deepCount = 0;
        for (int doc = 0; doc < 300; doc++) {
            String text = gen.document();
            byte[] json = utf8(text);
            JsonNode root = JACKSON.readTree(json);
            byte[] framed = frame(json, random);
            int off = framed.length - json.length - 3;
            for (int p = 0; p < 10; p++) {
                List<Object> segments = randomPath(root, random);
                JsonNode expected = navigate(root, segments);
                JsonScan.Path path = JsonScan.Path.of(path(segments.toArray()));
                boolean hit = scan.find(framed, off, json.length, path);
                assertThat(hit).as("%s in %s", segments, text).isEqualTo(expected != null);
                if (hit) {
                    foundCount++;
                    deepCount += segments.size() >= 2 ? 1 : 0;
                    assertSameValue(framed, expected, text, segments);
                }
            }
        }
        assertThat(foundCount).isGreaterThan(600);
        assertThat(deepCount).isGreaterThan(20);
    }

    /** The document between bytes that would change the answer if the scanner read them. */
    private static byte[] frame(byte[] json, SplittableRandom random) {
        byte[] framed = new byte[json.length + 7];
        framed[0] = '[';
        framed[1] = '"';
        framed[2] = '{';
        framed[3] = (byte) random.nextInt(256);
        System.arraycopy(json, 0, framed, 4, json.length);
        framed[framed.length - 3] = ',';
        framed[framed.length - 2] = '"';
        framed[framed.length - 1] = '}';
        return framed;
    }

    private void assertSameValue(byte[] b, JsonNode expected, String text, List<Object> segments) throws IOException {
        String token = new String(b, scan.start(), scan.end() - scan.start(), StandardCharsets.UTF_8);
        String what = segments + " in " + text;
        switch (scan.kind()) {
            case STRING -> {
                byte[] dst = new byte[scan.end() - scan.start()];
                int n = JsonScan.unescape(b, scan.start(), scan.end(), dst, 0);
                assertThat(expected.isTextual()).as(what).isTrue();
                assertThat(new String(dst, 0, n, StandardCharsets.UTF_8))
                        .as(what)
                        .isEqualTo(expected.textValue());
            }
            case NUMBER -> {
                assertThat(expected.isNumber()).as(what).isTrue();
                assertThat(new BigDecimal(token).compareTo(expected.decimalValue()))
                        .as(what)
                        .isZero();
            }
            case TRUE ->
                assertThat(expected.isBoolean() && expected.booleanValue())
                        .as(what)
                        .isTrue();
            case FALSE ->
                assertThat(expected.isBoolean() && !expected.booleanValue())
                        .as(what)
                        .isTrue();
            case NULL -> assertThat(expected.isNull()).as(what).isTrue();
            case OBJECT, ARRAY -> {
                assertThat(expected.isContainerNode()).as(what).isTrue();
                assertThat(expected.isObject()).isEqualTo(scan.kind() == JsonScan.Kind.OBJECT);
                assertThat(JACKSON.readTree(token)).as(what).isEqualTo(expected);
            }
        }
    }

    private static List<Object> randomPath(JsonNode root, SplittableRandom random) {
        List<Object> segments = new ArrayList<>();
        JsonNode node = root;
        while (random.nextInt(5) != 0) {
            if (node.isObject() && node.size() > 0 && random.nextInt(8) != 0) {
                List<String> names = new ArrayList<>();
                Iterator<String> it = node.fieldNames();
                it.forEachRemaining(names::add);
                String name = names.get(random.nextInt(names.size()));
                segments.add(name);
                node = node.get(name);
            } else if (node.isArray() && node.size() > 0 && random.nextInt(8) != 0) {
                int i = random.nextInt(node.size());
                segments.add(i);
                node = node.get(i);
            } else {
                segments.add(
                        random.nextBoolean()
                                ? RandomJson.NAMES[random.nextInt(RandomJson.NAMES.length)]
                                : random.nextInt(6));
                return segments;
            }
        }
        return segments;
    }

    private static JsonNode navigate(JsonNode root, List<Object> segments) {
        JsonNode node = root;
        for (Object s : segments) {
            if (s instanceof Integer i) {
                node = node.isArray() && i < node.size() ? node.get(i) : null;
            } else {
                node = node.isObject() ? node.get((String) s) : null;
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /**
     * Every prefix of random documents, and copies with ASCII bytes changed, is judged valid or not as Jackson
     * judges it; random bytes never make the scanner throw.
     */
    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13})
    void truncatedAndCorruptedDocumentsNeverThrowAndAgreeWithJackson(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RandomJson gen = new RandomJson(random);
        JsonScan.Path root = JsonScan.Path.of(path());
        JsonScan.Path deep = JsonScan.Path.of(path("a", 0, "b"));
        int invalid = 0;
        for (int doc = 0; doc < 150; doc++) {
            byte[] json = utf8(gen.document());
            for (int len = 0; len < json.length; len++) {
                boolean valid = scan.find(json, 0, len, root);
                assertThat(valid).isEqualTo(jacksonAccepts(json, len));
                invalid += valid ? 0 : 1;
            }
            for (int m = 0; m < 20; m++) {
                byte[] bad = json.clone();
                int at = random.nextInt(bad.length);
                if (bad[at] < 0 || nearSurrogateEscape(bad, at)) {
                    continue;
                }
                bad[at] = (byte) MUTATIONS.charAt(random.nextInt(MUTATIONS.length()));
                assertThat(scan.find(bad, 0, bad.length, root))
                        .as(new String(bad, StandardCharsets.UTF_8))
                        .isEqualTo(jacksonAccepts(bad, bad.length));
                scan.find(bad, 0, bad.length, deep);
            }
            byte[] garbage = new byte[random.nextInt(64)];
            for (int i = 0; i < garbage.length; i++) {
                garbage[i] = (byte) random.nextInt(256);
            }
            scan.find(garbage, 0, garbage.length, deep);
        }
        assertThat(invalid).isGreaterThan(1000);
    }

    /**
     * Whether changing {@code at} could leave half a surrogate pair: the grammar allows a lone surrogate escape,
     * which the scanner decodes to U+FFFD, while Jackson rejects one in a member name.
     */
    private static boolean nearSurrogateEscape(byte[] b, int at) {
        for (int j = Math.max(0, at - 11); j <= at && j + 2 < b.length; j++) {
            if (b[j] == '\\' && b[j + 1] == 'u' && (b[j + 2] == 'd' || b[j + 2] == 'D')) {
                return true;
            }
        }
        return false;
    }

    /** Jackson's tokenizer (not its tree: that converts numbers, and rejects some well-formed huge ones). */
    private static boolean jacksonAccepts(byte[] json, int len) {
        try (JsonParser p = JACKSON.getFactory().createParser(json, 0, len)) {
            if (p.nextToken() == null) {
                return false;
            }
            p.skipChildren();
            return p.nextToken() == null;
        } catch (JsonProcessingException e) {
            return false;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
