package dev.zapline.cli.bench;

import dev.zapline.cli.Progress;
import dev.zapline.client.ZapLoops;
import dev.zapline.load.report.Machine;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the arms in interleaved rounds against one server per arm, kept running to the end. First every arm's server
 * is started and warmed for the full warm-up (split over the pipeline depths; a zapline HTTP/2 arm for at least
 * {@link #H2_WARMUP_NANOS}, deepest set first), one after the other, which also warms
 * the loader's code for every kind of arm before anything is measured. Then each round runs every arm of every set
 * once (one run later each round) as a closed-loop max-throughput run of the load engine (one event loop, the set's
 * number of requests in flight per connection): connections re-opened and settled for {@link ArmRun#REWARM_NANOS},
 * then the measured phase, with the server's counters read at its start and end. Rounds a few seconds apart see the
 * same machine, so its drift falls on every arm alike and ratios are taken round by round. After the last round come
 * the optional open-model run and wrk cross-check on each warm server (plain set). An arm whose server fails is
 * reported with its error and the others still run; nginx, when not installed, is skipped with a line saying so.
 */
public final class BenchRunner {

    /** The least warm-up of a zapline HTTP/2 arm's server (see {@link #warm}). */
    static final long H2_WARMUP_NANOS = 12_000_000_000L;

    /** Called once per measured run when its measured phase starts (tests use it to kill a server mid-run). */
    public interface Hook {
        void measuring(String arm, long serverPid);
    }

    private static final long READY_MILLIS = 30_000;
    /** Warm-up of each measured round; see {@link ArmRun#REWARM_NANOS}. */
    static final long REWARM_NANOS = ArmRun.REWARM_NANOS;

    /** One arm at one pipeline depth: what a round runs. */
    private record Unit(Arm arm, int pipeline) {
        String key() {
            return arm.label + "@" + pipeline;
        }

        String tag() {
            return pipeline == 1 ? arm.label : arm.label + ", pipeline " + pipeline;
        }
    }

    private final BenchSettings settings;
    private final PrintStream log;
    private final Hook hook;
    private final Pinning pinning;
    private final String wrk;
    private final String nginx;
    /** The nghttpd binary, or null when it is not installed (its arm is skipped). */
    private final String nghttpd;

    private final Machine machine;
    /** Every finished run of each unit, by {@link Unit#key()}, in round order. Guarded by this. */
    private final Map<String, List<ArmResult>> rounds = new LinkedHashMap<>();
    /** The open-model and wrk runs made after the rounds, by arm. Guarded by this. */
    private final Map<String, ArmResult.LatencyAt> latencies = new LinkedHashMap<>();

    private final Map<String, Double> wrkRates = new LinkedHashMap<>();
    /** Arms asked for that cannot run here, with why. Guarded by this. */
    private final List<String> skipped = new ArrayList<>();
    /** Each arm's running server, by {@link Arm#serverKey()}; touched by the running thread only. */
    private final Map<String, BenchServer> servers = new LinkedHashMap<>();
    /** The TLS arms' certificate and key, made on first use; touched by the running thread only. */
    private BenchCertificate certificate;

    private final Map<String, String> startFailures = new LinkedHashMap<>();

    /** Each warm-up and run as a step with the time left ({@link #progress(Progress)}); plain lines on the log. */
    private Progress progress;

    BenchRunner(BenchSettings settings, PrintStream log, Hook hook, Pinning pinning, Machine machine) {
        this.machine = machine;
        this.settings = settings;
        this.log = log;
        this.hook = hook;
        this.pinning = pinning;
        this.wrk = settings.crossCheck() ? Pinning.onPath("wrk") : null;
        this.nginx = NginxServer.installed();
        this.nghttpd = NghttpdServer.installed();
        this.progress = new Progress("zapline bench", log, false, System::nanoTime);
    }

    /** Shows the warm-ups and runs on {@code p} instead of as plain lines on the log; before {@link #runAll()}. */
    public BenchRunner progress(Progress p) {
        this.progress = p;
        return this;
    }

    /** Pins (when asked and possible) and runs every arm; progress goes to {@code log}. */
    public static BenchResult run(BenchSettings settings, PrintStream log, Hook hook) {
        return create(settings, log, hook).runAll();
    }

    /** Pins (when asked and possible); {@link #runAll()} then runs the arms. */
    public static BenchRunner create(BenchSettings settings, PrintStream log, Hook hook) {
        Machine machine = Machine.current();
        Pinning pinning = Pinning.apply(settings.pin());
        return new BenchRunner(settings, log, hook, pinning, machine);
    }

    /** What has been measured so far (each arm's median over its finished rounds); callable from any thread. */
    public synchronized BenchResult partial() {
        return result();
    }

    private synchronized void record(Unit u, ArmResult r) {
        rounds.computeIfAbsent(u.key(), x -> new ArrayList<>()).add(r);
    }

    private synchronized BenchResult result() {
        List<ArmSet> sets = new ArrayList<>();
        for (int p : settings.pipelines()) {
            List<ArmResult> results = new ArrayList<>();
            for (String name : settings.arms()) {
                List<ArmResult> done = rounds.get(new Unit(Arm.named(name), p).key());
                if (done != null) {
                    ArmResult m = ArmResult.median(done);
                    if (p == 1 && m.ok() && latencies.containsKey(name)) {
                        m = m.withLatencyAt(latencies.get(name));
                    }
                    if (p == 1 && m.ok() && wrkRates.containsKey(name)) {
                        m = m.withWrk(wrkRates.get(name));
                    }
                    results.add(m);
                }
            }
            sets.add(new ArmSet(p, results));
        }
        return new BenchResult(machine, settings, pinning.note(), serverFlags(), sets, skipped);
    }

    /**
     * The arms a comma-separated list names, in its order ({@code all}: every arm).
     *
     * @throws IllegalArgumentException naming an unknown or repeated arm
     */
    public static List<String> armNames(String list) {
        return Arm.parse(list).stream().map(a -> a.label).toList();
    }

    public BenchResult runAll() {
        log.println("zapline bench: " + pinning.note());
        if (!pinning.pinned() && settings.pin()) {
            log.println("zapline bench: warning: running unpinned");
        }
        if (settings.crossCheck() && wrk == null) {
            log.println("zapline bench: --cross-check: wrk is not installed; skipping it");
        }
        List<Arm> arms = runnable();
        List<Unit> units = new ArrayList<>();
        for (int p : settings.pipelines()) {
            for (Arm a : arms) {
                // a handshake per request, pipelined, would measure the pipeline's ramp, not the handshake
                if (p == 1 || !a.handshakes()) {
                    units.add(new Unit(a, p));
                }
            }
        }
        if (!settings.pipelines().contains(1) && arms.stream().anyMatch(Arm::handshakes)) {
            log.println("zapline bench: the handshake arms run in the plain set only (--pipeline 1); skipping them");
        }
        BenchSteps.plan(progress, settings, arms, units.size(), wrk != null);
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            ArmRun run = new ArmRun(settings, log, hook, loops);
            for (Arm arm : arms) {
                warm(arm, run);
            }
            for (int round = 0; round < settings.rounds(); round++) {
                // each round starts one run later, so slow drift on a shared machine falls on every arm alike
                for (int k = 0; k < units.size(); k++) {
                    Unit u = units.get((k + round) % units.size());
                    String tag = u.tag() + (settings.rounds() > 1 ? " (round " + (round + 1) + ")" : "");
                    progress.step(tag + " ...", BenchSteps.run(settings));
                    ArmResult r = measure(u, run);
                    log.println("zapline bench: " + tag + ": "
                            + (r.ok()
                                    ? String.format("%.0f req/s, p99 %.0f µs", r.rps(), r.p99Us())
                                    : "FAILED: " + r.error()));
                    record(u, r);
                }
            }
            for (Arm arm : arms) {
                extras(arm, run);
            }
        } finally {
            progress.done();
            for (BenchServer p : servers.values()) {
                p.close();
            }
            servers.clear();
            if (certificate != null) {
                certificate.delete();
                certificate = null;
            }
        }
        return result();
    }

    /** The arms asked for that can run here; the others go to {@link #skipped} with a line on the log. */
    private List<Arm> runnable() {
        List<Arm> out = new ArrayList<>();
        for (String name : settings.arms()) {
            Arm a = Arm.named(name);
            String missing = a.nginx() && nginx == null ? "nginx" : a.nghttpd() && nghttpd == null ? "nghttpd" : null;
            if (missing != null) {
                String why = missing + ": skipped, not installed (`command -v " + missing + "` finds nothing"
                        + (a.nghttpd() ? "; Debian: nghttp2-server" : "") + ")";
                synchronized (this) {
                    skipped.add(why);
                }
                log.println("zapline bench: " + why);
                continue;
            }
            out.add(a);
        }
        return out;
    }

    /**
     * Starts the arm's server and runs load at it for the warm-up, unmeasured, split evenly over the pipeline
     * depths. A failure here is left for the rounds to report (a server that cannot start fails every round at once).
     */
    private void warm(Arm arm, ArmRun run) {
        if (settings.warmupNanos() <= 0) {
            return;
        }
        long nanos = BenchSteps.warm(settings, arm);
        progress.step(arm.label + ": warming up ...", nanos);
        try {
            BenchServer server = server(arm);
            List<Integer> depths = arm.handshakes() ? List.of(1) : settings.pipelines();
            if (arm.h2 && arm.server == Arm.Server.ZAPLINE) {
                // Netty's HTTP/2 code is large: on one core its JIT takes 10 s or more of traffic, most quickly
                // at the deepest set, where the rate is highest; a 3 s warm-up left round 1 at a fifth of round 3.
                depths = depths.stream()
                        .sorted(java.util.Comparator.reverseOrder())
                        .toList();
            }
            for (int p : depths) {
                run.warm(arm, server, p, Math.max(1, nanos / depths.size()));
            }
        } catch (BenchException | IllegalStateException | IOException e) {
            log.println("zapline bench: " + arm.label + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ArmResult measure(Unit u, ArmRun run) {
        try {
            return run.measure(u.arm(), server(u.arm()), u.pipeline());
        } catch (BenchException | IllegalStateException | IOException e) {
            return ArmResult.failed(u.arm().label, e.getMessage());
        }
    }

    /** The arm's server, started on first use (shared by the arms of one {@link Arm#serverKey()}). */
    private BenchServer server(Arm arm) throws IOException, BenchException {
        String key = arm.serverKey();
        String failure = startFailures.get(key);
        if (failure != null) {
            throw new BenchException(failure);
        }
        BenchServer p = servers.get(key);
        if (p == null) {
            try {
                p = switch (arm.server) {
                    case NGINX -> NginxServer.start(nginx, pinning.serverPrefix(), READY_MILLIS);
                    case NGHTTPD -> NghttpdServer.start(nghttpd, pinning.serverPrefix(), READY_MILLIS);
                    case NGINX_TLS ->
                        NginxServer.start(
                                nginx,
                                pinning.serverPrefix(),
                                READY_MILLIS,
                                certificate().nginx());
                    case RAW, ZAPLINE, ZAPLINE_TLS -> ServerProcess.start(key, command(arm), READY_MILLIS);
                };
            } catch (IOException | RuntimeException e) {
                startFailures.put(key, String.valueOf(e.getMessage()));
                throw e;
            }
            servers.put(key, p);
        }
        if (!p.isAlive()) {
            throw new BenchException("server " + key.toLowerCase(java.util.Locale.ROOT) + " is no longer running");
        }
        return p;
    }

    /**
     * The TLS arms' certificate: one throwaway self-signed EC P-256 certificate (what {@code zapline serve
     * --self-signed} makes) for 127.0.0.1, written as PEM files to a directory only this user reads, so zapline and
     * nginx both serve the same one (the server's signature is a large part of a full handshake's cost).
     */
    private BenchCertificate certificate() throws IOException {
        if (certificate == null) {
            certificate = BenchCertificate.make();
        }
        return certificate;
    }

    /** The open-model run and the wrk cross-check, when asked for, on the arm's warm server (plain set). */
    private void extras(Arm arm, ArmRun run) {
        if (settings.latencyAt() <= 0 && (wrk == null || arm.zap || arm.handshakes())) {
            return;
        }
        progress.step(arm.label + ": after the rounds ...", BenchSteps.extras(settings, arm, wrk != null));
        ArmResult m;
        synchronized (this) {
            List<ArmResult> done = rounds.get(new Unit(arm, 1).key());
            m = done == null ? null : ArmResult.median(done);
        }
        BenchServer server = servers.get(arm.serverKey());
        if (m == null || !m.ok() || server == null || !server.isAlive()) {
            if (m == null) {
                log.println("zapline bench: " + arm.label + ": --latency-at and --cross-check compare with the "
                        + "plain set (--pipeline 1), which did not run; skipping them");
            }
            return;
        }
        try {
            if (settings.latencyAt() > 0 && m.rps() > 0) {
                ArmResult.LatencyAt l = run.latencyAt(arm, server, m.rps());
                synchronized (this) {
                    latencies.put(arm.label, l);
                }
            }
            if (wrk != null && !arm.zap && !arm.handshakes()) {
                double w = wrk(arm, ArmRun.url(arm, server));
                synchronized (this) {
                    wrkRates.put(arm.label, w);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private double wrk(Arm arm, String url) {
        log.println("zapline bench: " + arm.label + ": wrk ...");
        try {
            WrkRun run = new WrkRun(wrk, pinning.loaderPrefix(), settings.connections(), settings.durationNanos());
            return run.requestsPerSecond(url, arm.method(), arm.contentType(), arm.bodyBytes());
        } catch (IOException | RuntimeException e) {
            log.println("zapline bench: " + arm.label + ": wrk failed: " + e.getMessage());
            return Double.NaN;
        }
    }

    private List<String> command(Arm arm) throws IOException {
        List<String> c = new ArrayList<>(pinning.serverPrefix());
        c.add(javaBinary());
        c.addAll(serverFlags());
        c.add("-cp");
        c.add(System.getProperty("java.class.path"));
        c.add(ServerChild.class.getName());
        if (arm.raw()) {
            c.add("raw");
        } else {
            c.add("zapline");
            c.add(arm.json);
            if (arm.server == Arm.Server.ZAPLINE_TLS) {
                c.add(certificate().cert().toString());
                c.add(certificate().key().toString());
            }
        }
        return c;
    }

    /**
     * The server children's JVM flags: the same for every arm, and the same as the bench scripts' servers get
     * ({@code bench/lib.sh}, {@code jvm_flags}; {@code BenchPartsTest} checks that the two agree).
     */
    static List<String> serverFlags() {
        List<String> f = new ArrayList<>(List.of(
                "-Xms512m",
                "-Xmx512m",
                "-Dio.netty.leakDetection.level=disabled",
                "--enable-native-access=ALL-UNNAMED"));
        if (Runtime.version().feature() >= 24) {
            f.add("--sun-misc-unsafe-memory-access=allow");
        }
        return f;
    }

    private static String javaBinary() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
