package dev.zapline.cli;

import dev.zapline.cli.load.AbortDelay;
import dev.zapline.cli.load.CommandText;
import dev.zapline.cli.load.Durations;
import dev.zapline.cli.load.JourneyFlags;
import dev.zapline.cli.load.NettyDefaults;
import dev.zapline.cli.load.PathNotes;
import dev.zapline.cli.load.RequestFlags;
import dev.zapline.cli.load.SegmentFlags;
import dev.zapline.cli.load.StartAt;
import dev.zapline.cli.load.TlsFlags;
import dev.zapline.cli.load.TuiFlags;
import dev.zapline.client.ZapLoops;
import dev.zapline.load.engine.Client;
import dev.zapline.load.engine.Engine;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.engine.NanoClock;
import dev.zapline.load.engine.Segment;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.load.journey.Layouts;
import dev.zapline.load.report.LiveMetrics;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.RunTag;
import dev.zapline.load.threshold.Gate;
import dev.zapline.load.threshold.Thresholds;
import dev.zapline.transport.metrics.MetricsEndpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zapline load URL}: open, closed or max-throughput load over HTTP/1.1, HTTP/2 or ZAP, plaintext or TLS. */
@Command(
        name = "load",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Generate load and measure latency from the intended send time (no coordinated omission).",
            "Open model: --rate, --stages or --profile. Closed: --concurrency. Neither: max throughput.",
            "HTTP/2: --http2 (h2c with prior knowledge on http://, h2 by ALPN on https://) or an h2c:// URL; "
                    + "-m streams per connection. No server push, priorities or h2c upgrade.",
            "Several requests round robin: --targets FILE instead of URL. The file holds blocks separated by blank "
                    + "lines: a 'METHOD URL' line, 'Name: value' header lines, optionally one '@bodyfile' line "
                    + "(relative to the file's directory); '#' starts a comment line. All URLs share scheme, host and "
                    + "port.",
            "Native ZAP RPC: zaprpc://host:port/METHOD (an ordinal, or Interface.method with --schema), the params "
                    + "from --payload; --pipeline calls in flight per connection, answered in any order."
        })
