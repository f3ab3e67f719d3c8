package dev.zapline.cli;

import dev.zapline.cli.serve.DemoApp;
import dev.zapline.server.App;
import dev.zapline.server.ListenAddress;
import dev.zapline.server.ServerConfig;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code zapline serve}: the demo server (health, eth RPC, echo) that the benchmarks drive. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the demo server: GET /health, POST /rpc (the eth record; application/zap or JSON),",
            "POST /echo, over HTTP/1.1 and ZAP. Prints the addresses it listens on; on SIGINT/SIGTERM it drains",
            "in-flight requests (--grace), prints 'stopped' and exits 0."
        })
final class ServeCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--http", paramLabel = "HOST:PORT", description = "Serve HTTP/1.1 here (repeatable).")
    List<String> http = new ArrayList<>();

    @Option(
            names = "--zap",
            paramLabel = "HOST:PORT|PATH",
            description = "Serve ZAP frames here: host:port, or a unix socket path (repeatable).")
    List<String> zap = new ArrayList<>();

    @Option(
            names = "--json",
            paramLabel = "CODEC",
            description = "JSON codec for /rpc: jackson, dsljson or fastjson2 (default ${DEFAULT-VALUE}).")
    String json = "jackson";

    @Option(names = "--event-loops", paramLabel = "N", description = "Event loop threads (default: cores).")
    Integer eventLoops;

    @Option(names = "--reuse-port", description = "Bind with SO_REUSEPORT (epoll).")
    boolean reusePort;

    @Option(names = "--nio", description = "Use the NIO transport even where epoll is available.")
    boolean nio;

    @Option(
            names = "--grace",
            paramLabel = "SECONDS",
            description = "Drain time on shutdown (default ${DEFAULT-VALUE}).")
    int grace = 5;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (http.isEmpty() && zap.isEmpty()) {
            http.add("127.0.0.1:8080");
        }
        ServerConfig config = ServerConfig.defaults().withReusePort(reusePort).withNativeTransport(!nio);
        if (eventLoops != null) {
            config = config.withEventLoops(eventLoops);
        }
        App app = DemoApp.create(config, json);
        for (String h : http) {
            app.listen(h.startsWith("http://") ? h : "http://" + h);
        }
        for (String z : zap) {
            app.listen(z);
        }
        app.start();
        StopSignals signals = StopSignals.install();
        // Other ends (SIGHUP, System.exit elsewhere) still stop the server cleanly; stopping twice is a no-op.
        Thread hook = new Thread(() -> app.stop(Duration.ofSeconds(grace)), "zapline-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        for (ListenAddress a : app.addresses()) {
            out.println(
                    "listening on " + a + " (" + app.transportName() + ", " + config.eventLoops() + " event loops)");
        }
        out.flush();
        signals.await();
        app.stop(Duration.ofSeconds(grace));
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already shutting down; the hook finds the app stopped
        }
        out.println("stopped");
        out.flush();
        return 0;
    }
}
