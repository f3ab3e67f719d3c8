package dev.zapline.load.journey;

/**
 * How each journey takes its row of {@link DataSet} ({@code --data-mode}): {@code SEQUENTIAL} the next row in file
 * order, wrapping around; {@code RANDOM} a row drawn from the run's seeded generator; {@code UNIQUE} each row at most
 * once per run (a distributed run's segment {@code i} of {@code n} takes the rows {@code r} with
 * {@code r mod n == i}): once they run out no more journeys start, the run ends early, and the summary says so.
 */
public enum DataMode {
    SEQUENTIAL,
    RANDOM,
    UNIQUE;

    /** {@code sequential}, {@code random} or {@code unique}. @throws IllegalArgumentException for another word */
    public static DataMode parse(String s) {
        for (DataMode m : values()) {
            if (m.name().equalsIgnoreCase(s.strip())) {
                return m;
            }
        }
        throw new IllegalArgumentException("--data-mode " + s + ": expected sequential, random or unique");
    }
}
