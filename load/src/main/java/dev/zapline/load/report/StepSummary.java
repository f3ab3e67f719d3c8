package dev.zapline.load.report;

import java.util.List;
import java.util.Map;

/**
 * The results of one step of a journey run's measured phase, as {@link Summary} has them for the whole run: what the
 * summary's step table, the JSON file's {@code steps} array, the step thresholds ({@code p99{step=login}<50ms}) and
 * {@code zapline merge} read.
 *
 * @param key the step's key ({@link dev.zapline.load.metrics.JourneyLayout#steps()}): thresholds select it by this
 * @param journey the journey the step is in
 * @param requests the step's requests written to a connection
 * @param errors the step's requests ended by an error (connect, reset, timeout, protocol, refused, goaway)
 * @param outcomes count per outcome, keyed by {@link dev.zapline.load.metrics.Outcome#key()}
 * @param statuses count per status code
 * @param corrected latency from the step's intended send time
 * @param service latency from the step's actual write
 * @param checks the step's checks, in the order written
 * @param histograms the corrected and service histograms in HdrHistogram's compressed encoding, Base64 ({@link
 *     RunTag#encode}), so that {@code zapline merge} adds them exactly
 */
public record StepSummary(
        String key,
        String journey,
        long requests,
        long errors,
        Map<String, Long> outcomes,
        Map<Integer, Long> statuses,
        Summary.Latency corrected,
        Summary.Latency service,
        List<CheckCount> checks,
        Histograms histograms) {

    public StepSummary {
        outcomes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(outcomes));
        statuses = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(statuses));
        checks = List.copyOf(checks);
    }

    /**
     * One check's counts.
     *
     * @param check the expression as written
     * @param passed responses it held for
     * @param failed responses it did not hold for
     */
    public record CheckCount(String check, long passed, long failed) {}

    /**
     * Two histograms encoded for merging.
     *
     * @param corrected the corrected latency's, Base64
     * @param service the service time's, Base64
     */
    public record Histograms(String corrected, String service) {}

    /** The step's responses with an expected status that passed every check and extraction. */
    public long success() {
        return outcomes.getOrDefault("success", 0L);
    }

    /** Checks of this step that held, summed over its checks. */
    public long checksPassed() {
        long n = 0;
        for (CheckCount c : checks) {
            n += c.passed();
        }
        return n;
    }

    /** Checks of this step that did not hold, summed over its checks. */
    public long checksFailed() {
        long n = 0;
        for (CheckCount c : checks) {
            n += c.failed();
        }
        return n;
    }
}
