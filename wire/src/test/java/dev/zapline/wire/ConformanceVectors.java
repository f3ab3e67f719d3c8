package dev.zapline.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance vectors, {@code conformance/zap-vectors.txt} on the test class path (a copy kept in this
 * repository; its README says where it came from). Shared with other modules' tests through the wire test jar.
 */
public final class ConformanceVectors {

    /** The class-path resource holding the vectors. */
    public static final String RESOURCE = "/conformance/zap-vectors.txt";

    /** One vector: its name, the other keys as written, and the message bytes. */
    public record Vector(String name, Map<String, String> keys, byte[] bytes) {
        @Override
        public String toString() {
            return name;
        }
    }

    private ConformanceVectors() {}

    /** Every vector in file order; fails loudly when the resource is missing rather than skipping tests. */
    public static List<Vector> all() {
        try (InputStream in = ConformanceVectors.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the test class path");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return parse(text.lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Vector named(String name) {
        return all().stream()
                .filter(v -> v.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no vector named " + name));
    }

    static List<Vector> parse(List<String> lines) {
        List<Vector> out = new ArrayList<>();
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            if (line.isBlank()) {
                flush(keys, out);
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                keys.put(
                        line.substring(0, colon).strip(),
                        line.substring(colon + 1).strip());
            }
        }
        flush(keys, out);
        return out;
    }

    private static void flush(Map<String, String> keys, List<Vector> out) {
        if (keys.containsKey("hex")) {
            out.add(new Vector(keys.get("name"), Map.copyOf(keys), Hex.bytes(keys.get("hex"))));
        }
        keys.clear();
    }
}
