package dev.zapline.load.journey;

import java.util.List;

/**
 * What {@code zapline load FILE.http ...} runs: the journeys (one per file, weighted), the data rows and how they
 * are taken. Every step of every journey has the same origin ({@link #origin}). Immutable; read once before the run.
 */
public record JourneyPlan(List<Journey> journeys, DataSet data, DataMode mode, long seed) {

    public JourneyPlan {
        journeys = List.copyOf(journeys);
    }

    /** The one origin every step goes to, as {@code scheme://host:port}. */
    public String origin() {
        return journeys.get(0).steps().get(0).origin();
    }

    /**
     * Whether a command-line argument names a journey file: {@code FILE.http} or {@code FILE.http:WEIGHT} (or
     * {@code .rest}, REST Client's other extension).
     */
    public static boolean isJourneyArg(String arg) {
        return arg.matches("(?s).*\\.(http|rest)(:[0-9]+)?");
    }
}
