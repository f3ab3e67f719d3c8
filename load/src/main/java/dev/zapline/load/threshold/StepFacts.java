package dev.zapline.load.threshold;

import dev.zapline.load.report.StepSummary;
import dev.zapline.load.report.Summary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A journey run's {@link Facts} per step, so that a step threshold ({@code p99{step=login}<50ms}) reads its step's
 * figures with the same metric as the run's: a step's facts have its requests, outcomes, statuses, latencies and
 * checks; its rates and connect times are zero, it has no TLS handshakes, no journeys and no steps of its own.
 *
 * <p>Stateless.
 */
final class StepFacts {

    private static final Facts.Times NO_TIMES = new Facts.Times(0, new double[Facts.STATS.length]);

    private StepFacts() {}

    /** Every step of {@code s}, by key. */
    static Map<String, Facts> of(Summary s) {
        Map<String, Facts> out = new LinkedHashMap<>();
        for (StepSummary st : s.steps()) {
            Map<String, Long> o = st.outcomes();
            out.put(
                    st.key(),
                    facts(
                            s.model(),
                            st.requests(),
                            o,
                            st.errors(),
                            st.statuses(),
                            Facts.Times.of(st.corrected()),
                            Facts.Times.of(st.service()),
                            st.checksPassed(),
                            st.checksFailed()));
        }
        return out;
    }

    /**
     * Every step of a JSON file's {@code steps} array, by key.
     *
     * @throws IllegalArgumentException when a step lacks a key the file always has
     */
    static Map<String, Facts> of(String model, Map<String, ?> root) {
        Map<String, Facts> out = new LinkedHashMap<>();
        if (!(root.get("steps") instanceof List<?> steps)) {
            throw Facts.missing("steps (the file has journeys)");
        }
        for (Object e : steps) {
            Map<?, ?> st = Facts.map(e);
            if (!(st.get("key") instanceof String key)) {
                throw Facts.missing("steps[].key");
            }
            String path = "steps[" + key + "].";
            Map<String, Long> outcomes = new LinkedHashMap<>();
            Facts.object(st, "outcomes", path).forEach((k, v) -> outcomes.put(k.toString(), Facts.count(v)));
            Map<Integer, Long> statuses = new LinkedHashMap<>();
            Facts.object(st, "statuses", path)
                    .forEach((k, v) -> statuses.put(Integer.valueOf(k.toString()), Facts.count(v)));
            Map<?, ?> latency = Facts.object(st, "latency", path);
            long passed = 0;
            long failed = 0;
            if (st.get("checks") instanceof List<?> checks) {
                for (Object c : checks) {
                    passed += Facts.optional(Facts.map(c), "passed");
                    failed += Facts.optional(Facts.map(c), "failed");
                }
            }
            out.put(
                    key,
                    facts(
                            model,
                            Facts.count(st, path + "requests"),
                            outcomes,
                            Facts.count(st, path + "errors"),
                            statuses,
                            Facts.Times.of(Facts.object(latency, "corrected", path + "latency."), path + "corrected"),
                            Facts.Times.of(Facts.object(latency, "service", path + "latency."), path + "service"),
                            passed,
                            failed));
        }
        return out;
    }

    private static Facts facts(
            String model,
            long requests,
            Map<String, Long> o,
            long errors,
            Map<Integer, Long> statuses,
            Facts.Times corrected,
            Facts.Times service,
            long passed,
            long failed) {
        long dropped = o.getOrDefault("dropped", 0L);
        return new Facts(
                model,
                requests + dropped,
                requests,
                dropped,
                errors,
                o.getOrDefault("timeout", 0L),
                o.getOrDefault("success", 0L),
                o.getOrDefault("failure_status", 0L),
                statuses,
                0,
                0,
                corrected,
                service,
                NO_TIMES,
                null,
                o.getOrDefault("check", 0L),
                o.getOrDefault("extract", 0L),
                passed,
                failed,
                0,
                0,
                null,
                Double.NaN,
                Double.NaN);
    }
}
