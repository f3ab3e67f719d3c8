package dev.zapline.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders a {@link BenchResult} as markdown and JSON, and compares it with an earlier JSON result. */
public final class BenchReport {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private BenchReport() {}

    /** The markdown report: machine, command, setup, the arms' table, the ratios with their targets. */
    public static String markdown(BenchResult r) {
        BenchSettings s = r.settings();
        StringBuilder b = new StringBuilder("# zapline bench\n\n");
        b.append("- machine: ")
                .append(r.machine().cpu())
                .append(", ")
                .append(r.machine().cores())
                .append(" cores, ")
                .append(r.machine().os())
                .append(", ")
                .append(r.machine().jdk())
                .append('\n');
        b.append("- command: `").append(s.command()).append("`\n");
        b.append("- setup: each arm its own server JVM (`")
                .append(String.join(" ", r.serverFlags()))
                .append("`, 1 event loop, loopback), started once; loader `zapline load`, 1 event loop, closed loop, ")
                .append(s.connections())
                .append(" connections, 1 request in flight each; every server warmed ")
                .append(seconds(s.warmupNanos()))
                .append(" first, then each measured run re-opens its connections for ")
                .append(seconds(Math.min(s.warmupNanos(), BenchRunner.REWARM_NANOS)))
                .append(" and measures ")
                .append(seconds(s.durationNanos()));
        if (s.rounds() > 1) {
            b.append("; ")
                    .append(s.rounds())
                    .append(" rounds in rotating order, interleaved (every arm once per ")
                    .append("round, its server kept running), each row the median round by req/s (every round's ")
                    .append("req/s below), each ratio the median of the round-by-round ratios");
        }
        b.append('\n');
        b.append("- ").append(r.pinning()).append('\n');
        if (s.rounds() == 1) {
            b.append("- one round: an arm's req/s moves with whatever else the machine does while it runs; for ratios "
                    + "to rely on, use interleaved rounds (`--rounds 5`, the default): drift then falls on every arm "
                    + "alike\n");
        }
        b.append("- latency is corrected (from the intended send time); server figures are the server's own ")
                .append("counters over the measured phase, per response; server/loader cores: CPU time over wall ")
                .append("time (1.00 = one core busy all the time: whichever side is near it is the bottleneck)\n\n");
        boolean wrk = r.arms().stream().anyMatch(a -> !Double.isNaN(a.wrkRps()));
        b.append("| arm | req/s | p50 µs | p99 µs | p99.9 µs | errors | server GCs | GC ms | alloc B/req "
                        + "| CPU µs/req | server cores | loader cores |")
                .append(wrk ? " wrk req/s | ours/wrk |" : "")
                .append('\n');
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
                .append(wrk ? "---:|---:|" : "")
                .append('\n');
        for (ArmResult a : r.arms()) {
            if (!a.ok()) {
                b.append("| ")
                        .append(a.name())
                        .append(" | **failed**: ")
                        .append(a.error().replace('|', '/'))
                        .append(" |||||||||||")
                        .append(wrk ? "||" : "")
                        .append('\n');
                continue;
            }
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %.0f | %.0f | %.0f | %.0f | %d | %d | %d | %.1f | %.2f | %.2f " + "| %.2f |",
                    a.name(),
                    a.rps(),
                    a.p50Us(),
                    a.p99Us(),
                    a.p999Us(),
                    a.errors(),
                    a.gcCount(),
                    a.gcMillis(),
                    a.allocBytesPerRequest(),
                    a.cpuNanosPerRequest() / 1e3,
                    a.serverCores(),
                    a.loaderCores()));
            if (wrk) {
                b.append(
                        Double.isNaN(a.wrkRps())
                                ? " | |"
                                : String.format(Locale.ROOT, " %.0f | %.3fx |", a.wrkRps(), a.rps() / a.wrkRps()));
            }
            b.append('\n');
        }
        for (ArmResult a : r.arms()) {
            String note = bottleneckNote(a);
            if (note != null) {
                b.append("\n> ").append(a.name()).append(": ").append(note);
            }
        }
        if (r.arms().stream().anyMatch(a -> bottleneckNote(a) != null)) {
            b.append('\n');
        }
        if (s.rounds() > 1) {
            b.append("\n| arm | req/s per round |\n|---|---|\n");
            for (ArmResult a : r.arms()) {
                if (a.ok()) {
                    b.append("| ")
                            .append(a.name())
                            .append(" | ")
                            .append(String.join(
                                    ", ",
                                    a.roundsRps().stream()
                                            .map(x -> String.format(Locale.ROOT, "%.0f", x))
                                            .toList()))
                            .append(" |\n");
                }
            }
        }
        List<BenchResult.Ratio> ratios = r.ratios();
        if (!ratios.isEmpty()) {
            boolean spread = ratios.stream().anyMatch(q -> !Double.isNaN(q.q1()));
            b.append("\n| ratio (req/s) | value |")
                    .append(spread ? " rounds, middle half |" : "")
                    .append(" target | met |\n|---|---:|")
                    .append(spread ? "---:|" : "")
                    .append("---:|---|\n");
            for (BenchResult.Ratio q : ratios) {
                b.append(String.format(Locale.ROOT, "| %s | %.3fx |", q.label(), q.value()));
                if (spread) {
                    b.append(Double.isNaN(q.q1()) ? " |" : String.format(Locale.ROOT, " %.3f–%.3f |", q.q1(), q.q3()));
                }
                b.append(String.format(
                        Locale.ROOT,
                        " %s | %s |\n",
                        q.target() > 0 ? String.format(Locale.ROOT, "≥ %.2fx", q.target()) : "",
                        q.target() > 0 ? (q.value() >= q.target() ? "yes" : "**no**") : ""));
            }
            if (spread) {
                b.append("\nEach ratio is the median of the round-by-round ratios; the middle half of them lies in ")
                        .append("the range shown. Where that range straddles a target, this run cannot say whether ")
                        .append("it is met: more rounds (`--rounds`) or longer ones (`-d`) narrow it.\n");
            }
        }
        if (r.arms().stream().anyMatch(a -> a.latencyAt() != null)) {
            b.append("\n| arm | open model at | target req/s | achieved | p50 µs | p99 µs | p99.9 µs | errors |\n")
                    .append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
            for (ArmResult a : r.arms()) {
                ArmResult.LatencyAt l = a.latencyAt();
                if (l != null) {
                    b.append(String.format(
                            Locale.ROOT,
                            "| %s | %.2f × max | %.0f | %.0f | %.0f | %.0f | %.0f | %d |\n",
                            a.name(),
                            l.fraction(),
                            l.rateTarget(),
                            l.rateAchieved(),
                            l.p50Us(),
                            l.p99Us(),
                            l.p999Us(),
                            l.errors()));
                }
            }
        }
        return b.toString();
    }

    /** The JSON document: {@code machine}, {@code settings}, {@code arms[]}, {@code ratios}. */
    public static String json(BenchResult r) {
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
        settings.put("pinning", r.pinning());
        settings.put("server_jvm_flags", r.serverFlags());
        root.put("settings", settings);
        List<Map<String, Object>> arms = new ArrayList<>();
        for (ArmResult a : r.arms()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", a.name());
            m.put("rps", round(a.rps()));
            m.put("p50_us", round(a.p50Us()));
            m.put("p99_us", round(a.p99Us()));
            m.put("p999_us", round(a.p999Us()));
            m.put("requests", a.requests());
            m.put("errors", a.errors());
            m.put("gc_count", a.gcCount());
            m.put("gc_ms", a.gcMillis());
            m.put("alloc_bytes_per_req", round(a.allocBytesPerRequest()));
            m.put("cpu_ns_per_req", round(a.cpuNanosPerRequest()));
            m.put("server_cores", round(a.serverCores()));
            m.put("loader_cores", round(a.loaderCores()));
            if (!a.roundsRps().isEmpty()) {
                m.put(
                        "rounds_rps",
                        a.roundsRps().stream().map(BenchReport::round).toList());
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
            m.put("error", a.error());
            arms.add(m);
        }
        root.put("arms", arms);
        Map<String, Object> ratios = new LinkedHashMap<>();
        Map<String, Object> spread = new LinkedHashMap<>();
        for (BenchResult.Ratio q : r.ratios()) {
            ratios.put(q.key(), Math.round(q.value() * 10_000) / 10_000.0);
            if (!Double.isNaN(q.q1())) {
                spread.put(
                        q.key(),
                        List.of(Math.round(q.q1() * 10_000) / 10_000.0, Math.round(q.q3() * 10_000) / 10_000.0));
            }
        }
        root.put("ratios", ratios);
        if (!spread.isEmpty()) {
            root.put("ratio_quartiles", spread);
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@code bench.md} and {@code bench.json} into {@code dir} (created when missing). */
    public static void write(Path dir, BenchResult r) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("bench.md"), markdown(r));
        Files.writeString(dir.resolve("bench.json"), json(r));
    }

    /** A markdown table of the change from an earlier run's JSON to this one, arm by arm and ratio by ratio. */
    public static String compare(BenchResult now, Path earlierJson) throws IOException {
        JsonNode old = JSON.readTree(earlierJson.toFile());
        if (old == null || !old.path("arms").isArray()) {
            throw new IllegalArgumentException(earlierJson + " is not a zapline bench JSON result (no arms[])");
        }
        StringBuilder b =
                new StringBuilder("\n## Compared with ").append(earlierJson).append("\n\n");
        if (old.path("command").isTextual()) {
            b.append("earlier command: `").append(old.path("command").asText()).append("`\n\n");
        }
        b.append("| arm | req/s then | req/s now | change | p99 µs then → now | CPU µs/req then → now "
                + "| alloc B/req then → now |\n|---|---:|---:|---:|---|---|---|\n");
        for (ArmResult a : now.arms()) {
            JsonNode o = null;
            for (JsonNode n : old.path("arms")) {
                if (n.path("name").asText().equals(a.name())) {
                    o = n;
                }
            }
            if (o == null
                    || !a.ok()
                    || !o.path("error").isNull() && !o.path("error").isMissingNode()) {
                b.append("| ")
                        .append(a.name())
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
                    "| %s | %.0f | %.0f | %s | %.0f → %.0f | %.2f → %.2f | %.1f → %.1f |\n",
                    a.name(),
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
        for (JsonNode n : old.path("arms")) {
            String name = n.path("name").asText();
            if (now.arms().stream().noneMatch(a -> a.name().equals(name))) {
                b.append("| ")
                        .append(name)
                        .append(" | ")
                        .append(n.path("rps").asText())
                        .append(" | not run | | | | |\n");
            }
        }
        Map<String, Double> ratios = now.ratioMap();
        if (!ratios.isEmpty()) {
            b.append("\n| ratio | then | now |\n|---|---:|---:|\n");
            for (BenchResult.Ratio q : now.ratios()) {
                JsonNode o = old.path("ratios").path(q.key());
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %.3fx |\n",
                        q.label(),
                        o.isNumber() ? String.format(Locale.ROOT, "%.3fx", o.asDouble()) : "",
                        q.value()));
            }
        }
        return b.toString();
    }

    /** Why an arm's req/s may not be the server's capacity, or null when the server's core was (nearly) saturated. */
    static String bottleneckNote(ArmResult a) {
        if (!a.ok() || a.serverCores() >= 0.85) {
            return null;
        }
        if (a.loaderCores() >= 0.95) {
            return String.format(
                    Locale.ROOT,
                    "the loader was the bottleneck (its process used %.2f cores, the "
                            + "server %.2f): this req/s is the loader's ceiling, the server's CPU per request is the "
                            + "figure to compare",
                    a.loaderCores(),
                    a.serverCores());
        }
        return String.format(
                Locale.ROOT,
                "neither side saturated its core (server %.2f, loader %.2f): other work "
                        + "on the machine took the CPU, so this req/s understates both; rerun on a quiet machine",
                a.serverCores(),
                a.loaderCores());
    }

    private static String change(double then, double now) {
        return then > 0 ? String.format(Locale.ROOT, "%+.1f %%", (now / then - 1) * 100) : "";
    }

    private static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 100) / 100.0 : 0;
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3g s", nanos / 1e9);
    }
}
