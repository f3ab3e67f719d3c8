package dev.zapline.cli.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.RunTag;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * {@code zapline merge}'s arithmetic: the JSON files of a run's segments ({@code zapline load --segment i/n}), and
 * their {@code --hdr-log} files ({@link HdrLog}), made into one run's file. Counts add; the measured phase's corrected
 * and service histograms ({@code run.histograms}) are added, so the merged percentiles are the whole run's to
 * HdrHistogram's precision; rates are recomputed over the merged window (the longest segment's, all anchored on one
 * {@code start_at}); the timeline is aligned on wall-clock seconds ({@link MergedTimeline}). Connect and TLS
 * handshake times carry no histograms: their merged percentiles are the largest of the inputs' (an upper bound),
 * their counts add. The per-10 ms pacing is left out. A journey run's steps and journeys are merged alike
 * ({@link MergeJourneys}).
 *
 * <p>Refused ({@link IllegalArgumentException}, naming the files): files of different runs, a segment twice, files
 * that disagree on how many segments the run has, and a missing segment unless {@code allowPartial} (the result is
 * then marked {@code run.partial}).
 *
 * <p>Stateless.
 */
public final class Merge {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Summed at {@code summary.}. */
    private static final String[] COUNTS = {
        "scheduled", "requests", "sent", "dropped", "unconnected", "errors", "bytes_in", "bytes_out", "inflight_ceiling"
    };

    private Merge() {}

    /** The merged document of {@code runs} (each run's name is its file, for the messages), without hdr logs. */
    public static ObjectNode merge(List<RunReport.Run> runs, boolean allowPartial) {
        return merge(runs, List.of(), allowPartial);
    }

