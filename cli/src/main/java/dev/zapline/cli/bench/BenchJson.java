package dev.zapline.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link BenchResult} as JSON, and the change from an earlier JSON result. Every arm carries its {@code set} and
 * {@code pipeline}; a result written before the sets existed reads as the plain set (pipeline 1).
 */
final class BenchJson {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private BenchJson() {}

    /**
     * The JSON document: {@code machine}, {@code settings}, {@code arms[]} (each with {@code set} and
     * {@code pipeline}), {@code ratios} (pipelined keys end in {@code _p<depth>}), {@code ratio_quartiles},
     * {@code targets} (each judged ratio's target and {@code met}: true, false, or null with {@code not_judged}),
     * {@code allocation}, {@code skipped}.
     */
    static String json(BenchResult r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("tool", "zapline bench");
        root.put("command", r.settings().command());
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cpu", r.machine().cpu());
        machine.put("cores", r.machine().cores());
        machine.put("os", r.machine().os());
        machine.put("jdk", r.machine().jdk());
        root.put("machine", machine);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("rounds", r.settings().rounds());
        settings.put("warmup_s", r.settings().warmupNanos() / 1e9);
        settings.put("duration_s", r.settings().durationNanos() / 1e9);
        settings.put("connections", r.settings().connections());
        settings.put("pipelines", r.settings().pipelines());
        settings.put("pinning", r.pinning());
        settings.put("server_jvm_flags", r.serverFlags());
        root.put("settings", settings);
        List<Map<String, Object>> arms = new ArrayList<>();
        for (ArmSet set : r.sets()) {
            for (ArmResult a : set.arms()) {
                arms.add(arm(set, a));
            }
        }
        root.put("arms", arms);
        Map<String, Object> ratios = new LinkedHashMap<>();
        Map<String, Object> spread = new LinkedHashMap<>();
        Map<String, Object> targets = new LinkedHashMap<>();
        for (Ratio q : r.ratios()) {
            ratios.put(q.key(), round4(q.value()));
            if (!Double.isNaN(q.q1())) {
                spread.put(q.key(), List.of(round4(q.q1()), round4(q.q3())));
            }
            if (q.hasTarget()) {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("target", q.target());
                t.put("met", q.met());
                if (q.notJudged() != null) {
                    t.put("not_judged", q.notJudged());
                }
                targets.put(q.key(), t);
            }
        }
        root.put("ratios", ratios);
        if (!spread.isEmpty()) {
            root.put("ratio_quartiles", spread);
        }
        root.put("targets", targets);
        Map<String, Object> alloc = new LinkedHashMap<>();
        for (ArmSet set : r.sets()) {
            for (ArmSet.AllocCheck c : set.allocChecks()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("bytes_per_req", round(c.bytesPerRequest()));
                m.put("limit", ArmSet.ALLOC_LIMIT);
                m.put("met", c.met());
                alloc.put(c.arm() + "_p" + set.pipeline(), m);
            }
        }
        root.put("allocation", alloc);
        root.put("skipped", r.skipped());
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> arm(ArmSet set, ArmResult a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", a.name());
        m.put("set", set.name());
        m.put("pipeline", set.pipeline());
        m.put("rps", round(a.rps()));
        m.put("p50_us", round(a.p50Us()));
        m.put("p99_us", round(a.p99Us()));
        m.put("p999_us", round(a.p999Us()));
        m.put("requests", a.requests());
        m.put("errors", a.errors());
        m.put("gc_count", a.gcCount());
        m.put("gc_ms", a.gcMillis());
        m.put("alloc_bytes_per_req", Double.isNaN(a.allocBytesPerRequest()) ? null : round(a.allocBytesPerRequest()));
        m.put("cpu_ns_per_req", round(a.cpuNanosPerRequest()));
        m.put("server_cores", round(a.serverCores()));
        m.put("loader_cores", round(a.loaderCores()));
        m.put("loader_bound", a.loaderBound());
        if (!a.roundsRps().isEmpty()) {
            m.put("rounds_rps", a.roundsRps().stream().map(BenchJson::round).toList());
        }
        if (!Double.isNaN(a.wrkRps())) {
            m.put("wrk_rps", round(a.wrkRps()));
        }
        if (a.latencyAt() != null) {
            ArmResult.LatencyAt l = a.latencyAt();
            Map<String, Object> la = new LinkedHashMap<>();
            la.put("fraction", l.fraction());
            la.put("rate_target", round(l.rateTarget()));
            la.put("rate_achieved", round(l.rateAchieved()));
            la.put("p50_us", round(l.p50Us()));
            la.put("p99_us", round(l.p99Us()));
            la.put("p999_us", round(l.p999Us()));
            la.put("errors", l.errors());
            m.put("latency_at", la);
        }
        if (a.tls() != null) {
            ArmResult.TlsFigures t = a.tls();
            Map<String, Object> tm = new LinkedHashMap<>();
            tm.put("offered_group", Arm.named(a.name()).group);
            tm.put("groups", t.groups());
            tm.put("handshakes", t.handshakes());
            tm.put("resumed", t.resumed());
            tm.put("handshake_p50_us", round(t.p50Us()));
            tm.put("handshake_p99_us", round(t.p99Us()));
            tm.put("failed", t.failed());
            m.put("tls", tm);
        }
        m.put("error", a.error());
        return m;
    }

    /** A markdown table of the change from an earlier run's JSON to this one, arm by arm and ratio by ratio. */
    static String compare(BenchResult now, Path earlierJson) throws IOException {
        JsonNode old = JSON.readTree(earlierJson.toFile());
        if (old == null || !old.path("arms").isArray()) {
            throw new IllegalArgumentException(earlierJson + " is not a zapline bench JSON result (no arms[])");
        }
        StringBuilder b =
                new StringBuilder("\n## Compared with ").append(earlierJson).append("\n\n");
        if (old.path("command").isTextual()) {
            b.append("earlier command: `").append(old.path("command").asText()).append("`\n\n");
        }
        b.append("| arm | pipeline | req/s then | req/s now | change | p99 µs then → now | CPU µs/req then → now "
                + "| alloc B/req then → now |\n|---|---:|---:|---:|---:|---|---|---|\n");
        for (ArmSet set : now.sets()) {
            for (ArmResult a : set.arms()) {
                JsonNode o = find(old, a.name(), set.pipeline());
                if (o == null
                        || !a.ok()
                        || !o.path("error").isNull() && !o.path("error").isMissingNode()) {
                    b.append("| ")
                            .append(a.name())
                            .append(" | ")
                            .append(set.pipeline())
                            .append(" | ")
                            .append(o == null ? "not run" : o.path("rps").asText())
                            .append(" | ")
                            .append(a.ok() ? String.format(Locale.ROOT, "%.0f", a.rps()) : "failed")
                            .append(" | | | | |\n");
                    continue;
                }
                double then = o.path("rps").asDouble();
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %.0f | %.0f | %s | %.0f → %.0f | %.2f → %.2f | %.1f → %.1f |\n",
                        a.name(),
                        set.pipeline(),
                        then,
                        a.rps(),
                        change(then, a.rps()),
                        o.path("p99_us").asDouble(),
                        a.p99Us(),
                        o.path("cpu_ns_per_req").asDouble() / 1e3,
                        a.cpuNanosPerRequest() / 1e3,
                        o.path("alloc_bytes_per_req").asDouble(),
                        a.allocBytesPerRequest()));
            }
        }
        for (JsonNode n : old.path("arms")) {
            String name = n.path("name").asText();
            int p = n.path("pipeline").asInt(1);
            ArmSet set = now.set(p);
            if (set == null || set.arms().stream().noneMatch(a -> a.name().equals(name))) {
                b.append("| ")
                        .append(name)
                        .append(" | ")
                        .append(p)
                        .append(" | ")
                        .append(n.path("rps").asText())
                        .append(" | not run | | | | |\n");
            }
        }
        List<Ratio> ratios = now.ratios();
        if (!ratios.isEmpty()) {
            b.append("\n| ratio | then | now |\n|---|---:|---:|\n");
            for (Ratio q : ratios) {
                JsonNode o = old.path("ratios").path(q.key());
                b.append(String.format(
                        Locale.ROOT,
                        "| %s%s | %s | %.3fx |\n",
                        q.label(),
                        q.key().contains("_p") ? " (pipelined)" : "",
                        o.isNumber() ? String.format(Locale.ROOT, "%.3fx", o.asDouble()) : "",
                        q.value()));
            }
        }
        return b.toString();
    }

    /** The earlier run's arm of that name and depth (depth 1 when it names none), or null. */
    private static JsonNode find(JsonNode old, String name, int pipeline) {
        for (JsonNode n : old.path("arms")) {
            if (n.path("name").asText().equals(name) && n.path("pipeline").asInt(1) == pipeline) {
                return n;
            }
        }
        return null;
    }

    private static String change(double then, double now) {
        return then > 0 ? String.format(Locale.ROOT, "%+.1f %%", (now / then - 1) * 100) : "";
    }

    private static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 100) / 100.0 : 0;
    }

    private static double round4(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
