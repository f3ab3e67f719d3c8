package dev.zapline.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The vectors of {@code shared/conformance/zap-vectors.txt}, found beside the repository (CI lays {@code shared/}
 * next to the clone). Shared with other modules' tests through the wire test jar.
 */
public final class ConformanceVectors {

    /** One vector: its name, the other keys as written, and the message bytes. */
    public record Vector(String name, Map<String, String> keys, byte[] bytes) {
        @Override
        public String toString() {
            return name;
        }
    }

    private ConformanceVectors() {}

    /** The shared conformance folder; fails loudly when it cannot be found rather than skipping tests. */
    public static Path folder() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            Path candidate = d.resolve("shared/conformance");
            if (Files.isRegularFile(candidate.resolve("zap-vectors.txt"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("shared/conformance/zap-vectors.txt not found above " + dir
                + "; the repository expects ../shared beside it");
    }

    public static List<Vector> all() {
        try {
            return parse(Files.readAllLines(folder().resolve("zap-vectors.txt")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Vector named(String name) {
        return all().stream().filter(v -> v.name().equals(name)).findFirst()
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
                keys.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
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
