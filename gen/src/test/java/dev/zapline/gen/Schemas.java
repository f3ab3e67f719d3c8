package dev.zapline.gen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The test schemas under {@code src/test/resources/zap}, read from the class path. */
final class Schemas {

    /** The Go zapgen's test data (brace form and the indentation twins) and this module's own. */
    static final String[] ALL = {
        "basetx.zap", "packed.zap", "documented.zap", "ws/basetx_ws.zap", "ws/packed_ws.zap", "kinds.zap"
    };

    private Schemas() {}

    static String text(String name) {
        try (InputStream in = Schemas.class.getResourceAsStream("/zap/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test schema " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Schema parse(String name) {
        try {
            return SchemaParser.parse(name, text(name));
        } catch (SchemaException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** Copies a schema into {@code dir} (for tools that read files); returns the copy. */
    static Path copy(String name, Path dir) throws IOException {
        Path file = dir.resolve(Path.of(name).getFileName().toString());
        Files.createDirectories(dir);
        Files.writeString(file, text(name), StandardCharsets.UTF_8);
        return file;
    }
}
