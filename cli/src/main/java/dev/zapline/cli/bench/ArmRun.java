package dev.zapline.cli.bench;

import dev.zapline.cli.load.LoadTarget;
import dev.zapline.cli.load.RpcTarget;
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
import dev.zapline.transport.ClientTls;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * The load engine's runs against one arm's running server: the unmeasured warm-up, the measured closed-loop
 * max-throughput run at a pipeline depth (the server's counters and the loader's CPU time read at the measured
 * phase's start and end), and the open-model latency run. Used from the bench's running thread only.
 */
final class ArmRun {

    private static final long STATS_MILLIS = 5_000;
    /** How long a run's connections may take to open. */
    private static final long CONNECT_MILLIS = 10_000;

    private static final long TIMEOUT_NANOS = 5_000_000_000L;
    /** The open-model run follows the warm max-throughput run; one second settles the new schedule. */
    static final long LATENCY_WARMUP_NANOS = 1_000_000_000L;
    /** Warm-up of each measured round: the server is warm; this opens the connections and settles. */
    static final long REWARM_NANOS = 300_000_000L;

    private final BenchSettings settings;
    private final PrintStream log;
    private final BenchRunner.Hook hook;
    private final ZapLoops loops;

    ArmRun(BenchSettings settings, PrintStream log, BenchRunner.Hook hook, ZapLoops loops) {
        this.settings = settings;
        this.log = log;
        this.hook = hook;
        this.loops = loops;
    }

    /** Runs load at the server for {@code nanos}, unmeasured, {@code pipeline} requests deep. */
    void warm(Arm arm, BenchServer server, int pipeline, long nanos) throws InterruptedException {
        String url = url(arm, server);
        LoadPlan plan = handshakes(
                arm,
                LoadPlan.maxThroughput(pipeline, nanos, settings.connections(), 1)
                        .with(b -> b.timeoutNanos = TIMEOUT_NANOS));
        Engine engine = start(arm, url, plan);
        new Reporter(engine, new ReportOptions(url, null, null, null, false)).run();
    }

    /** One measured run; an arm that cannot be measured comes back {@linkplain ArmResult#failed failed}. */
    ArmResult measure(Arm arm, BenchServer server, int pipeline) {
        try {
            String url = url(arm, server);
            long warmup = Math.min(settings.warmupNanos(), REWARM_NANOS);
            LoadPlan plan = handshakes(
                    arm,
                    LoadPlan.maxThroughput(pipeline, settings.durationNanos(), settings.connections(), 1)
                            .with(b -> {
                                b.warmupNanos = warmup;
                                b.timeoutNanos = TIMEOUT_NANOS;
                            }));
            Engine engine = start(arm, url, plan);
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
            return new ArmResult(
                    arm.label,
                    s.rateAchieved(),
                    s.corrected().p(50),
                    s.corrected().p(99),
                    s.corrected().p(99.9),
                    s.scheduled(),
                    failed(s),
                    d.gcCount(),
                    d.gcMillis(),
                    server.jvm() ? (double) d.allocatedBytes() / responses : Double.NaN,
                    (double) d.cpuNanos() / responses,
                    (double) d.cpuNanos() / w.wallNanos(),
                    (double) w.loaderCpuNanos() / w.wallNanos(),
                    Double.NaN,
                    null,
                    null,
                    List.of(),
                    tlsFigures(s));
        } catch (BenchException | IllegalStateException e) {
            return ArmResult.failed(arm.label, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ArmResult.failed(arm.label, "interrupted");
        }
    }

    /** The open-model run at {@code settings.latencyAt()} of {@code maxRps}, one request in flight each. */
    ArmResult.LatencyAt latencyAt(Arm arm, BenchServer server, double maxRps) throws InterruptedException {
        String url = url(arm, server);
        double rate = Math.max(1, Math.floor(maxRps * settings.latencyAt()));
        LoadPlan plan = LoadPlan.open(
                        Stages.constant(rate, Duration.ofNanos(settings.durationNanos())),
                        Arrival.UNIFORM,
                        1,
                        settings.connections(),
                        1)
                .with(b -> {
                    b.pipeline = 1;
                    b.timeoutNanos = TIMEOUT_NANOS;
                    b.limits(Math.max(1_000, settings.connections() * 16), TIMEOUT_NANOS);
                    b.warmupNanos = LATENCY_WARMUP_NANOS;
                });
        plan = handshakes(arm, plan);
        log.println("zapline bench: " + arm.label + ": open model at " + (long) rate + " req/s ...");
        Engine engine = start(arm, url, plan);
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

    /** Opens the plan's connections to the arm's server at {@code url} and starts the run. */
    private Engine start(Arm arm, String url, LoadPlan plan) {
        return Engine.start(
                plan, client(arm, url, Math.max(1, plan.pipeline())), loops.group(), NanoClock.SYSTEM, CONNECT_MILLIS);
    }

    static String url(Arm arm, BenchServer server) {
        return arm.url(
                "127.0.0.1",
                server.httpPort(),
                server.zapPort(),
                server.httpsPort(),
                server.zapsPort(),
                server.rpcPort());
    }

    /** A handshake arm's plan closes each connection after one request, so every request opens one. */
    private static LoadPlan handshakes(Arm arm, LoadPlan plan) {
        return arm.handshakes() ? plan.with(b -> b.reconnectEvery = 1) : plan;
    }

    /** The handshakes of a TLS arm's run, or null for a plaintext one. */
    static ArmResult.TlsFigures tlsFigures(Summary s) {
        Summary.Tls t = s.tls();
        if (t == null) {
            return null;
        }
        List<String> groups = new ArrayList<>();
        t.counts().groups().forEach((g, n) -> groups.add(g + " " + n));
        return new ArmResult.TlsFigures(
                String.join(", ", groups),
                t.count(),
                t.counts().resumed(),
                t.handshake().p(50),
                t.handshake().p(99),
                t.counts().failed());
    }

    /** The server's counters over the measured phase, its wall time, and this process's (the loader's) CPU time. */
    private record Window(ServerStats server, long wallNanos, long loaderCpuNanos) {}

    private Window statsOverMeasuredPhase(Engine engine, BenchServer server, Arm arm) {
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

    private static Window await(CompletableFuture<Window> stats, Arm arm) throws InterruptedException {
        try {
            return stats.get(STATS_MILLIS * 3, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof BenchException b ? b : new BenchException(String.valueOf(e.getCause()));
        } catch (TimeoutException e) {
            throw new BenchException("server " + arm.label + " did not report its counters");
        }
    }

    /**
     * Requests that ended without success, less those dropped: in this closed-loop run a request is dropped only
     * when the run ends while its user still waits for a connection (a handshake arm's users reconnect after every
     * response), so it was never sent and says nothing about the server.
     */
    private static long failed(Summary s) {
        return s.scheduled() - success(s) - s.outcomes().getOrDefault(Outcome.DROPPED.key(), 0L);
    }

    private static long success(Summary s) {
        return s.outcomes().getOrDefault(Outcome.SUCCESS.key(), 0L);
    }

    /** The arm's client; an HTTP/2 arm's keeps {@code depth} streams open per connection, an RPC arm's calls. */
    private Client client(Arm arm, String url, int depth) {
        if (arm.rpc) {
            return RpcTarget.parse(url).client(loops, 1, arm.bodyBytes(), "zapline-bench", depth);
        }
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        if (arm.contentType() != null) {
            headers.add(Map.entry("Content-Type", arm.contentType()));
        }
        LoadTarget t = LoadTarget.parse(url);
        if (arm.h2) {
            LoadTarget.Request q = new LoadTarget.Request(arm.method(), t.target(), headers, arm.bodyBytes());
            return t.http2Client(loops, List.of(q), tls(arm), depth);
        }
        return t.client(loops, arm.method(), headers, arm.bodyBytes(), tls(arm));
    }

    /**
     * The loader's TLS for a TLS arm, null for a plaintext one: only the arm's group offered; no certificate check
     * (client-side work that is not what is measured, and would make the loader the bottleneck sooner in the
     * handshake arms); resumption off for a full-handshake arm, on (tickets) otherwise.
     */
    static ClientTls tls(Arm arm) {
        if (!arm.tls()) {
            return null;
        }
        return ClientTls.defaults()
                .withInsecure(true)
                .withGroups(List.of(arm.group))
                .withResumption(arm.handshake != Arm.Handshake.FULL);
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
