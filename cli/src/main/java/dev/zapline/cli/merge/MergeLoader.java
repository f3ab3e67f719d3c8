package dev.zapline.cli.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.report.RunReport;
import java.util.List;

/**
 * The merged run's {@code summary.loader}: each segment ran its own loader, so each segment's object is kept whole
 * under {@code segments} (with its {@code segment} number), and the merged figures are the worst of them: the
 * busiest loop's share ({@code busy_max}), the highest send-lag p99 ({@code send_lag.p99_us}), which the
 * {@code loader_busy} and {@code send_lag_p99} thresholds judge, and the first segment's verdict naming the loader
 * (else the target, else neither), its reason prefixed with the segment. A segment without one (a file from before
 * it) leaves the merged run without a loader object.
 */
final class MergeLoader {

    private static final List<String> RANK = List.of("loader", "target", "neither");

    private MergeLoader() {}

    static void merge(List<RunReport.Run> runs, ObjectNode summary) {
        summary.remove("loader");
        ArrayNode each = summary.arrayNode();
        double busy = 0;
        double lag = 0;
        int worst = RANK.size();
        String reason = "";
        for (RunReport.Run r : runs) {
            JsonNode l = r.doc().path("summary").path("loader");
            if (!l.isObject()) {
                return;
            }
            int segment = r.doc().path("run").path("segment").asInt();
            ObjectNode copy = l.deepCopy();
            copy.put("segment", segment);
            each.add(copy);
            busy = Math.max(busy, l.path("busy_max").asDouble());
            lag = Math.max(lag, l.path("send_lag").path("p99_us").asDouble());
            int rank = RANK.indexOf(l.path("verdict").asText());
            if (rank >= 0 && rank < worst) {
                worst = rank;
                reason = "segment " + segment + ": " + l.path("reason").asText();
            }
        }
        ObjectNode o = summary.putObject("loader");
        o.put("busy_max", busy);
        o.putObject("send_lag").put("p99_us", lag);
        o.put("verdict", worst < RANK.size() ? RANK.get(worst) : "neither");
        o.put("reason", reason);
        o.set("segments", each);
    }
}