public final class LoadCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "URL",
            arity = "0..1",
            description =
                    "http://host:port/path, https://host[:port]/path, zap://host:port/path, zaps://host:port/path, "
                            + "h2c://host:port/path, zap:///path/to.sock?path=/target, zaprpc://host:port/METHOD "
                            + "(or --targets); or FILE.http[:WEIGHT]: a journey (docs/journeys.md)")
    String url;

    @Parameters(index = "1..*", paramLabel = "FILE.http[:WEIGHT]", description = "More journeys, by weight.")
    List<String> moreJourneys = new ArrayList<>();

    @Option(
            names = "--targets",
            paramLabel = "FILE",
            description = "Several requests, sent round robin (format " + "above); -H headers are added to each.")
    Path targets;

    @Option(names = "--rate", paramLabel = "R", description = "Open model: R requests/s for --duration.")
    Double rate;

    @Option(
            names = "--stages",
            paramLabel = "SPEC",
            description = "Open model: ramps and holds, e.g. " + "10s:0->20000,30s:20000,5s:20000->0.")
    String stages;

    @Option(
            names = "--arrival",
            paramLabel = "uniform|poisson",
            description = "Open model arrivals (default " + "${DEFAULT-VALUE}).")
    String arrival = "uniform";

    @Option(
            names = "--seed",
            description =
                    "Seed of Poisson arrivals and of journeys' random values and rows (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--concurrency", paramLabel = "N", description = "Closed model: N users back to back.")
    Integer concurrency;

    @Option(
            names = "--think",
            paramLabel = "DURATION",
            description = "Closed model: pause between a user's " + "requests.")
    String think = "0s";

    @Option(
            names = "--pipeline",
            paramLabel = "D",
            description = "Requests in flight per connection (default: 1 "
                    + "open, users/connections closed, 1 max throughput).")
    int pipeline;

    @Option(
            names = "--http2",
            description = "Speak HTTP/2: h2c with prior knowledge on http:// (as h2c:// does), h2 by ALPN on https:// "
                    + "(offering h2,http/1.1; HTTP/1.1 if the server picks it).")
    boolean http2;

    @Option(
            names = {"-m", "--streams"},
            paramLabel = "N",
            description = "HTTP/2: concurrent streams per connection, at most the server's "
                    + "SETTINGS_MAX_CONCURRENT_STREAMS (default: 1 open and max throughput, users/connections "
                    + "closed; as h2load -m).")
    Integer streams;

    @Option(
            names = {"-c", "--connections"},
            description = "Connections (default 10; --concurrency N: N).")
    Integer connections;

    @Option(names = "--threads", description = "Event loops (default: cores, at most the connections).")
    Integer threads;

    @Option(
            names = {"-d", "--duration"},
            description = "Measured phase (default ${DEFAULT-VALUE}; not with --stages; --profile: its length).")
    String duration = "10s";

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            description = "Run first (after the connections are open), excluded from the results: the JVM compiles"
                    + " its hot paths meanwhile (default ${DEFAULT-VALUE}; 0s measures from the first request).")
    String warmup = DEFAULT_WARMUP;

    /** The warm-up when none is asked for: enough for the JIT to compile the request path at a few k req/s. */
    static final String DEFAULT_WARMUP = "1s";

    @Option(names = "--timeout", paramLabel = "DURATION", description = "Per request (default ${DEFAULT-VALUE}).")
    String timeout = "10s";

    @Option(
            names = "--max-inflight",
            paramLabel = "N",
            description = "Open model: in flight plus waiting for a "
                    + "connection; beyond, requests are dropped and counted (default ${DEFAULT-VALUE}).")
    int maxInflight = 10_000;

    @Option(
            names = "--adaptive",
            description = "Open model: every 100 ms each loop sets its in-flight ceiling to "
                    + "max(2 x achieved rate x mean service time, requests due in the window), at least 2 x its "
                    + "connection slots, at most --max-inflight; due requests beyond it are dropped and counted "
                    + "(Little's law; see docs/load.md).")
    boolean adaptive;

    @Option(
            names = "--max-wait",
            paramLabel = "DURATION",
            description =
                    "Longest a request waits for a free " + "connection before it is dropped (default: --timeout).")
    String maxWait;

    @Option(
            names = "--expect-status",
            paramLabel = "SET",
            description = "Statuses counted as success, e.g. 2xx,304 " + "(default ${DEFAULT-VALUE}).")
    String expectStatus = "2xx";

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Summary and timeline as JSON (rewritten each " + "second).")
    Path json;

    @Option(names = "--hdr-log", paramLabel = "FILE", description = "HdrHistogram interval log.")
    Path hdrLog;

    @Option(
            names = "--metrics",
            paramLabel = "HOST:PORT",
            description = "Serve the live run as Prometheus metrics (text format 0.0.4) at http://HOST:PORT/metrics"
                    + " while it runs: requests, responses, outcomes, in-flight, connections, target and achieved"
                    + " rate, corrected and service percentiles of the last second and the measured phase, updated"
                    + " once a second (docs/load.md, Live metrics).")
    String metrics;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "The run as one self-contained HTML report (written at the end, also on Ctrl-C); "
                    + "zapline report draws --json files the same way.")
    Path html;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--quiet", description = "No live line.")
    boolean quiet;

    @Option(
            names = "--threshold",
            paramLabel = "EXPR",
            description = "Pass/fail condition on the measured phase (repeatable), e.g. 'p99<5ms', "
                    + "'service.p99.9<=20ms', 'error_rate<0.1%%', 'rate>=99%%', 'status_5xx==0' (docs/load.md, "
                    + "Thresholds). Any failed: exit status 99.")
    List<String> thresholds = new ArrayList<>();

    @Option(
            names = "--abort-on-fail",
            paramLabel = "DELAY",
            arity = "0..1",
            parameterConsumer = AbortDelay.class,
            description = "Stop the run as soon as a threshold can no longer pass, judged once a second on the "
                    + "measured data so far, from DELAY into the measured phase on (default 0s): exit status 99.")
    String abortOnFail;

    @Option(
            names = "--reconnect-every",
            paramLabel = "N",
            description = "Close each connection once it has sent N requests and they have ended, and open a new one "
                    + "(1: a new connection, so a TLS handshake, per request); 0 keeps connections alive (default).")
    int reconnectEvery;

    @Mixin
    SegmentFlags split = new SegmentFlags();

    @Mixin
    JourneyFlags journeys = new JourneyFlags();

    @Mixin
    TlsFlags tls = new TlsFlags();

    @Mixin
    RequestFlags request = new RequestFlags();

    @Mixin
    dev.zapline.cli.load.SampleFlags samples = new dev.zapline.cli.load.SampleFlags();

    @Mixin
    dev.zapline.cli.load.ProfileFlags profile = new dev.zapline.cli.load.ProfileFlags();

    @Mixin
    TuiFlags tui = new TuiFlags();

    @Mixin
    dev.zapline.cli.load.ControlFlags control = new dev.zapline.cli.load.ControlFlags();

    @Mixin
    dev.zapline.cli.load.SlackFlags slack = new dev.zapline.cli.load.SlackFlags();

    @Mixin
    dev.zapline.cli.load.PrimeFlags prime = new dev.zapline.cli.load.PrimeFlags();

    @Mixin
    dev.zapline.cli.load.IoFlags io = new dev.zapline.cli.load.IoFlags();

    /** How long the connections may take to open before the run gives up. */
    private static final long CONNECT_WAIT_MILLIS = 10_000;

    /** Maps the options to the plan; {@link #client} reads the HTTP version and depth it settled on. */
    private final LoadPlanning planning = new LoadPlanning(this);

    /**
     * The journeys the arguments name, read once before anything connects; null when the command has a URL.
     *
     * @throws dev.zapline.load.journey.JourneyException for a file that cannot be run ({@code file:line:column})
     */
    JourneyPlan journeyPlan() {
        return journeys.plan(url, moreJourneys, targets, expectStatus, seed);
    }

    @Override
    public Integer call() throws Exception {
        // all refused before anything starts, like any bad input (exit status 2)
        JourneyPlan journeyPlan = journeyPlan();
        Thresholds checks = Thresholds.parse(thresholds);
        double abortAfter = abortAfterSeconds(checks);
        StartAt start = split.startAt(java.time.Instant.now());
        LoadPlan plan = tui.steerable(start == null ? plan() : start.fit(plan()));
        checks.checkModel(plan.isOpen());
        checks.checkSteps(
                journeyPlan == null ? List.of() : Layouts.of(journeyPlan).steps());
        Gate gate = checks.isEmpty() ? null : new Gate(checks, abortAfter);
        if (Main.ownsProcess()) {
            // before the first Netty class: they read these once (see NettyDefaults)
            NettyDefaults.applyTo(System.getProperties(), plan.threads());
        }
        dev.zapline.client.IoTransport transport = io.transport();
        LiveMetrics live = metrics == null ? null : new LiveMetrics();
        try (var dash = tui.open(quiet);
                ZapLoops loops = ZapLoops.create(plan.threads(), transport);
                MetricsEndpoint endpoint = live == null ? null : MetricsEndpoint.start(metrics, live::write)) {
            if (endpoint != null && !quiet) {
                System.err.println(
                        "zapline load: metrics on http://" + ServeCommand.hostPort(endpoint.address()) + "/metrics");
            }
            Client client = samples.attach(client(loops));
            long anchor = start == null ? Engine.NO_ANCHOR : start.nanos(NanoClock.SYSTEM);
            if (start != null && !quiet && start.warmupCut() != null) {
                System.err.println(start.warmupCut());
            }
            prime.run(plan, client, loops, quiet, Main.ownsProcess());
            PathNotes path = PathNotes.before(PathNotes.target(url, targets, journeyPlan), plan.connections());
            Engine engine =
                    Engine.start(plan, client, loops.group(), NanoClock.SYSTEM, CONNECT_WAIT_MILLIS, segment(), anchor);
            if (Main.ownsProcess() && plan.isOpen()) {
                loops.favourLoops();
            }
            long late = NanoClock.SYSTEM.nanos() - engine.startNanos();
            if (!quiet) {
                LoadAnnounce.print(this, plan, loops.name(), start, late);
            }
            String command = commandLine();
            String name = targets != null
                    ? "targets " + targets
                    : journeyPlan != null ? "journeys " + String.join(" ", JourneyFlags.files(url, moreJourneys)) : url;
            Reporter reporter = new Reporter(
                            engine,
                            new ReportOptions(
                                    name, json, hdrLog, tui.liveLine(quiet), System.console() != null, command))
                    .metrics(live)
                    .sink(dash == null ? null : dash.follow(engine, name))
                    .watch(samples.watch(gate))
                    .tag(tag(start, late))
                    .transport(loops.name())
                    .loaderNotes(() -> path.after(engine.connections()));
            int status = LoadFinish.run(engine, reporter, gate, html, command, control.starter(endpoint));
            if (engine.dataRowsRanOut()) {
                System.err.println(journeys.rowsOutLine());
            }
            return status;
        }
    }

    /** {@code --abort-on-fail[=DELAY]} in seconds, or {@link Gate#NO_ABORT} without it. */
    private double abortAfterSeconds(Thresholds checks) {
        if (abortOnFail == null) {
            return Gate.NO_ABORT;
        }
        if (checks.isEmpty()) {
            throw new IllegalArgumentException("--abort-on-fail needs at least one --threshold");
        }
        return Durations.nanos(abortOnFail) / 1e9;
    }

    /** The command line as typed, for the JSON and the report ({@link CommandText#of}). */
    String commandLine() {
        return CommandText.of(spec.commandLine().getParseResult().originalArgs());
    }

    /** The run's tag: {@code --run-id} (or a hash of the command line and {@code start}), segment, lateness. */
    RunTag tag(StartAt start, long late) {
        String id = split.runId(spec.commandLine().getParseResult().originalArgs(), start);
        return new RunTag(id, segment().index(), segment().count(), start == null ? null : start.instant(), late);
    }

    private Client client(ZapLoops loops) throws java.io.IOException {
        if (journeyPlan() != null) {
            return request.journeyClient(loops, journeyPlan(), tls, Durations.nanos(timeout));
        }
        return request.client(
                loops, url, targets, planning.speaksHttp2(), planning.depth(), tls, Durations.nanos(timeout));
    }

    /** The plan the options ask for ({@link LoadPlanning}). */
    LoadPlan plan() {
        return planning.plan();
    }

    /** {@code --segment}, or the whole run. */
    Segment segment() {
        return split.segment();
    }
}
