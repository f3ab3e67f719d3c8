package dev.zapline.cli.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.report.RunTag;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One {@code zapline load --json} result as {@code zapline diff} reads it: the whole run's figures from its summary,
 * its measured seconds ({@code intervals}, when the file has them) and its journey steps.
 *
 * <p>Immutable.
 *
 * @param name the file as given
 * @param summary the figures of {@link Figure}'s order from the file's summary (latency in microseconds)
 * @param seconds the measured seconds, or null for a file without {@code intervals} (written before they existed,
 *     or merged)
 * @param steps a journey run's steps in file order (empty for other runs)
 */
record RunFile(String name, double[] summary, Seconds seconds, List<Step> steps) {

    /**
     * A journey step: its key, how many requests it made and its whole-run histograms (ns; null when the file has
     * none, then {@code us} holds its percentiles from the file's {@code latency}).
     *
     * @param key the step's key
     * @param requests its measured requests
     * @param corrected its corrected latency, or null
     * @param service its service time, or null
     * @param us its corrected then service percentiles of {@link Figure#PERCENTILES}, microseconds
     * @param errorRate its requests that ended other than in success, among those that ended
     */
    record Step(String key, long requests, Histogram corrected, Histogram service, double[] us, double errorRate) {}

    /**
     * Reads {@code file}.
     *
     * @throws IllegalArgumentException {@code "FILE: what"} when it cannot be read or is not a zapline load result
     */
    static RunFile read(Path file) {
        JsonNode doc = RunReport.Run.read(file, null).doc();
        String name = file.toString();
        JsonNode s = doc.path("summary");
        double[] summary = new double[Figure.values().length];
        JsonNode lat = doc.path("latency");
        String[] keys = {"p50_us", "p90_us", "p99_us", "p999_us"};
        for (int k = 0; k < 4; k++) {
            summary[k] = number(name, lat.path("corrected"), "latency.corrected." + keys[k], keys[k]);
            summary[4 + k] = number(name, lat.path("service"), "latency.service." + keys[k], keys[k]);
        }
        summary[Figure.RATE.ordinal()] = number(name, s, "summary.rate_achieved", "rate_achieved");
        JsonNode o = s.path("outcomes");
        summary[Figure.ERRORS.ordinal()] = errorRate(o);
        long scheduled = s.path("scheduled").asLong();
        summary[Figure.DROPPED.ordinal()] =
                scheduled == 0 ? 0 : (double) s.path("dropped").asLong() / scheduled;
        JsonNode iv = doc.get("intervals");
        Seconds seconds = iv == null ? null : Seconds.parse(name, iv);
        return new RunFile(name, summary, seconds, steps(name, doc.path("steps")));
    }

    private static List<Step> steps(String name, JsonNode steps) {
        List<Step> out = new ArrayList<>();
        for (JsonNode st : steps) {
            String key = st.path("key").asText(null);
            if (key == null) {
                throw new IllegalArgumentException(name + ": a step without a key in steps[]");
            }
            JsonNode h = st.path("histograms");
            Histogram c = h.path("corrected").isTextual()
                    ? decode(name, key, h.path("corrected").asText())
                    : null;
            Histogram v = h.path("service").isTextual()
                    ? decode(name, key, h.path("service").asText())
                    : null;
            double[] us = new double[8];
            String[] keys = {"p50_us", "p90_us", "p99_us", "p999_us"};
            for (int k = 0; k < 4; k++) {
                us[k] = st.path("latency").path("corrected").path(keys[k]).asDouble(Double.NaN);
                us[4 + k] = st.path("latency").path("service").path(keys[k]).asDouble(Double.NaN);
            }
            out.add(new Step(key, st.path("requests").asLong(), c, v, us, errorRate(st.path("outcomes"))));
        }
        return List.copyOf(out);
    }

    /** Of {@code outcomes}, those other than success (and not dropped) among all but the dropped. */
    private static double errorRate(JsonNode outcomes) {
        long success = outcomes.path("success").asLong();
        long bad = 0;
        for (var e : outcomes.properties()) {
            if (!e.getKey().equals("success") && !e.getKey().equals("dropped")) {
                bad += e.getValue().asLong();
            }
        }
        return success + bad == 0 ? 0 : (double) bad / (success + bad);
    }

    private static Histogram decode(String name, String key, String text) {
        try {
            return RunTag.decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": step " + key + ": " + e.getMessage());
        }
    }

    private static double number(String name, JsonNode parent, String path, String key) {
        JsonNode n = parent.path(key);
        if (!n.isNumber()) {
            throw new IllegalArgumentException(name + ": not a zapline load result (--json): it has no " + path);
        }
        return n.asDouble();
    }
}
