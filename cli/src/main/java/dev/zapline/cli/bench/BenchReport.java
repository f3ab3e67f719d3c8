package dev.zapline.cli.bench;

import dev.zapline.cli.report.Page;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Renders a {@link BenchResult} as markdown: the setup, then one section per set (what the set shows, the arms'
 * table with which side was saturated, every round's req/s, the ratios with their targets), then the open-model
 * latencies. The JSON document and the comparison with an earlier one are {@link BenchJson}'s.
 */
public final class BenchReport {

    private BenchReport() {}

    /** The markdown report: machine, command, setup, and each set's arms, rounds and ratios. */
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
                .append("`, 1 event loop, loopback; nginx: 1 worker), started once; loader `zapline load`, 1 event ")
                .append("loop, closed loop, ")
                .append(s.connections())
                .append(" connections; every server warmed ")
                .append(seconds(s.warmupNanos()))
                .append(
                        warmsH2(s)
                                ? " (the zapline HTTP/2 arms' at least "
                                        + seconds(BenchRunner.H2_WARMUP_NANOS)
                                        + ", deepest set first: their JIT takes that long on one core)"
                                : "")
                .append(" first, then each measured run re-opens its connections for ")
                .append(seconds(Math.min(s.warmupNanos(), BenchRunner.REWARM_NANOS)))
                .append(" and measures ")
                .append(seconds(s.durationNanos()));
        if (s.rounds() > 1) {
            b.append("; ")
                    .append(s.rounds())
                    .append(" rounds in rotating order, interleaved (every arm of every set once per ")
                    .append("round, its server kept running), each row the median round by req/s (every round's ")
                    .append("req/s below), each ratio the median of the round-by-round ratios");
        }
        b.append('\n');
        b.append("- sets: ")
                .append(String.join(
                        ", ",
                        r.sets().stream()
                                .map(x -> x.name() + " (" + x.pipeline() + " in flight per connection)")
                                .toList()))
                .append("; the targets are judged on the pipelined set\n");
        b.append("- ").append(r.pinning()).append('\n');
        for (String skip : r.skipped()) {
            b.append("- ").append(skip).append('\n');
        }
        if (s.rounds() == 1) {
            b.append("- one round: an arm's req/s moves with whatever else the machine does while it runs; for ratios "
                    + "to rely on, use interleaved rounds (`--rounds 5`, the default): drift then falls on every arm "
                    + "alike\n");
        }
        b.append("- latency is corrected (from the intended send time); server figures are the server's own ")
                .append("counters over the measured phase, per response; server/loader cores: CPU time over wall ")
                .append("time (1.00 = one core busy all the time); bottleneck: the side that was saturated (")
                .append(String.format(Locale.ROOT, "≥ %.2f cores", ArmResult.SATURATED))
                .append("); a **loader**-bound arm measured the loader's ceiling, and one where **neither** side was ")
                .append("saturated measured the machine's other work, so ratios taken from either are shown but not ")
                .append("judged\n");
        for (ArmSet set : r.sets()) {
            set(b, set);
        }
        latencies(b, r);
        return b.toString();
    }

    /** What a set shows, one paragraph. */
    static String meaning(ArmSet set) {
        return set.pipelined()
                ? set.pipeline() + " requests in flight per connection, the TechEmpower plaintext method: each read "
                        + "and write carries many requests, so the syscalls are amortised and what is left is the "
                        + "server's own cost per request. The targets are judged here, on the arms where the server, "
                        + "not the loader, was saturated."
                : "One request in flight per connection: what most users' traffic looks like. Every request pays its "
                        + "own read and write on both sides, so on a small machine every arm meets the same kernel "
                        + "ceiling and server-side differences of a few hundred nanoseconds drown in it; the ratios "
                        + "are shown, not judged, except the handshake arms' (they run in this set only).";
    }

    private static void set(StringBuilder b, ArmSet set) {
        b.append("\n## ")
                .append(set.title())
                .append("\n\n")
                .append(meaning(set))
                .append("\n\n");
        List<ArmResult> arms = set.arms();
        boolean wrk = arms.stream().anyMatch(a -> !Double.isNaN(a.wrkRps()));
        b.append("| arm | req/s | p50 µs | p99 µs | p99.9 µs | errors | server GCs | GC ms | alloc B/req "
                        + "| CPU µs/req | server cores | loader cores | bottleneck |")
                .append(wrk ? " wrk req/s | ours/wrk |" : "")
                .append('\n');
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
                .append(wrk ? "---:|---:|" : "")
                .append('\n');
        for (ArmResult a : arms) {
            if (!a.ok()) {
                b.append("| ")
                        .append(a.name())
                        .append(" | **failed**: ")
                        .append(a.error().replace('|', '/'))
                        .append(" ||||||||||||")
                        .append(wrk ? "||" : "")
                        .append('\n');
                continue;
            }
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %.0f | %.0f | %.0f | %.0f | %d | %s | %s | %s | %.2f | %.2f | %.2f | %s |",
                    a.name(),
                    a.rps(),
                    a.p50Us(),
                    a.p99Us(),
                    a.p999Us(),
                    a.errors(),
                    Double.isNaN(a.allocBytesPerRequest()) ? "–" : Long.toString(a.gcCount()),
                    Double.isNaN(a.allocBytesPerRequest()) ? "–" : Long.toString(a.gcMillis()),
                    Double.isNaN(a.allocBytesPerRequest())
                            ? "–"
                            : String.format(Locale.ROOT, "%.1f", a.allocBytesPerRequest()),
                    a.cpuNanosPerRequest() / 1e3,
                    a.serverCores(),
                    a.loaderCores(),
                    bottleneck(a)));
            if (wrk) {
                b.append(
                        Double.isNaN(a.wrkRps())
                                ? " | |"
                                : String.format(Locale.ROOT, " %.0f | %.3fx |", a.wrkRps(), a.rps() / a.wrkRps()));
            }
            b.append('\n');
        }
        boolean noted = false;
        for (ArmResult a : arms) {
            String note = bottleneckNote(a);
            if (note != null) {
                b.append("\n> ").append(a.name()).append(": ").append(note);
                noted = true;
            }
        }
        if (noted) {
            b.append('\n');
        }
        if (arms.stream().anyMatch(a -> a.ok() && !a.roundsRps().isEmpty())) {
            b.append("\n| arm | req/s per round |\n|---|---|\n");
            for (ArmResult a : arms) {
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
        tls(b, set);
        ratios(b, set.ratios());
        List<ArmSet.AllocCheck> alloc = set.allocChecks();
        if (!alloc.isEmpty()) {
            b.append(String.format(
                    Locale.ROOT,
                    "\n| server allocation (health and typed arms) | B/req | target | met |\n|---|---:|---:|---|\n"));
            for (ArmSet.AllocCheck c : alloc) {
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %.2f | ≈ 0 (≤ %.0f) | %s |\n",
                        c.arm(),
                        c.bytesPerRequest(),
                        ArmSet.ALLOC_LIMIT,
                        c.met() ? "yes" : "**no**"));
            }
            b.append("\nAllocation per request does not depend on which side was saturated, so it is judged on ")
                    .append("every arm.\n");
            if (alloc.stream().anyMatch(c -> Arm.named(c.arm()).tls())) {
                b.append("Over TLS the bytes are allocated per read and per write, not per request, by Netty's ")
                        .append("`SslHandler` and OpenSSL engine (a promise per wrap, an `SSLEngineResult` per wrap ")
                        .append("and unwrap: `docs/benchmarks.md`, \"TLS\"), so they shrink with the requests a ")
                        .append("read carries.\n");
            }
        }
    }

    /**
     * The TLS arms' handshakes (group offered and negotiated, resumption, handshake times) and the cost of
     * encryption per request (server CPU over TLS less plaintext, same transport and depth); nothing without TLS arms.
     */
    private static void tls(StringBuilder b, ArmSet set) {
        List<ArmResult> arms =
                set.arms().stream().filter(a -> a.ok() && a.tls() != null).toList();
        if (arms.isEmpty()) {
            return;
        }
        b.append("\n| TLS arm | offered | negotiated (handshakes) | handshakes | resumed | handshake p50 µs "
                        + "| handshake p99 µs | failed |\n")
                .append("|---|---|---|---:|---:|---:|---:|---:|\n");
        for (ArmResult a : arms) {
            ArmResult.TlsFigures t = a.tls();
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %d | %.0f %% | %.0f | %.0f | %d |\n",
                    a.name(),
                    Arm.named(a.name()).group,
                    t.groups().isEmpty() ? "–" : t.groups(),
                    t.handshakes(),
                    t.resumedShare() * 100,
                    t.p50Us(),
                    t.p99Us(),
                    t.failed()));
        }
        b.append("\nHandshake counts and times include the run's own warm-up (its connections are opened there). ")
                .append("A handshake arm opens a new connection for every request, so its req/s is handshakes per ")
                .append("second and its CPU µs/req the server's CPU per handshake; the loader offers only the arm's ")
                .append("group and does not check the certificate (a throwaway self-signed EC P-256 one, the same for ")
                .append("zapline and nginx).\n");
        for (String[] pair :
                new String[][] {{"https-health-x25519", "http-health"}, {"zaps-health-x25519", "zap-health"}}) {
            ArmResult t = set.arm(pair[0]);
            ArmResult p = set.arm(pair[1]);
            if (t != null && p != null) {
                b.append(String.format(
                        Locale.ROOT,
                        "\nEncryption cost, %s less %s: %+.2f µs of server CPU per request (%.2f against %.2f).\n",
                        pair[0],
                        pair[1],
                        (t.cpuNanosPerRequest() - p.cpuNanosPerRequest()) / 1e3,
                        t.cpuNanosPerRequest() / 1e3,
                        p.cpuNanosPerRequest() / 1e3));
            }
        }
    }

    private static void ratios(StringBuilder b, List<Ratio> ratios) {
        if (ratios.isEmpty()) {
            return;
        }
        boolean spread = ratios.stream().anyMatch(q -> !Double.isNaN(q.q1()));
        boolean targets = ratios.stream().anyMatch(Ratio::hasTarget);
        b.append("\n| ratio | value |")
                .append(spread ? " rounds, middle half |" : "")
                .append(targets ? " target | met |" : "")
                .append("\n|---|---:|")
                .append(spread ? "---:|" : "")
                .append(targets ? "---:|---|" : "")
                .append('\n');
        for (Ratio q : ratios) {
            b.append(String.format(Locale.ROOT, "| %s | %.3fx |", q.label(), q.value()));
            if (spread) {
                b.append(Double.isNaN(q.q1()) ? " |" : String.format(Locale.ROOT, " %.3f–%.3f |", q.q1(), q.q3()));
            }
            if (targets) {
                b.append(String.format(
                        Locale.ROOT,
                        " %s | %s |",
                        q.hasTarget() ? String.format(Locale.ROOT, "≥ %.2fx", q.target()) : "",
                        q.verdict()));
            }
            b.append('\n');
        }
        if (spread) {
            b.append("\nEach ratio is the median of the round-by-round ratios; the middle half of them lies in ")
                    .append("the range shown. Where that range straddles a target, this run cannot say whether ")
                    .append("it is met: more rounds (`--rounds`) or longer ones (`-d`) narrow it.\n");
        }
    }

    private static void latencies(StringBuilder b, BenchResult r) {
        List<ArmResult> with = r.sets().stream()
                .flatMap(x -> x.arms().stream())
                .filter(a -> a.latencyAt() != null)
                .toList();
        if (with.isEmpty()) {
            return;
        }
        b.append("\n## Latency at a fixed rate (open model, 1 request in flight per connection)\n\n")
                .append("| arm | open model at | target req/s | achieved | p50 µs | p99 µs | p99.9 µs | errors |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ArmResult a : with) {
            ArmResult.LatencyAt l = a.latencyAt();
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

    /** The JSON document; see {@link BenchJson#json(BenchResult)}. */
    public static String json(BenchResult r) {
        return BenchJson.json(r);
    }

    /** Writes {@code bench.md}, {@code bench.json} and {@code bench.html} into {@code dir} (created when missing). */
    public static void write(Path dir, BenchResult r) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("bench.md"), markdown(r));
        String json = json(r);
        Files.writeString(dir.resolve("bench.json"), json);
        Page.write(dir.resolve("bench.html"), html(json));
    }

    /**
     * The self-contained HTML page of a bench JSON document ({@link #json}): each set's arms with every round's req/s
     * and the server's CPU per request, and each ratio against its target (met, not met, not judged).
     */
    public static String html(String json) {
        return Page.render("zapline bench", "{\"kind\":\"bench\",\"doc\":" + json.strip() + "}", "bench.js");
    }

    /** The change from an earlier run's JSON to this one; see {@link BenchJson#compare(BenchResult, Path)}. */
    public static String compare(BenchResult now, Path earlierJson) throws IOException {
        return BenchJson.compare(now, earlierJson);
    }

    /** Which side was saturated: server, loader (bold: its ratios are not judged), or neither. */
    static String bottleneck(ArmResult a) {
        if (a.loaderBound()) {
            return "**loader**";
        }
        return a.starved() ? "**neither**" : "server";
    }

    /** Why an arm's req/s may not be the server's capacity, or null when the server's core was (nearly) saturated. */
    static String bottleneckNote(ArmResult a) {
        if (!a.ok()) {
            return null;
        }
        if (a.loaderBound()) {
            return String.format(
                    Locale.ROOT,
                    "loader-bound, not judged: the loader was the bottleneck (its process used %.2f cores, the "
                            + "server %.2f), so this req/s is the loader's ceiling and the ratios taken from it are "
                            + "shown but not judged; the server's CPU per request is the figure to compare",
                    a.loaderCores(),
                    a.serverCores());
        }
        if (!a.starved()) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "neither side saturated its core (server %.2f, loader %.2f): other work "
                        + "on the machine took the CPU, so this req/s understates both and its ratios are not "
                        + "judged; rerun on a quiet machine",
                a.serverCores(),
                a.loaderCores());
    }

    /** Whether a zapline HTTP/2 arm ran with a longer warm-up than the settings' (see {@link BenchRunner}). */
    private static boolean warmsH2(BenchSettings s) {
        return s.warmupNanos() < BenchRunner.H2_WARMUP_NANOS
                && s.arms().stream().map(Arm::named).anyMatch(a -> a.h2 && a.server == Arm.Server.ZAPLINE);
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3g s", nanos / 1e9);
    }
}
