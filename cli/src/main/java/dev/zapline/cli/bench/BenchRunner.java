package dev.zapline.cli.bench;

import dev.zapline.cli.load.LoadTarget;
import dev.zapline.client.ZapLoops;
import dev.zapline.load.engine.Client;
import dev.zapline.load.engine.Engine;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.engine.NanoClock;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs the arms in interleaved rounds against one {@link ServerChild} per arm, kept running to the end. First every
 * arm's server is started and warmed for the full warm-up, one after the other, which also warms the loader's code
 * for every kind of arm before anything is measured. Then each round runs every arm once (one arm later each round)
 * as a closed-loop max-throughput run of the load engine (one event loop, one request in flight per connection):
 * connections re-opened and settled for {@link #REWARM_NANOS}, then the measured phase, with the server's counters
 * read at its start and end. Rounds a few seconds apart see the same machine, so its drift falls on every arm alike
 * and ratios are taken round by round. After the last round come the optional open-model run and wrk cross-check on
 * each warm server. An arm whose server fails is reported with its error and the others still run.
 */
public final class BenchRunner {

    /** Called once per arm when its measured phase starts (tests use it to kill a server mid-run). */
    public interface Hook {
        void measuring(String arm, long serverPid);
    }

    private static final long READY_MILLIS = 30_000;
    private static final long STATS_MILLIS = 5_000;
    private static final long TIMEOUT_NANOS = 5_000_000_000L;
    /** The open-model run follows the warm max-throughput run; one second settles the new schedule. */
    private static final long LATENCY_WARMUP_NANOS = 1_000_000_000L;
    /** Warm-up of each measured round: the server is warm; this opens the connections and settles. */
    static final long REWARM_NANOS = 500_000_000L;

    private final BenchSettings settings;
    private final PrintStream log;
    private final Hook hook;
    private final Pinning pinning;
    private final String wrk;
    private final Machine machine;
    /** Every finished run of each arm, by arm, in round order. Guarded by this. */
    private final Map<String, List<ArmResult>> rounds = new LinkedHashMap<>();
    /** The open-model and wrk runs made after the rounds, by arm. Guarded by this. */
    private final Map<String, ArmResult.LatencyAt> latencies = new LinkedHashMap<>();

    private final Map<String, Double> wrkRates = new LinkedHashMap<>();
    /** Each arm's running server, or why it could not start; touched by the running thread only. */
    private final Map<String, ServerProcess> servers = new LinkedHashMap<>();

    private final Map<String, String> startFailures = new LinkedHashMap<>();

    BenchRunner(BenchSettings settings, PrintStream log, Hook hook, Pinning pinning, Machine machine) {
        this.machine = machine;
        this.settings = settings;
        this.log = log;
        this.hook = hook;
        this.pinning = pinning;
        this.wrk = settings.crossCheck() ? Pinning.onPath("wrk") : null;
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

    private synchronized void record(String arm, ArmResult r) {
        rounds.computeIfAbsent(arm, x -> new ArrayList<>()).add(r);
    }

    private synchronized BenchResult result() {
        List<ArmResult> results = new ArrayList<>();
        for (String name : settings.arms()) {
            List<ArmResult> done = rounds.get(name);
            if (done != null) {
                ArmResult m = ArmResult.median(done);
                if (m.ok() && latencies.containsKey(name)) {
                    m = m.withLatencyAt(latencies.get(name));
                }
                if (m.ok() && wrkRates.containsKey(name)) {
                    m = m.withWrk(wrkRates.get(name));
                }
                results.add(m);
            }
        }
        return new BenchResult(machine, settings, pinning.note(), serverFlags(), results);
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
        List<String> names = settings.arms();
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            for (String name : names) {
                warm(Arm.named(name), loops);
            }
            for (int round = 0; round < settings.rounds(); round++) {
                // each round starts one arm later, so slow drift on a shared machine falls on every arm alike
                for (int k = 0; k < names.size(); k++) {
                    Arm arm = Arm.named(names.get((k + round) % names.size()));
                    String tag = settings.rounds() > 1 ? " (round " + (round + 1) + ")" : "";
                    log.println("zapline bench: " + arm.label + tag + " ...");
                    ArmResult r = measure(arm, loops);
                    log.println("zapline bench: " + arm.label + tag + ": "
                            + (r.ok()
                                    ? String.format("%.0f req/s, p99 %.0f µs", r.rps(), r.p99Us())
                                    : "FAILED: " + r.error()));
                    record(arm.label, r);
                }
            }
            for (String name : names) {
                extras(Arm.named(name), loops);
            }
        } finally {
            for (ServerProcess p : servers.values()) {
                p.close();
            }
            servers.clear();
        }
        return result();
    }

    /**
     * Starts the arm's server and runs load at it for the warm-up, unmeasured. A failure here is left for the rounds
     * to report (a server that cannot start fails every round at once).
     */
    private void warm(Arm arm, ZapLoops loops) {
        if (settings.warmupNanos() <= 0) {
            return;
        }
        log.println("zapline bench: " + arm.label + ": warming up ...");
        try {
            ServerProcess server = server(arm);
            String url = arm.url("127.0.0.1", server.httpPort(), server.zapPort());
            LoadPlan plan = LoadPlan.maxThroughput(1, settings.warmupNanos(), settings.connections(), 1)
                    .withTimeout(TIMEOUT_NANOS);
            Engine engine = Engine.start(plan, client(arm, url, loops), loops.group(), NanoClock.SYSTEM, 10_000);
            new Reporter(engine, new ReportOptions(url, null, null, null, false)).run();
        } catch (BenchException | IllegalStateException | IOException e) {
            log.println("zapline bench: " + arm.label + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The arm's server, started on first use; throws when it cannot start or has since died. */
    private ServerProcess server(Arm arm) throws IOException, BenchException {
        String failure = startFailures.get(arm.label);
        if (failure != null) {
            throw new BenchException(failure);
        }
        ServerProcess p = servers.get(arm.label);
        if (p == null) {
            try {
                p = ServerProcess.start(arm.label, command(arm), READY_MILLIS);
            } catch (IOException | RuntimeException e) {
                startFailures.put(arm.label, String.valueOf(e.getMessage()));
                throw e;
            }
            servers.put(arm.label, p);
        }
        if (!p.isAlive()) {
            throw new BenchException("server " + arm.label + " is no longer running");
        }
        return p;
    }

    /** The open-model run and the wrk cross-check, when asked for, on the arm's warm server. */
    private void extras(Arm arm, ZapLoops loops) {
        if (settings.latencyAt() <= 0 && (wrk == null || arm.zap)) {
            return;
        }
        ArmResult m;
        synchronized (this) {
            List<ArmResult> done = rounds.get(arm.label);
            m = done == null ? null : ArmResult.median(done);
        }
        ServerProcess server = servers.get(arm.label);
        if (m == null || !m.ok() || server == null || !server.isAlive()) {
            return;
        }
        String url = arm.url("127.0.0.1", server.httpPort(), server.zapPort());
        try {
            if (settings.latencyAt() > 0 && m.rps() > 0) {
                ArmResult.LatencyAt l = latencyAt(arm, url, client(arm, url, loops), loops, m.rps());
                synchronized (this) {
                    latencies.put(arm.label, l);
                }
            }
            if (wrk != null && !arm.zap) {
                double w = wrk(arm, url);
                synchronized (this) {
                    wrkRates.put(arm.label, w);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ArmResult measure(Arm arm, ZapLoops loops) {
        try {
            ServerProcess server = server(arm);
            String url = arm.url("127.0.0.1", server.httpPort(), server.zapPort());
            Client client = client(arm, url, loops);
            long warmup = Math.min(settings.warmupNanos(), REWARM_NANOS);
            LoadPlan plan = LoadPlan.maxThroughput(1, settings.durationNanos(), settings.connections(), 1)
                    .withWarmup(warmup)
                    .withTimeout(TIMEOUT_NANOS);
            Engine engine = Engine.start(plan, client, loops.group(), NanoClock.SYSTEM, 10_000);
            CompletableFuture<Window> stats = new CompletableFuture<>();
            Thread t = new Thread(
                    () -> {
                        try {
                            stats.complete(statsOverMeasuredPhase(engine, server, arm));
                        } catch (Throwable e) {
                            stats.completeExceptionally(e);
                        }
                    },
                    "zapline-bench-stats");
            t.setDaemon(true);
            t.start();
            Summary s = new Reporter(engine, new ReportOptions(url, null, null, null, false)).run();
            Window w = await(stats, arm);
            ServerStats d = w.server();
            if (!server.isAlive()) {
                throw new BenchException("server " + arm.label + " exited during the run");
            }
            if (success(s) == 0) {
                throw new BenchException("no request succeeded in the measured phase (" + s.scheduled() + " ended: "
                        + s.outcomes() + "); a longer --warmup or --duration may help");
            }
            long responses = Math.max(1, s.scheduled() - s.outcomes().getOrDefault(Outcome.DROPPED.key(), 0L));
            ArmResult r = new ArmResult(
                    arm.label,
                    s.rateAchieved(),
                    s.corrected().p(50),
                    s.corrected().p(99),
                    s.corrected().p(99.9),
                    s.scheduled(),
                    s.scheduled() - success(s),
                    d.gcCount(),
                    d.gcMillis(),
                    (double) d.allocatedBytes() / responses,
                    (double) d.cpuNanos() / responses,
                    (double) d.cpuNanos() / w.wallNanos(),
                    (double) w.loaderCpuNanos() / w.wallNanos(),
                    Double.NaN,
                    null,
                    null,
                    List.of());
            return r;
        } catch (BenchException | IllegalStateException | IOException e) {
            return ArmResult.failed(arm.label, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ArmResult.failed(arm.label, "interrupted");
        }
    }

    /** The server's counters over the measured phase, its wall time, and this process's (the loader's) CPU time. */
    private record Window(ServerStats server, long wallNanos, long loaderCpuNanos) {}

    private Window statsOverMeasuredPhase(Engine engine, ServerProcess server, Arm arm) {
        long start = engine.measuredStartNanos();
        sleepUntil(start);
        long loader0 = ServerStats.now().cpuNanos();
        long t0 = System.nanoTime();
        ServerStats before = server.stats(STATS_MILLIS);
        if (hook != null) {
            hook.measuring(arm.label, server.pid());
        }
        sleepUntil(start + settings.durationNanos());
        ServerStats after = server.stats(STATS_MILLIS);
        long wall = System.nanoTime() - t0;
        return new Window(
                after.minus(before), Math.max(1, wall), ServerStats.now().cpuNanos() - loader0);
    }

    private Window await(CompletableFuture<Window> stats, Arm arm) throws InterruptedException {
        try {
            return stats.get(STATS_MILLIS * 3, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof BenchException b ? b : new BenchException(String.valueOf(e.getCause()));
        } catch (TimeoutException e) {
            throw new BenchException("server " + arm.label + " did not report its counters");
        }
    }

    private ArmResult.LatencyAt latencyAt(Arm arm, String url, Client client, ZapLoops loops, double maxRps)
            throws InterruptedException {
        double rate = Math.max(1, Math.floor(maxRps * settings.latencyAt()));
        LoadPlan plan = LoadPlan.open(
                        Stages.constant(rate, Duration.ofNanos(settings.durationNanos())),
                        Arrival.UNIFORM,
                        1,
                        settings.connections(),
                        1)
                .withPipeline(1)
                .withTimeout(TIMEOUT_NANOS)
                .withLimits(Math.max(1_000, settings.connections() * 16), TIMEOUT_NANOS)
                .withWarmup(LATENCY_WARMUP_NANOS);
        log.println("zapline bench: " + arm.label + ": open model at " + (long) rate + " req/s ...");
        Engine engine = Engine.start(plan, client, loops.group(), NanoClock.SYSTEM, 10_000);
        Summary s = new Reporter(engine, new ReportOptions(url, null, null, null, false)).run();
        return new ArmResult.LatencyAt(
                settings.latencyAt(),
                rate,
                s.rateAchieved(),
                s.corrected().p(50),
                s.corrected().p(99),
                s.corrected().p(99.9),
                s.scheduled() - success(s));
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

    private static long success(Summary s) {
        return s.outcomes().getOrDefault(Outcome.SUCCESS.key(), 0L);
    }

    private static Client client(Arm arm, String url, ZapLoops loops) {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        if (arm.contentType() != null) {
            headers.add(Map.entry("Content-Type", arm.contentType()));
        }
        return LoadTarget.parse(url).client(loops, arm.method(), headers, arm.bodyBytes());
    }

    private List<String> command(Arm arm) {
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

    private static void sleepUntil(long nanos) {
        for (long left; (left = nanos - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
