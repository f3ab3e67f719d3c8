package dev.zapline.cli.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.RunTag;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * {@code zapline merge}'s part for a journey run: the segments' {@code steps} and {@code journeys} made into the
 * run's. Counts add; each step's and journey's corrected and service histograms ({@code histograms}, HdrHistogram's
 * compressed encoding) are added and their {@code latency} objects recomputed from the sums, so the merged
 * percentiles are exact to HdrHistogram's precision.
 *
 * <p>Refused ({@link IllegalArgumentException}, naming the files): segments whose steps differ (keys, journeys or
 * checks, in order) or whose journeys differ, and a mix of journey and non-journey files.
 *
 * <p>Stateless.
 */
final class MergeJourneys {

    private static final String[] JOURNEY_COUNTS = {"started", "completed", "failed", "unfinished"};

    private MergeJourneys() {}

    /** Sets {@code out}'s (the first file's copy) {@code steps} and {@code journeys} to the sums of {@code runs}'. */
    static void merge(List<RunReport.Run> runs, ObjectNode out) {
        RunReport.Run first = runs.get(0);
        for (RunReport.Run r : runs) {
            if (r.doc().has("steps") != first.doc().has("steps")) {
                throw new IllegalArgumentException("a journey run and another: " + first.name() + " has " + steps(first)
                        + ", " + r.name() + " has " + steps(r));
            }
            if (!shape(r).equals(shape(first))) {
                throw new IllegalArgumentException("different steps: " + first.name() + " has " + shape(first) + ", "
                        + r.name() + " has " + shape(r));
            }
        }
        if (!first.doc().has("steps")) {
            return;
        }
        ArrayNode steps = (ArrayNode) out.get("steps");
        for (int i = 0; i < steps.size(); i++) {
            String at = "/steps/" + i + "/";
            ObjectNode step = (ObjectNode) steps.get(i);
            step.put("requests", Merge.sum(runs, at + "requests"));
            step.put("errors", Merge.sum(runs, at + "errors"));
            sumCounts(runs, step, at, "outcomes");
            sumCounts(runs, step, at, "statuses");
            ArrayNode checks = (ArrayNode) step.get("checks");
            for (int c = 0; c < checks.size(); c++) {
                ((ObjectNode) checks.get(c))
                        .put("passed", Merge.sum(runs, at + "checks/" + c + "/passed"))
                        .put("failed", Merge.sum(runs, at + "checks/" + c + "/failed"));
            }
            histograms(runs, step, at);
        }
        ObjectNode journeys = (ObjectNode) out.get("journeys");
        for (String k : JOURNEY_COUNTS) {
            journeys.put(k, Merge.sum(runs, "/journeys/" + k));
        }
        ((ObjectNode) journeys.get("checks"))
                .put("passed", Merge.sum(runs, "/journeys/checks/passed"))
                .put("failed", Merge.sum(runs, "/journeys/checks/failed"));
        Iterator<Map.Entry<String, JsonNode>> each = journeys.get("each").fields();
        while (each.hasNext()) {
            Map.Entry<String, JsonNode> e = each.next();
            String at = "/journeys/each/" + pointer(e.getKey()) + "/";
            ObjectNode j = (ObjectNode) e.getValue();
            for (String k : JOURNEY_COUNTS) {
                j.put(k, Merge.sum(runs, at + k));
            }
            sumCounts(runs, j, at, "failed_at");
            histograms(runs, j, at);
        }
    }

    /** {@code node.key}: the files' objects at {@code at + key} added member by member, in the first file's order. */
    private static void sumCounts(List<RunReport.Run> runs, ObjectNode node, String at, String key) {
        TreeMap<String, Long> sums = new TreeMap<>();
        for (RunReport.Run r : runs) {
            r.doc()
                    .at(at + key)
                    .fields()
                    .forEachRemaining(e -> sums.merge(e.getKey(), e.getValue().asLong(), Long::sum));
        }
        ObjectNode m = node.putObject(key);
        runs.get(0).doc().at(at + key).fieldNames().forEachRemaining(k -> m.put(k, sums.remove(k)));
        sums.forEach(m::put);
    }

    /** The added histograms at {@code at + "histograms"}, and the {@code latency} they give. */
    private static void histograms(List<RunReport.Run> runs, ObjectNode node, String at) {
        ObjectNode latency = (ObjectNode) node.get("latency");
        ObjectNode encoded = (ObjectNode) node.get("histograms");
        for (String which : new String[] {"corrected", "service"}) {
            Histogram sum = null;
            for (RunReport.Run r : runs) {
                Histogram h;
                try {
                    h = RunTag.decode(r.doc().at(at + "histograms/" + which).asText());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            r.name() + ": " + at.substring(1).replace('/', '.') + "histograms." + which + ": "
                                    + e.getMessage(),
                            e);
                }
                if (sum == null) {
                    sum = h;
                } else {
                    sum.add(h);
                }
            }
            latency.set(which, Merge.tree(JsonReport.latency(sum)));
            encoded.put(which, RunTag.encode(sum));
        }
    }

    /** What must match for two segments to be merged: every step's key, journey and checks, and the journeys. */
    private static List<String> shape(RunReport.Run r) {
        List<String> out = new ArrayList<>();
        for (JsonNode s : r.doc().path("steps")) {
            List<String> checks = new ArrayList<>();
            s.path("checks").forEach(c -> checks.add(c.path("check").asText()));
            out.add(s.path("journey").asText() + ":" + s.path("key").asText() + (checks.isEmpty() ? "" : checks));
        }
        r.doc().path("journeys").path("each").fieldNames().forEachRemaining(n -> out.add("journey " + n));
        return out;
    }

    private static String steps(RunReport.Run r) {
        return r.doc().has("steps") ? "steps" : "no steps";
    }

    /** {@code key} escaped for a JSON pointer. */
    private static String pointer(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