    /**
     * The merged document of {@code runs} and their segments' {@code --hdr-log} files: when {@code logs} cover every
     * run, the timeline's measured seconds get exact percentiles ({@link MergedTimeline}) and {@code
     * run.timeline_percentiles} says {@code exact}; otherwise it says {@code max only}.
     *
     * @throws IllegalArgumentException as {@link Merge}, and for a log of another run, of a segment no file is of, a
     *     segment's log twice, or a log without its {@code #zapline-run} comment
     */
    public static ObjectNode merge(List<RunReport.Run> runs, List<HdrLog> logs, boolean allowPartial) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        int n = check(runs, allowPartial);
        boolean exact = checkLogs(runs, logs);
        ObjectNode out = runs.get(0).doc().deepCopy();
        out.remove(List.of("thresholds", "thresholds_passed", "aborted"));
        ObjectNode summary = (ObjectNode) out.get("summary");
        summary.remove("pacing");
        if (summary.path("command").isTextual()) {
            summary.put("command", summary.get("command").asText().replaceAll(" --segment[ =][^ ]+", ""));
        }
        double seconds = 0;
        double responses = 0;
        double drain = 0;
        boolean complete = true;
        for (RunReport.Run r : runs) {
            JsonNode s = r.doc().path("summary");
            seconds = Math.max(seconds, s.path("duration_s").asDouble());
            drain = Math.max(drain, s.path("drain").path("seconds").asDouble());
            responses +=
                    s.path("rate_achieved").asDouble() * s.path("duration_s").asDouble();
            complete &= s.path("complete").asBoolean();
        }
        for (String k : COUNTS) {
            if (summary.has(k)) {
                summary.put(k, sum(runs, "/summary/" + k));
            }
        }
        summary.put("complete", complete && runs.size() == n);
        summary.put("duration_s", seconds);
        summary.put("rate_target", sumDouble(runs, "/summary/rate_target"));
        summary.put("rate_achieved", seconds > 0 ? responses / seconds : 0);
        ((ObjectNode) summary.get("drain"))
                .put("seconds", drain)
                .put("responses", sum(runs, "/summary/drain/responses"));
        sumMembers(runs, summary, "outcomes");
        sumMembers(runs, summary, "statuses");
        maxTimes(runs, summary.get("connect"), "/summary/connect/");
        mergeTls(runs, summary);
        MergeLoader.merge(runs, summary);
        Histogram corrected = added(runs, "corrected");
        Histogram service = added(runs, "service");
        ObjectNode latency = (ObjectNode) out.get("latency");
        latency.set("corrected", tree(JsonReport.latency(corrected)));
        latency.set("service", tree(JsonReport.latency(service)));
        MergeJourneys.merge(runs, out);
        out.set("timeline", MergedTimeline.of(runs, exact ? HdrLog.added(logs) : null));
        ObjectNode run = out.putObject("run");
        run.put("id", runs.get(0).doc().path("run").path("id").asText());
        run.put("segments", n);
        run.set("start_at", runs.get(0).doc().path("run").path("start_at"));
        run.put("partial", runs.size() < n);
        run.put("timeline_percentiles", exact ? "exact" : "max only");
        ArrayNode inputs = run.putArray("inputs");
        for (RunReport.Run r : runs) {
            inputs.addObject()
                    .put("file", r.name())
                    .put("segment", r.doc().path("run").path("segment").asInt());
        }
        run.putObject("histograms").put("corrected", RunTag.encode(corrected)).put("service", RunTag.encode(service));
        return out;
    }

    /** The run's segment count, once every file is shown to belong to it and to cover it. */
    private static int check(List<RunReport.Run> runs, boolean allowPartial) {
        RunReport.Run first = runs.get(0);
        for (RunReport.Run r : runs) {
            JsonNode t = r.doc().path("run");
            if (!t.path("id").isTextual()
                    || !t.path("histograms").path("corrected").isTextual()) {
                throw new IllegalArgumentException(r.name()
                        + ": no run member with histograms (written by a zapline load from before --segment?)");
            }
        }
        String id = first.doc().path("run").path("id").asText();
        int n = first.doc().path("run").path("segments").asInt();
        TreeMap<Integer, String> seen = new TreeMap<>();
        for (RunReport.Run r : runs) {
            JsonNode t = r.doc().path("run");
            if (!t.path("id").asText().equals(id)) {
                throw new IllegalArgumentException("different runs: " + first.name() + " is run " + id + ", " + r.name()
                        + " is run " + t.path("id").asText());
            }
            if (t.path("segments").asInt() != n) {
                throw new IllegalArgumentException("overlapping segments: " + first.name() + " is one of " + n + ", "
                        + r.name() + " one of " + t.path("segments").asInt());
            }
            if (!t.path("start_at").equals(first.doc().path("run").path("start_at"))) {
                throw new IllegalArgumentException("different start instants: " + first.name() + " "
                        + first.doc().path("run").path("start_at") + ", " + r.name() + " " + t.path("start_at"));
            }
            int i = t.path("segment").asInt();
            String other = seen.put(i, r.name());
            if (other != null) {
                throw new IllegalArgumentException("segment " + i + "/" + n + " twice: " + other + " and " + r.name());
            }
        }
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!seen.containsKey(i)) {
                missing.add(i + "/" + n);
            }
        }
        if (!missing.isEmpty() && !allowPartial) {
            throw new IllegalArgumentException("segment" + (missing.size() == 1 ? " " : "s ")
                    + String.join(", ", missing) + " missing (--allow-partial merges the others, marked partial)");
        }
        return n;
    }

    /** Whether {@code logs} are exactly one per run, once each is shown to be one of theirs. */
    private static boolean checkLogs(List<RunReport.Run> runs, List<HdrLog> logs) {
        String id = runs.get(0).doc().path("run").path("id").asText();
        TreeMap<Integer, String> files = new TreeMap<>();
        for (RunReport.Run r : runs) {
            files.put(r.doc().path("run").path("segment").asInt(), r.name());
        }
        TreeMap<Integer, String> seen = new TreeMap<>();
        for (HdrLog log : logs) {
            if (log.run() == null) {
                throw new IllegalArgumentException(log.name()
                        + ": no #zapline-run comment (written by a zapline load from before merge read logs?)");
            }
            if (!log.run().path("id").asText().equals(id)) {
                throw new IllegalArgumentException(
                        "different runs: " + runs.get(0).name() + " is run " + id + ", " + log.name() + " is run "
                                + log.run().path("id").asText());
            }
            int i = log.segment();
            if (!files.containsKey(i)) {
                throw new IllegalArgumentException(log.name() + " is segment " + i + ", which no JSON file is");
            }
            String other = seen.put(i, log.name());
            if (other != null) {
                throw new IllegalArgumentException(
                        "segment " + i + "'s hdr log twice: " + other + " and " + log.name());
            }
        }
        return !logs.isEmpty() && seen.size() == runs.size();
    }

    private static Histogram added(List<RunReport.Run> runs, String which) {
        Histogram sum = null;
        for (RunReport.Run r : runs) {
            Histogram h;
            try {
                h = RunTag.decode(
                        r.doc().path("run").path("histograms").path(which).asText());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(r.name() + ": run.histograms." + which + ": " + e.getMessage(), e);
            }
            if (sum == null) {
                sum = h;
            } else {
                sum.add(h);
            }
        }
        return sum;
    }

    /**
     * In the times object at {@code pointer} ({@code node}, the first file's): counts add, the percentiles, max and
     * mean become the inputs' largest (no histogram to add).
     */
    private static void maxTimes(List<RunReport.Run> runs, JsonNode node, String pointer) {
        if (!(node instanceof ObjectNode c)) {
            return;
        }
        c.properties().forEach(e -> {
            String k = e.getKey();
            if (k.equals("count") || k.equals("failures")) {
                c.put(k, sum(runs, pointer + k));
            } else if (e.getValue().isNumber()) {
                double max = 0;
                for (RunReport.Run r : runs) {
                    max = Math.max(max, r.doc().at(pointer + k).asDouble());
                }
                c.put(k, max);
            }
        });
    }

    /** {@code summary.tls}: handshake counts and the per-value counts add, the handshake times as {@link #maxTimes}. */
    private static void mergeTls(List<RunReport.Run> runs, ObjectNode summary) {
        if (!(summary.get("tls") instanceof ObjectNode tls)) {
            return;
        }
        for (String k : new String[] {"handshakes", "full", "resumed", "failed"}) {
            tls.put(k, sum(runs, "/summary/tls/" + k));
        }
        for (String k : new String[] {"protocols", "ciphers", "groups", "alpn", "failures"}) {
            sumMembers(runs, tls, "/summary/tls/", k);
        }
        maxTimes(runs, tls.get("handshake"), "/summary/tls/handshake/");
        if (tls.get("handshake") instanceof ObjectNode h) {
            h.remove("curve");
        }
    }

    private static void sumMembers(List<RunReport.Run> runs, ObjectNode summary, String key) {
        sumMembers(runs, summary, "/summary/", key);
    }

    /** {@code parent.key}, the object at {@code pointer + key} in each file, as the sum of the files' counts. */
    private static void sumMembers(List<RunReport.Run> runs, ObjectNode parent, String pointer, String key) {
        ObjectNode m = parent.putObject(key);
        TreeMap<String, Long> sums = new TreeMap<>();
        for (RunReport.Run r : runs) {
            r.doc()
                    .at(pointer + key)
                    .properties()
                    .forEach(e -> sums.merge(e.getKey(), e.getValue().asLong(), Long::sum));
        }
        // the first file's order (outcomes come in a fixed order), then any key only later files have
        runs.get(0).doc().at(pointer + key).properties().forEach(e -> m.put(e.getKey(), sums.get(e.getKey())));
        sums.forEach((k, v) -> {
            if (!m.has(k)) {
                m.put(k, v);
            }
        });
    }

    static long sum(List<RunReport.Run> runs, String pointer) {
        long n = 0;
        for (RunReport.Run r : runs) {
            n += r.doc().at(pointer).asLong();
        }
        return n;
    }

    static double sumDouble(List<RunReport.Run> runs, String pointer) {
        double n = 0;
        for (RunReport.Run r : runs) {
            n += r.doc().at(pointer).asDouble();
        }
        return n;
    }

    static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("JsonReport wrote something that is not JSON: " + json, e);
        }
    }
}
