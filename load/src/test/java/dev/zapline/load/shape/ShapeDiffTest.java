package dev.zapline.load.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShapeDiffTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A result file's root whose shapes are those of {@code bodies} per key ({@code key=body} pairs). */
    private static JsonNode run(List<String> keys, String... keyAndBody) throws Exception {
        ResponseShapes s = new ResponseShapes(keys, 100);
        for (String kb : keyAndBody) {
            int eq = kb.indexOf('=');
            byte[] b = kb.substring(eq + 1).getBytes(StandardCharsets.UTF_8);
            s.offer(keys.indexOf(kb.substring(0, eq)), b, b.length, false);
        }
        return JSON.readTree("{\"summary\":{}," + s.jsonMember() + "}");
    }

    @Test
    void removedRetypedAddedAndKeys() throws Exception {
        JsonNode base = run(
                List.of("GET /u", "GET /old", "GET /t"),
                "GET /u={\"id\":1,\"name\":\"a\",\"nick\":\"n\",\"tags\":[\"x\"]}",
                "GET /u={\"id\":2,\"name\":\"b\",\"tags\":[]}",
                "GET /old={}",
                "GET /t={\"a\":1}");
        JsonNode next = run(
                List.of("GET /u", "GET /t", "GET /new"),
                "GET /u={\"id\":\"3\",\"tags\":[1],\"email\":\"e\"}",
                "GET /u={\"id\":\"4\",\"tags\":[]}",
                "GET /t=<html>",
                "GET /new={}");
        ShapeDiff d = ShapeDiff.compare(base, next);
        assertTrue(d.compared());
        assertTrue(d.breaking());
        assertEquals(
                List.of(
                        new ShapeChange("GET /u", ShapeChange.Kind.TYPE_CHANGED, "$.id", 8, 4),
                        new ShapeChange("GET /u", ShapeChange.Kind.REMOVED, "$.name", 4, 0),
                        new ShapeChange("GET /u", ShapeChange.Kind.REMOVED, "$.nick", 4, 0),
                        new ShapeChange("GET /u", ShapeChange.Kind.TYPE_CHANGED, "$.tags[*]", 4, 8),
                        new ShapeChange("GET /u", ShapeChange.Kind.ADDED, "$.email", 0, 4),
                        new ShapeChange("GET /old", ShapeChange.Kind.KEY_ONLY_IN_BASE, null, 0, 0),
                        new ShapeChange("GET /t", ShapeChange.Kind.NO_JSON, null, 0, 0),
                        new ShapeChange("GET /new", ShapeChange.Kind.KEY_ONLY_IN_NEW, null, 0, 0)),
                d.changes());
        assertEquals(
                "response shapes: BREAKING\n"
                        + "  GET /u\n"
                        + "  ! $.id: type number -> string\n"
                        + "  ! $.name: removed (was string)\n"
                        + "  ! $.nick: removed (was string)\n"
                        + "  ! $.tags[*]: type string -> number\n"
                        + "    $.email: added (string)\n"
                        + "  GET /old\n"
                        + "    sampled in the base run only\n"
                        + "  GET /t\n"
                        + "  ! no JSON response sampled in the new run\n"
                        + "  GET /new\n"
                        + "    sampled in the new run only\n",
                d.text());
        assertEquals(
                "### Response shapes: breaking\n\n"
                        + "| request | field | change | breaking |\n|---|---|---|---|\n"
                        + "| GET /u | `$.id` | type number -> string | yes |\n"
                        + "| GET /u | `$.name` | removed (was string) | yes |\n"
                        + "| GET /u | `$.nick` | removed (was string) | yes |\n"
                        + "| GET /u | `$.tags[*]` | type string -> number | yes |\n"
                        + "| GET /u | `$.email` | added (string) | no |\n"
                        + "| GET /old |  | sampled in the base run only | no |\n"
                        + "| GET /t |  | no JSON response sampled in the new run | yes |\n"
                        + "| GET /new |  | sampled in the new run only | no |\n",
                d.markdown());
    }

    @Test
    void sameShapesAndFieldsSeenLessOftenAreNoChange() throws Exception {
        JsonNode base = run(List.of("k"), "k={\"a\":1,\"b\":null}", "k={\"a\":2}");
        JsonNode next = run(List.of("k"), "k={\"a\":3,\"b\":null}", "k={\"a\":4,\"b\":null}", "k=[]x");
        ShapeDiff d = ShapeDiff.compare(base, next);
        assertEquals(List.of(), d.changes());
        assertFalse(d.breaking());
        assertEquals("response shapes: no change\n", d.text());
        assertEquals("### Response shapes\n\nNo change.\n", d.markdown());
    }

    @Test
    void addedOnlyIsNotBreaking() throws Exception {
        ShapeDiff d = ShapeDiff.compare(run(List.of("k"), "k={}"), run(List.of("k"), "k={\"x|y\":true}"));
        assertEquals(List.of(new ShapeChange("k", ShapeChange.Kind.ADDED, "$[\"x|y\"]", 0, 16)), d.changes());
        assertFalse(d.breaking());
        assertEquals("response shapes: no breaking change\n  k\n    $[\"x|y\"]: added (boolean)\n", d.text());
        assertTrue(d.markdown().contains("| k | `$[\"x\\|y\"]` | added (boolean) | no |\n"));
    }

    @Test
    void aRunWithoutShapesComparesNothing() throws Exception {
        JsonNode none = JSON.readTree("{\"summary\":{}}");
        JsonNode some = run(List.of("k"), "k={}");
        assertFalse(ShapeDiff.compare(none, some).compared());
        assertFalse(ShapeDiff.compare(none, some).breaking());
        assertEquals(
                "response shapes: not sampled in the base run (zapline load --sample-responses N)\n",
                ShapeDiff.compare(none, some).text());
        assertEquals(
                "response shapes: not sampled in the new run (zapline load --sample-responses N)\n",
                ShapeDiff.compare(some, none).text());
        assertEquals(
                "### Response shapes\n\nNot sampled in either run (`zapline load --sample-responses N`).\n",
                ShapeDiff.compare(none, none).markdown());
    }

    @Test
    void malformedShapesAreRefusedNamingThePlace() throws Exception {
        JsonNode ok = run(List.of("k"), "k={}");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ShapeDiff.compare(
                        ok,
                        JSON.readTree("{\"shapes\":{\"k\":{\"samples\":1,\"fields\":{"
                                + "\"$\":{\"types\":[\"obj\"],\"present\":1}}}}}")));
        assertEquals(
                "shapes.k.fields.$.types: expected object, array, string, number, boolean or null", e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class,
                () -> ShapeDiff.compare(ok, JSON.readTree("{\"shapes\":{\"k\":{\"samples\":1}}}")));
        assertEquals("shapes.k.fields: expected an object", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ShapeDiff.compare(ok, JSON.readTree("{\"shapes\":[]}")));
        assertEquals("shapes: expected an object", e.getMessage());
    }
}
