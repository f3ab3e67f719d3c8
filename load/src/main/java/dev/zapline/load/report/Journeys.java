package dev.zapline.load.report;

import java.util.List;
import java.util.Map;

/**
 * What the journeys of a journey run's measured phase came to: totals over every journey, the checks' totals, and
 * each journey's own figures.
 *
 * @param started journeys whose first step was due
 * @param completed journeys whose every step succeeded
 * @param failed journeys that stopped at a failed step (its status, a check, an extraction, or no response)
 * @param unfinished journeys the run's end left between steps
 * @param checksPassed checks that held, every step
 * @param checksFailed checks that did not hold, every step
 * @param each every journey, in the order given
 */
public record Journeys(
        long started,
        long completed,
        long failed,
        long unfinished,
        long checksPassed,
        long checksFailed,
        List<Journey> each) {

    public Journeys {
        each = List.copyOf(each);
    }

    /**
     * One journey's figures.
     *
     * @param name the journey's name
     * @param started times its first step was due
     * @param completed times its every step succeeded
     * @param failed times it stopped at a failed step
     * @param failedAt of {@code failed}, how many at each of its steps (every step's key, in order)
     * @param unfinished times the run's end left it between steps
     * @param corrected the journey's own latency, one value per completed journey: from its first step's intended
     *     time to its last response
     * @param service likewise from its first step's actual write
     * @param histograms the two latencies encoded for merging
     */
    public record Journey(
            String name,
            long started,
            long completed,
            long failed,
            Map<String, Long> failedAt,
            long unfinished,
            Summary.Latency corrected,
            Summary.Latency service,
            StepSummary.Histograms histograms) {

        public Journey {
            failedAt = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(failedAt));
        }
    }
}
