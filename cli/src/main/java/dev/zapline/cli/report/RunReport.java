package dev.zapline.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The HTML report of one or more {@code zapline load} runs, from their JSON documents ({@code --json}): rate,
 * latency over time (corrected and service), the whole run's percentile distribution, outcomes, in-flight and
 * connections, connect and handshake times; several runs are drawn on the same axes, one legend entry per run. A
 * journey run also gets a table of its steps and journeys and a percentile distribution chart per step.
 *
 * <p>Use: {@link Run#read} each file, then {@link #render} (the page's text) or {@link #write} (to a file).
 *
 * <p>Stateless and thread-safe.
 */
public final class RunReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunReport() {}

    /**
     * One run: its name in the legend and its JSON document.
     *
     * @param name the legend's name (the file name without {@code .json}, or {@code --name})
     * @param doc the document as {@code zapline load --json} writes it
     */
    public record Run(String name, JsonNode doc) {

        /**
         * Reads {@code file}; {@code name} null names the run after the file.
         *
         * @throws IllegalArgumentException naming the file when it cannot be read or is not a zapline load JSON
         */
        public static Run read(Path file, String name) {
            String text;
            try {
                text = Files.readString(file);
            } catch (NoSuchFileException e) {
                throw new IllegalArgumentException(file + ": no such file");
            } catch (IOException e) {
                throw new IllegalArgumentException(file + ": cannot be read: " + e.getMessage());
            }
            String fileName = file.getFileName().toString();
            return parse(file.toString(), text, name != null ? name : fileName.replaceFirst("\\.json$", ""));
        }

        /**
         * A run from the text of its JSON document; {@code source} names it in the error.
         *
         * @throws IllegalArgumentException when {@code text} is not a zapline load JSON document
         */
        public static Run parse(String source, String text, String name) {
            JsonNode doc;
            try {
                doc = JSON.readTree(text);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(
                        source + ": not JSON (" + e.getOriginalMessage() + "), so not a zapline load result");
            }
            if (doc == null || !doc.isObject()) {
                throw new IllegalArgumentException(source + ": not a zapline load result (--json): not a JSON object");
            }
            String missing = !doc.path("summary").path("target").isTextual()
                    ? "summary.target"
                    : !doc.path("summary").path("model").isTextual()
                            ? "summary.model"
                            : !doc.path("latency").path("corrected").isObject()
                                    ? "latency.corrected"
                                    : !doc.path("timeline").isArray() ? "timeline[]" : null;
            if (missing != null) {
                throw new IllegalArgumentException(
                        source + ": not a zapline load result (--json): it has no " + missing);
            }
            return new Run(name, doc);
        }

        /**
         * This run with {@code members} (top-level {@code "key": value} pairs, as {@code JsonReport} adds them:
         * the thresholds' verdicts) set on a copy of its document, replacing keys of the same names.
         */
        public Run withMembers(String members) {
            ObjectNode copy = doc.deepCopy();
            try {
                JSON.readTree("{" + members + "}").properties().forEach(e -> copy.set(e.getKey(), e.getValue()));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("not JSON members: " + members, e);
            }
            return new Run(name, copy);
        }

        /** The document as the maps, lists, strings and numbers a JSON parser makes of it. */
        @SuppressWarnings("unchecked")
        public java.util.Map<String, ?> asMap() {
            return JSON.convertValue(doc, java.util.Map.class);
        }
    }

    /** The page for {@code runs}, overlaid in their order. */
    public static String render(List<Run> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no run to report");
        }
        ObjectNode data = JSON.createObjectNode();
        data.put("kind", "runs");
        ArrayNode list = data.putArray("runs");
        for (Run r : runs) {
            ObjectNode o = list.addObject();
            o.put("name", r.name());
            o.set("doc", forPage(r.doc()));
        }
        String title = "zapline load: "
                + String.join(", ", runs.stream().map(Run::name).toList());
        boolean journeys = runs.stream().anyMatch(r -> r.doc().has("steps"));
        return journeys
                ? Page.render(title, data.toString(), "runs.js", "steps.js")
                : Page.render(title, data.toString(), "runs.js");
    }

    /** The most timeline points a run draws; a longer run's seconds are drawn in groups, so the page stays small. */
    static final int MAX_POINTS = 300;

    /**
     * {@code doc} as the page embeds it: itself, or for a run of more than {@link #MAX_POINTS} timeline entries a copy
     * whose timeline has consecutive entries merged in groups of k (the fewest that fit), never across the warm-up's
     * end, with {@code page_seconds_per_point} set to k. The file itself keeps every second; the whole run's figures
     * (header, percentile curve) are not touched.
     */
    static JsonNode forPage(JsonNode doc) {
        if (doc.has("steps") || doc.has("intervals")) {
            doc = withoutHistograms(doc);
        }
        JsonNode timeline = doc.path("timeline");
        if (!timeline.isArray() || timeline.size() <= MAX_POINTS) {
            return doc;
        }
        int k = (timeline.size() + MAX_POINTS - 1) / MAX_POINTS;
        ObjectNode copy = doc.deepCopy();
        ArrayNode merged = JSON.createArrayNode();
        List<JsonNode> group = new java.util.ArrayList<>();
        for (JsonNode e : timeline) {
            if (!group.isEmpty()
                    && (group.size() == k
                            || group.get(0).path("warmup").asBoolean()
                                    != e.path("warmup").asBoolean())) {
                merged.add(merge(group));
                group.clear();
            }
            group.add(e);
        }
        if (!group.isEmpty()) {
            merged.add(merge(group));
        }
        copy.set("timeline", merged);
        copy.put("page_seconds_per_point", k);
        return copy;
    }

    /** A copy of {@code doc} without its encoded histograms (per second, per step, per journey): not drawn. */
    private static JsonNode withoutHistograms(JsonNode doc) {
        ObjectNode copy = doc.deepCopy();
        copy.remove("intervals");
        copy.path("steps").forEach(s -> ((ObjectNode) s).remove("histograms"));
        copy.path("journeys").path("each").forEach(j -> ((ObjectNode) j).remove("histograms"));
        return copy;
    }

    /**
     * One point for several consecutive timeline entries: {@code seconds} and every count ({@code errors},
     * {@code dropped}, {@code outcomes.*}, {@code status.*}) summed; the rates ({@code rate}, {@code send_rate},
     * {@code rate_target}) averaged over the time; every latency ({@code *_us}, also under {@code service}) the
     * highest of the entries (a group's p99 is the worst second's p99: an upper bound, never an average of
     * percentiles); the rest ({@code t}, {@code inflight}, {@code connections}, {@code ceiling}, {@code warmup}) the
     * last entry's, as each entry is plotted at its end.
     */
    static ObjectNode merge(List<JsonNode> group) {
        ObjectNode out = group.get(group.size() - 1).deepCopy();
        double seconds = 0;
        for (JsonNode e : group) {
            seconds += e.path("seconds").asDouble();
        }
        out.put("seconds", seconds);
        for (String rate : List.of("rate", "send_rate", "rate_target")) {
            if (out.has(rate)) {
                double weighted = 0;
                for (JsonNode e : group) {
                    weighted += e.path(rate).asDouble() * e.path("seconds").asDouble();
                }
                out.put(rate, seconds > 0 ? weighted / seconds : 0);
            }
        }
        for (String count : List.of("errors", "dropped")) {
            if (out.has(count)) {
                long n = 0;
                for (JsonNode e : group) {
                    n += e.path(count).asLong();
                }
                out.put(count, n);
            }
        }
        for (String counts : List.of("outcomes", "status")) {
            if (out.path(counts).isObject()) {
                ObjectNode sum = JSON.createObjectNode();
                for (JsonNode e : group) {
                    e.path(counts)
                            .properties()
                            .forEach(f -> sum.put(
                                    f.getKey(),
                                    sum.path(f.getKey()).asLong() + f.getValue().asLong()));
                }
                out.set(counts, sum);
            }
        }
        maxLatencies(out, group, null);
        if (out.path("service").isObject()) {
            maxLatencies((ObjectNode) out.get("service"), group, "service");
        }
        return out;
    }

    private static void maxLatencies(ObjectNode out, List<JsonNode> group, String under) {
        List<String> keys = new java.util.ArrayList<>();
        out.fieldNames().forEachRemaining(f -> {
            if (f.endsWith("_us")) {
                keys.add(f);
            }
        });
        for (String f : keys) {
            double max = 0;
            for (JsonNode e : group) {
                JsonNode from = under == null ? e : e.path(under);
                max = Math.max(max, from.path(f).asDouble());
            }
            out.put(f, max);
        }
    }

    /** Writes the page for {@code runs} to {@code file}. */
    public static void write(Path file, List<Run> runs) throws IOException {
        Page.write(file, render(runs));
    }
}
