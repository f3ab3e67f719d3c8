package dev.zapline.load.journey;

import java.util.List;

/** Text with value slots, compiled once: adjacent literals are merged; {@link #isConstant} when it has no slot. */
public record Template(List<Part> parts) {

    public Template {
        parts = List.copyOf(parts);
    }

    public boolean isConstant() {
        return parts.stream().allMatch(p -> p instanceof Part.Literal);
    }
}
