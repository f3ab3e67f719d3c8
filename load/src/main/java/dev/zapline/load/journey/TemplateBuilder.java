package dev.zapline.load.journey;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects a {@link Template} while a journey file is read: text and bytes merge into one literal until a value
 * slot comes; each slot remembers where it was written, for errors about its place (a slot in a URL's host).
 */
final class TemplateBuilder {

    private final ByteArrayOutputStream literal = new ByteArrayOutputStream();
    private final List<Part> parts = new ArrayList<>();
    private final List<Location> slotLocations = new ArrayList<>();

    void text(String s) {
        literal.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    void bytes(byte[] b) {
        literal.writeBytes(b);
    }

    void slot(Part part, Location at) {
        flush();
        parts.add(part);
        slotLocations.add(at);
    }

    /** The parts so far, adjacent literals merged. */
    List<Part> parts() {
        flush();
        return List.copyOf(parts);
    }

    /** Where the {@code i}-th part was written, or null for a literal. */
    Location location(int i) {
        flush();
        return slotLocations.get(i);
    }

    Template build() {
        return new Template(parts());
    }

    private void flush() {
        if (literal.size() > 0) {
            parts.add(new Part.Literal(literal.toByteArray()));
            slotLocations.add(null);
            literal.reset();
        }
    }
}
