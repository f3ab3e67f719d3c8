package dev.zapline.load.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShapeInferenceTest {

    private static ShapeInference.Sample infer(String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return ShapeInference.infer(b, 0, b.length, ResponseShapes.MAX_PATHS);
    }

    /** The sample as path -> "type|type" text. */
    private static Map<String, String> text(ShapeInference.Sample s) {
        Map<String, String> m = new LinkedHashMap<>();
        s.types().forEach((k, v) -> m.put(k, JsonType.text(v)));
        return m;
    }

    @Test
    void nestedObjectsArraysAndEveryType() {
        ShapeInference.Sample s = infer("{\"id\":7,\"name\":\"a\",\"ok\":true,\"gone\":null,\"price\":1.5,"
                + "\"tags\":[],\"items\":[{\"sku\":\"x\",\"qty\":1},{\"sku\":\"y\",\"note\":null}],"
                + "\"grid\":[[1,2],[3,\"4\"]],\"meta\":{\"page\":{\"next\":null}}}");
        Map<String, String> want = new LinkedHashMap<>();
        want.put("$", "object");
        want.put("$.id", "number");
        want.put("$.name", "string");
        want.put("$.ok", "boolean");
        want.put("$.gone", "null");
        want.put("$.price", "number");
        want.put("$.tags", "array");
        want.put("$.items", "array");
        want.put("$.items[*]", "object");
        want.put("$.items[*].sku", "string");
        want.put("$.items[*].qty", "number");
        want.put("$.items[*].note", "null");
        want.put("$.grid", "array");
        want.put("$.grid[*]", "array");
        want.put("$.grid[*][*]", "string|number");
        want.put("$.meta", "object");
        want.put("$.meta.page", "object");
        want.put("$.meta.page.next", "null");
        assertEquals(want, text(s));
        assertEquals(List.copyOf(want.keySet()), List.copyOf(s.types().keySet()));
        assertFalse(s.truncated());
    }

    @Test
    void mixedTypesInOneArrayAreOneSet() {
        assertEquals(
                Map.of("$", "array", "$[*]", "object|array|string|number|boolean|null", "$[*].a", "number"),
                text(infer("[1,\"s\",null,false,{\"a\":2},[]]")));
    }

    @Test
    void scalarRootsAndOddNames() {
        assertEquals(Map.of("$", "string"), text(infer(" \"x\" ")));
        assertEquals(Map.of("$", "null"), text(infer("null")));
        assertEquals(
                List.of("$", "$[\"a.b\"]", "$[\"x[0]\"]", "$[\"q\\\"\"]", "$[\"1st\"]", "$.snake_case-x", "$[\"\"]"),
                List.copyOf(infer("{\"a.b\":1,\"x[0]\":1,\"q\\\"\":1,\"1st\":1,\"snake_case-x\":1,\"\":1}")
                        .types()
                        .keySet()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "hello", "{\"a\":1", "{\"a\":1}x", "{} {}", "<html></html>", "[1,]", "{a:1}"})
    void notJson(String body) {
        assertNull(infer(body));
    }

    @Test
    void depthIsCutAt64Levels() {
        String body = "[".repeat(100) + "]".repeat(100);
        ShapeInference.Sample s = infer(body);
        assertEquals(ShapeInference.MAX_DEPTH + 1, s.types().size());
        assertTrue(s.truncated());
        assertTrue(s.types().containsKey("$" + "[*]".repeat(64)));
        assertFalse(s.types().containsKey("$" + "[*]".repeat(65)));
        assertEquals(JsonType.ARRAY, s.types().get("$" + "[*]".repeat(64)));
    }

    @Test
    void exactly64LevelsIsNotCut() {
        // root at depth 0, its innermost container at depth 63: all entered
        ShapeInference.Sample s = infer("[".repeat(64) + "1" + "]".repeat(64));
        assertEquals(65, s.types().size());
        assertEquals(JsonType.NUMBER, s.types().get("$" + "[*]".repeat(64)));
        assertFalse(s.truncated());
    }

    @Test
    void deeperThanJacksonsLimitIsNotJson() {
        assertNull(infer("[".repeat(5000) + "]".repeat(5000)));
    }

    @Test
    void pathsAreLimited() {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < 50_000; i++) {
            b.append(i == 0 ? "" : ",")
                    .append("\"k")
                    .append(i)
                    .append("\":{\"v\":")
                    .append(i)
                    .append('}');
        }
        ShapeInference.Sample s = infer(b.append('}').toString());
        assertEquals(ResponseShapes.MAX_PATHS, s.types().size());
        assertTrue(s.truncated());
        // "$", then k0, k0.v, k1, k1.v...: the 1,000th path is k499, whose member no longer fits
        assertTrue(s.types().containsKey("$.k498.v"));
        assertTrue(s.types().containsKey("$.k499"));
        assertFalse(s.types().containsKey("$.k499.v"));
        assertFalse(s.types().containsKey("$.k500"));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void flatObjectsOfRandomTypes(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String[] values = {"1", "\"s\"", "true", "null", "{}", "[]", "2.5e3", "false"};
        int[] types = {8, 4, 16, 32, 1, 2, 8, 16};
        StringBuilder b = new StringBuilder("{");
        Map<String, Integer> want = new LinkedHashMap<>();
        want.put("$", JsonType.OBJECT);
        int n = 1 + r.nextInt(40);
        for (int i = 0; i < n; i++) {
            int v = r.nextInt(values.length);
            b.append(i == 0 ? "" : ",").append("\"f").append(i).append("\":").append(values[v]);
            want.put("$.f" + i, types[v]);
        }
        assertEquals(want, infer(b.append('}').toString()).types());
    }
}
