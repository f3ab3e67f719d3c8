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
 * connections, connect and handshake times; several runs are drawn on the same axes, one legend entry per run.
 *
 * {@snippet :
 * String html = RunReport.render(List.of(RunReport.Run.read(Path.of("run.json"), null)));
 * }
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
            o.set("doc", r.doc());
        }
        String title = "zapline load: "
                + String.join(", ", runs.stream().map(Run::name).toList());
        return Page.render(title, data.toString(), "runs.js");
    }

    /** Writes the page for {@code runs} to {@code file}. */
    public static void write(Path file, List<Run> runs) throws IOException {
        Page.write(file, render(runs));
    }
}
