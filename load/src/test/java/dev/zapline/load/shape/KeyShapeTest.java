package dev.zapline.load.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyShapeTest {

    private static void offer(ResponseShapes s, int key, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        s.offer(key, b, b.length, false);
    }

    @Test
    void samplesMergeTypesAndPresence() {
        ResponseShapes s = new ResponseShapes(List.of("GET /a", "GET /b"), 4);
        offer(s, 0, "{\"id\":1,\"name\":\"x\",\"items\":[{\"n\":1}]}");
        offer(s, 0, "{\"id\":\"2\",\"items\":[]}");
        offer(s, 0, "oops");
        assertTrue(s.wants(0));
        offer(s, 0, "{\"id\":null,\"name\":\"y\",\"items\":[{\"n\":2},{\"n\":null}]}");
        assertFalse(s.wants(0));
        offer(s, 0, "{\"late\":1}");
        assertTrue(s.wants(1));
        s.offer(1, null, 0, true);
        KeyShape k = s.shape(0);
        assertEquals(3, k.samples());
        assertEquals(1, k.notJsonCount());
        assertEquals(4, k.taken());
        assertEquals(
                "\"shapes\": {\n"
                        + "    \"GET /a\": {\"samples\":3,\"not_json\":1,\"too_large\":0,\"truncated\":false,"
                        + "\"fields\":{\n"
                        + "      \"$\":{\"types\":[\"object\"],\"present\":3},\n"
                        + "      \"$.id\":{\"types\":[\"string\",\"number\",\"null\"],\"present\":3},\n"
                        + "      \"$.name\":{\"types\":[\"string\"],\"present\":2},\n"
                        + "      \"$.items\":{\"types\":[\"array\"],\"present\":3},\n"
                        + "      \"$.items[*]\":{\"types\":[\"object\"],\"present\":2},\n"
                        + "      \"$.items[*].n\":{\"types\":[\"number\",\"null\"],\"present\":2}\n"
                        + "    }},\n"
                        + "    \"GET /b\": {\"samples\":0,\"not_json\":0,\"too_large\":1,\"truncated\":false,"
                        + "\"fields\":{}}\n"
                        + "  }",
                s.jsonMember());
    }

    @Test
    void pathsPerKeyAreLimited() {
        ResponseShapes s = new ResponseShapes(List.of("k"), 10);
        for (int n = 0; n < 3; n++) {
            StringBuilder b = new StringBuilder("{");
            for (int i = 0; i < 600; i++) {
                b.append(i == 0 ? "" : ",")
                        .append("\"s")
                        .append(n)
                        .append('_')
                        .append(i)
                        .append("\":1");
            }
            offer(s, 0, b.append('}').toString());
        }
        assertEquals(ResponseShapes.MAX_PATHS, s.shape(0).fields().size());
        assertTrue(s.shape(0).truncated());
        assertEquals(3, s.shape(0).fields().get("$").present());
        assertTrue(s.shape(0).fields().containsKey("$.s1_398"));
        assertFalse(s.shape(0).fields().containsKey("$.s1_399"));
    }

    @Test
    void perKeyLimitsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new ResponseShapes(List.of("k"), 0));
        assertThrows(IllegalArgumentException.class, () -> new ResponseShapes(List.of("k"), 10_001));
        assertTrue(new ResponseShapes(List.of("k"), 10_000).wants(0));
    }

    @Test
    void watchAddsShapesAfterTheInnerMembers() {
        ResponseShapes s = new ResponseShapes(List.of(), 1);
        assertEquals("\"shapes\": {}", s.watch(null).complete(null));
        assertFalse(s.watch(null).interim(null));
        var inner = new dev.zapline.load.report.SummaryWatch() {
            @Override
            public boolean interim(dev.zapline.load.report.Summary x) {
                return true;
            }

            @Override
            public String complete(dev.zapline.load.report.Summary x) {
                return "\"thresholds\": []";
            }
        };
        assertTrue(s.watch(inner).interim(null));
        assertEquals("\"thresholds\": [],\n  \"shapes\": {}", s.watch(inner).complete(null));
    }
}
