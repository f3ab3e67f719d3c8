package dev.zapline.load.threshold;

import dev.zapline.load.report.Summary;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of a run that thresholds judge, taken either from a live {@link Summary} ({@link #of(Summary)}) or
 * from the JSON file {@code zapline load --json} writes, parsed by any JSON library into maps ({@link #of(Map)}).
 * Both give the same numbers for the same run: values the JSON file rounds to three decimals are rounded alike
 * here, so a verdict over the file equals the verdict of the run that wrote it.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=facts-json}
 *
 * @param model "open", "closed" or "max-throughput"
 * @param scheduled requests of the measured phase taken from the schedule or started by a user
 * @param requests requests written to a connection
 * @param dropped scheduled requests never written (ceiling or wait limit)
 * @param errors requests ended by an error: connect, reset, timeout or protocol
 * @param timeouts requests ended by {@code --timeout}
 * @param success responses with an expected status
 * @param failureStatus responses with a status outside {@code --expect-status}
 * @param statuses responses per status code
 * @param rateAchieved responses within the measured window per second of it
 * @param rateTarget the schedule's mean rate, 0 without a schedule
 * @param corrected latency from the intended send time
 * @param service latency from the actual write
 * @param connect connect times
 * @param handshake TLS handshake times, or null for a plaintext target
 * @param checkFailed journeys: responses whose step failed a check (counted as failures by {@code error_rate})
 * @param extractFailed journeys: responses a value could not be extracted from (failures too)
 * @param checksPassed journeys: checks that held
 * @param checksFailed journeys: checks that did not hold
 * @param journeysCompleted journeys whose every step succeeded
 * @param journeysFailed journeys that stopped at a failed step
 * @param steps a journey run's figures per step, by step key, in run-wide order (each with no steps of its own);
 *     null for a run of fixed requests
 * @param loaderBusy the busiest event loop's CPU share over the measured phase (0 to 1), NaN when not known
 * @param sendLagP99 the send lag's p99 in µs (requests that waited for a connection slot left out), NaN when not
 *     known
 */
public record Facts(
        String model,
        long scheduled,
        long requests,
        long dropped,
        long errors,
        long timeouts,
        long success,
        long failureStatus,
        Map<Integer, Long> statuses,
        double rateAchieved,
        double rateTarget,
        Times corrected,
        Times service,
        Times connect,
        Times handshake,
        long checkFailed,
        long extractFailed,
        long checksPassed,
        long checksFailed,
        long journeysCompleted,
        long journeysFailed,
        Map<String, Facts> steps,
        double loaderBusy,
        double sendLagP99) {

    /** The statistics of a latency, in this order in {@link Times#us()}; their names in thresholds. */
    /** The step keys of a journey run, in run-wide order; empty for a run of fixed requests. */
    public java.util.List<String> stepKeys() {
        return steps == null ? java.util.List.of() : java.util.List.copyOf(steps.keySet());
    }

    static final String[] STATS = {"p50", "p75", "p90", "p99", "p99.9", "p99.99", "max", "mean"};

    /** The JSON keys of {@link #STATS}. */
    private static final String[] KEYS = {
        "p50_us", "p75_us", "p90_us", "p99_us", "p999_us", "p9999_us", "max_us", "mean_us"
    };

    private static final double[] PERCENTILES = {50, 75, 90, 99, 99.9, 99.99};

    /**
     * One latency's statistics in microseconds.
     *
     * @param count values recorded
     * @param us one value per {@link #STATS} entry; NaN where the source did not have it (an older JSON file)
     */
    public record Times(long count, double[] us) {

        static Times of(Summary.Latency l) {
            double[] v = new double[STATS.length];
            for (int i = 0; i < PERCENTILES.length; i++) {
                v[i] = asJson(l.p(PERCENTILES[i]));
            }
            v[6] = asJson(l.maxUs());
            v[7] = asJson(l.meanUs());
            return new Times(l.count(), v);
        }

        static Times of(Map<?, ?> m, String path) {
            double[] v = new double[STATS.length];
            for (int i = 0; i < KEYS.length; i++) {
                Object o = m.get(KEYS[i]);
                v[i] = o instanceof Number n ? n.doubleValue() : Double.NaN;
            }
            return new Times(Facts.count(m, path + ".count"), v);
        }
    }

    /** The figures of {@code s}: the measured phase, so far or complete. */
    public static Facts of(Summary s) {
        return new Facts(
                s.model(),
                s.scheduled(),
                s.requests(),
                s.dropped(),
                s.errors(),
                s.outcomes().getOrDefault("timeout", 0L),
                s.outcomes().getOrDefault("success", 0L),
                s.outcomes().getOrDefault("failure_status", 0L),
                s.statuses(),
                asJson(s.rateAchieved()),
                asJson(s.rateTarget()),
                Times.of(s.corrected()),
                Times.of(s.service()),
                Times.of(s.connect()),
                s.tls() == null ? null : Times.of(s.tls().handshake()),
                s.outcomes().getOrDefault("check", 0L),
                s.outcomes().getOrDefault("extract", 0L),
                s.journeys() == null ? 0 : s.journeys().checksPassed(),
                s.journeys() == null ? 0 : s.journeys().checksFailed(),
                s.journeys() == null ? 0 : s.journeys().completed(),
                s.journeys() == null ? 0 : s.journeys().failed(),
                s.journeys() == null ? null : StepFacts.of(s),
                s.loader() == null || Double.isNaN(s.loader().busyMax())
                        ? Double.NaN
                        : asJson(s.loader().busyMax()),
                s.loader() == null ? Double.NaN : asJson(s.loader().sendLag().p99() / 1e3));
    }

    /**
     * The figures of a {@code zapline load --json} file, given as the maps, lists, strings and numbers a JSON parser
     * makes of it (Jackson's {@code readValue(file, Map.class)}, for one).
     *
     * @throws IllegalArgumentException when a figure every such file has is missing
     */
    public static Facts of(Map<String, ?> root) {
        Map<?, ?> s = object(root, "summary", "");
        Map<?, ?> outcomes = object(s, "outcomes", "summary.");
        Map<?, ?> latency = object(root, "latency", "");
        Map<Integer, Long> statuses = new LinkedHashMap<>();
        object(s, "statuses", "summary.").forEach((k, v) -> statuses.put(Integer.valueOf(k.toString()), count(v)));
        Object tls = s.get("tls");
        return new Facts(
                String.valueOf(s.get("model")),
                count(s, "summary.scheduled"),
                count(s, "summary.requests"),
                count(s, "summary.dropped"),
                count(s, "summary.errors"),
                count(outcomes, "summary.outcomes.timeout"),
                count(outcomes, "summary.outcomes.success"),
                count(outcomes, "summary.outcomes.failure_status"),
                statuses,
                number(s, "summary.rate_achieved"),
                number(s, "summary.rate_target"),
                Times.of(object(latency, "corrected", "latency."), "latency.corrected"),
                Times.of(object(latency, "service", "latency."), "latency.service"),
                Times.of(object(s, "connect", "summary."), "summary.connect"),
                tls instanceof Map<?, ?> t
                        ? Times.of(object(t, "handshake", "summary.tls."), "summary.tls.handshake")
                        : null,
                optional(outcomes, "check"),
                optional(outcomes, "extract"),
                root.get("journeys") instanceof Map<?, ?> j ? optional(map(j.get("checks")), "passed") : 0,
                root.get("journeys") instanceof Map<?, ?> j ? optional(map(j.get("checks")), "failed") : 0,
                root.get("journeys") instanceof Map<?, ?> j ? optional(j, "completed") : 0,
                root.get("journeys") instanceof Map<?, ?> j ? optional(j, "failed") : 0,
                root.get("journeys") instanceof Map<?, ?> ? StepFacts.of(String.valueOf(s.get("model")), root) : null,
                loader(s, "busy_max", null),
                loader(s, "send_lag", "p99_us"));
    }

    /** {@code summary.loader.key} (or its {@code sub} member), NaN when absent (a merged run, an older file). */
    private static double loader(Map<?, ?> summary, String key, String sub) {
        Object v = map(summary.get("loader")).get(key);
        if (sub != null) {
            v = map(v).get(sub);
        }
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The count {@code m} has at {@code key}, 0 when absent (a file from before journeys). */
    static long optional(Map<?, ?> m, String key) {
        return m.get(key) instanceof Number n ? n.longValue() : 0;
    }

    static Map<?, ?> map(Object o) {
        return o instanceof Map<?, ?> m ? m : Map.of();
    }

    /** {@code v} as the JSON file has it: three decimals. */
    static double asJson(double v) {
        return Double.isFinite(v) ? Double.parseDouble(String.format(Locale.ROOT, "%.3f", v)) : 0;
    }

    static Map<?, ?> object(Map<?, ?> m, String key, String path) {
        if (m.get(key) instanceof Map<?, ?> o) {
            return o;
        }
        throw missing(path + key);
    }

    /** The count at {@code path} (dotted, from the root), whose last part is its key in {@code m}. */
    static long count(Map<?, ?> m, String path) {
        Object v = m.get(path.substring(path.lastIndexOf('.') + 1));
        if (v == null) {
            throw missing(path);
        }
        return count(v);
    }

    static long count(Object v) {
        if (v instanceof Number n) {
            return n.longValue();
        }
        throw new IllegalArgumentException("expected a count, found " + v);
    }

    private static double number(Map<?, ?> m, String path) {
        if (m.get(path.substring(path.lastIndexOf('.') + 1)) instanceof Number n) {
            return n.doubleValue();
        }
        throw missing(path);
    }

    static IllegalArgumentException missing(String key) {
        return new IllegalArgumentException(
                "not a JSON file of zapline load (or one from before thresholds): no " + key);
    }
}
