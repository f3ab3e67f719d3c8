package dev.zapline.cli;

import dev.zapline.cli.bench.BenchReport;
import dev.zapline.cli.bench.BenchResult;
import dev.zapline.cli.bench.BenchRunner;
import dev.zapline.cli.bench.BenchSettings;
import dev.zapline.cli.load.Durations;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code zapline bench}: the framework-tax, ZAP-vs-HTTP and typed-vs-JSON comparison in one command. */
@Command(
        name = "bench",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Start the demo server (and the raw Netty baseline) in child JVMs, drive each arm with the "
                    + "load generator, and print one table: req/s, corrected latency, errors, and the server's own GC "
                    + "count, allocation and CPU time per request, with the ratios that matter.",
            "Arms (--arms default): raw-netty, nginx (1 worker, when installed), http-health, zap-health, "
                    + "http-rpc-jackson, http-rpc-dsljson, http-rpc-fastjson2, http-rpc-zap, zap-rpc-zap, rpc-native "
                    + "(the eth call over native ZAP RPC), h2c-health, h2c-rpc-zap, nghttpd (when installed).",
            "The TLS set (--arms tls, with http-health and zap-health to compare): https-health-x25519, "
                    + "https-health-mlkem, zaps-health-x25519, zaps-health-mlkem (keep-alive, the loader offering only "
                    + "that group: X25519 or X25519MLKEM768), nginx-https (X25519), and a new connection per request: "
                    + "handshake-x25519, handshake-mlkem (full handshakes), resumed-x25519, resumed-mlkem (session "
                    + "tickets), nginx-handshake-x25519. The zapline TLS arms share one server, the nginx ones one "
                    + "nginx, on one throwaway self-signed EC P-256 certificate; handshake arms run in the plain set "
                    + "only. --arms all runs both sets.",
            "Sets: every arm runs once per pipeline depth (--pipeline): the plain set (1 in flight per connection, "
                    + "what most users' traffic looks like) and the pipelined set (16, the TechEmpower plaintext "
                    + "method: syscalls amortised, the server's own cost shows). Targets are judged on the pipelined "
                    + "set, except for ratios of an arm whose loader, not server, was saturated (loader-bound).",
            "Exit status 0 when every arm was measured, 1 when one failed (its row says why)."
        })
final class BenchCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--arms",
            paramLabel = "LIST",
            description = "Comma-separated arms and sets: default (the plaintext comparison), tls, all "
                    + "(default ${DEFAULT-VALUE}).")
    String arms = "default";

    @Option(
            names = "--rounds",
            description = "Interleaved rounds: every arm runs once per round, one arm later "
                    + "each round, against its server kept running; each row is the median round and each ratio "
                    + "the median of the round-by-round ratios (default ${DEFAULT-VALUE}).")
    int rounds = 5;

    @Option(
            names = {"-d", "--duration"},
            description = "Measured phase per arm and round (default " + "${DEFAULT-VALUE}).")
    String duration = "1s";

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            description = "Warm-up of each arm's server before the rounds, split evenly over the sets, not "
                    + "measured; each measured run first re-opens its connections for at most 0.3 s (default "
                    + "${DEFAULT-VALUE}).")
    String warmup = "3s";

    @Option(
            names = {"-c", "--connections"},
            description = "Connections, in every set (default ${DEFAULT-VALUE}).")
    int connections = 64;

    @Option(
            names = {"--pipeline", "--sets"},
            paramLabel = "LIST",
            description = "The sets to run, as pipeline depths or names: 1 or plain, 16 or pipelined, e.g. "
                    + "--pipeline 16 or --sets plain (default ${DEFAULT-VALUE}).")
    String pipeline = "1,16";

    @Option(
            names = "--latency-at",
            paramLabel = "FRACTION",
            description = "Also run each arm open-model at this fraction of its measured req/s (1 s settling, "
                    + "then --duration) and report the latency there, e.g. 0.7.")
    double latencyAt;

    @Option(
            names = "--cross-check",
            description =
                    "Also run wrk (when installed) on the HTTP arms and print how " + "far our req/s is from wrk's.")
    boolean crossCheck;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Write bench.md (the tables), bench.json (the figures) and bench.html (the same as charts) "
                    + "here; the folder is made when missing and those three files are replaced.")
    Path out;

    @Option(
            names = "--compare",
            paramLabel = "FILE",
            description = "Print the change against an earlier " + "bench.json.")
    Path compare;

    @Option(names = "--no-pin", description = "Do not pin server and loader to different cores.")
    boolean noPin;

    @Override
    public Integer call() throws Exception {
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        if (!original.isEmpty() && original.get(0).equals("bench")) {
            original = original.subList(1, original.size());
        }
        String command = String.join(
                " ",
                java.util.stream.Stream.concat(java.util.stream.Stream.of("zapline", "bench"), original.stream())
                        .toList());
        BenchSettings settings = new BenchSettings(
                BenchRunner.armNames(arms),
                rounds,
                Durations.nanos(warmup),
                Durations.nanos(duration),
                connections,
                latencyAt,
                crossCheck,
                !noPin,
                command,
                BenchSettings.parsePipelines(pipeline));
        PrintWriter stdout = spec.commandLine().getOut();
        Progress progress = new Progress("zapline bench", System.err, System.console() != null, System::nanoTime);
        PrintStream log = progress.log();
        BenchRunner runner = BenchRunner.create(settings, log, null).progress(progress);
        java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
        Thread interrupted = new Thread(
                () -> {
                    if (finished.compareAndSet(false, true)) {
                        progress.done();
                        // Ctrl-C: what was measured still gets printed (and saved), marked as partial
                        BenchResult partial = runner.partial();
                        stdout.print("(interrupted: the arms measured so far)\n\n" + BenchReport.markdown(partial));
                        stdout.flush();
                        save(partial, log);
                    }
                },
                "zapline-bench-interrupted");
        Runtime.getRuntime().addShutdownHook(interrupted);
        BenchResult result = runner.runAll();
        if (!finished.compareAndSet(false, true)) {
            return 130;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(interrupted);
        } catch (IllegalStateException shuttingDown) {
            // the hook has started and found the run finished
        }
        stdout.print(BenchReport.markdown(result));
        if (compare != null) {
            stdout.print(BenchReport.compare(result, compare));
        }
        stdout.flush();
        save(result, log);
        return result.complete() ? 0 : 1;
    }

    private void save(BenchResult result, PrintStream log) {
        if (out == null) {
            return;
        }
        try {
            BenchReport.write(out, result);
            log.println("zapline bench: wrote " + out.resolve("bench.md") + ", " + out.resolve("bench.json") + " and "
                    + out.resolve("bench.html"));
        } catch (java.io.IOException e) {
            log.println("zapline bench: could not write " + out + ": " + e.getMessage());
        }
    }
}
