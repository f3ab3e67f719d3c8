package dev.zapline.cli.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.metrics.IntervalStats;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The merged per-second timeline. Every segment's entry {@code t} covers the second {@code start_at + t} (they share
 * {@code start_at}, and their reporters cut seconds on the same grid from it), so entries of the same {@code t} are
 * one wall-clock second: their counts and rates ({@code rate_target, send_rate, rate, outcomes, status, errors,
 * dropped, inflight, connections, ceiling}) add and {@code max_us} is the largest. The other percentiles of a second
 * cannot be had from the segments' percentiles: with every segment's {@code --hdr-log} ({@link HdrLog}), a measured
 * second's percentiles, corrected and service, are those of the sum of the segments' interval histograms spanning
 * that second ({@link HdrLog.Span}: the entry's {@code [t - seconds, t]}, so not a drain's interval that merely ends
 * with it), exact to HdrHistogram's precision; without them, and for the warm-up's seconds, they are null.
 *
 * <p>Stateless.
 */
final class MergedTimeline {

    private static final String[] SUMMED = {
        "rate_target", "send_rate", "rate", "errors", "dropped", "inflight", "connections", "ceiling"
    };
    private static final String[] PERCENTILES = {"p50_us", "p90_us", "p99_us", "p999_us"};

    private MergedTimeline() {}

    /**
     * @param intervals the segments' interval histograms added per second ({@link HdrLog#added}), or null
     */
    static ArrayNode of(List<RunReport.Run> runs, Map<HdrLog.Span, HdrLog.Interval[]> intervals) {
        TreeMap<Long, ObjectNode> byMillis = new TreeMap<>();
        for (RunReport.Run r : runs) {
            for (JsonNode e : r.doc().path("timeline")) {
                long key = Math.round(e.path("t").asDouble() * 1000);
                ObjectNode m = byMillis.get(key);
                if (m == null) {
                    byMillis.put(key, start(e));
                } else {
                    add(m, e);
                }
            }
        }
        if (intervals != null) {
            byMillis.forEach((t, m) -> exact(
                    m,
                    intervals.get(HdrLog.Span.ofEntry(
                            m.path("t").asDouble(), m.path("seconds").asDouble()))));
        }
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        byMillis.values().forEach(out::add);
        return out;
    }

    /** {@code m}'s percentiles from {@code added} (corrected, service), unless it is a warm-up second. */
    private static void exact(ObjectNode m, HdrLog.Interval[] added) {
        if (added == null || m.path("warmup").asBoolean() || added[0] == null || added[1] == null) {
            return;
        }
        percentiles(m, added[0].histogram());
        if (m.get("service") instanceof ObjectNode s) {
            percentiles(s, added[1].histogram());
        }
    }

    private static void percentiles(ObjectNode m, org.HdrHistogram.Histogram h) {
        IntervalStats.Latencies l = IntervalStats.Latencies.of(h);
        m.put("p50_us", l.p50Us())
                .put("p90_us", l.p90Us())
                .put("p99_us", l.p99Us())
                .put("p999_us", l.p999Us())
                .put("max_us", l.maxUs());
    }

    private static ObjectNode start(JsonNode e) {
        ObjectNode m = e.deepCopy();
        nullPercentiles(m);
        nullPercentiles((ObjectNode) m.get("service"));
        return m;
    }

    private static void nullPercentiles(ObjectNode m) {
        if (m != null) {
            for (String p : PERCENTILES) {
                m.putNull(p);
            }
        }
    }

    private static void add(ObjectNode m, JsonNode e) {
        for (String k : SUMMED) {
            m.put(k, m.path(k).asDouble() + e.path(k).asDouble());
        }
        m.put(
                "seconds",
                Math.max(m.path("seconds").asDouble(), e.path("seconds").asDouble()));
        m.put("max_us", Math.max(m.path("max_us").asDouble(), e.path("max_us").asDouble()));
        if (m.get("service") instanceof ObjectNode s) {
            s.put(
                    "max_us",
                    Math.max(
                            s.path("max_us").asDouble(),
                            e.path("service").path("max_us").asDouble()));
        }
        m.put("warmup", m.path("warmup").asBoolean() && e.path("warmup").asBoolean());
        for (String group : new String[] {"outcomes", "status"}) {
            if (m.get(group) instanceof ObjectNode g) {
                for (Map.Entry<String, JsonNode> c : e.path(group).properties()) {
                    g.put(c.getKey(), g.path(c.getKey()).asLong() + c.getValue().asLong());
                }
            }
        }
    }
}
