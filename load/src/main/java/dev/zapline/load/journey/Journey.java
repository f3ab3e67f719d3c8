package dev.zapline.load.journey;

import java.nio.file.Path;
import java.util.List;

/**
 * One {@code .http} file: its requests run in order as one virtual user's iteration, stopping at the first failed
 * step. {@code weight} is its share of the journeys started ({@code FILE.http:WEIGHT}, default 1); {@code slots} the
 * number of extraction slots its steps use ({@link Export#slot} is below it).
 */
public record Journey(String name, Path file, int weight, List<Step> steps, int slots) {

    public Journey {
        steps = List.copyOf(steps);
    }
}
