package dev.zapline.cli;

import dev.zapline.cli.serve.Delay;
import dev.zapline.cli.serve.DemoApp;
import dev.zapline.cli.serve.EthRpc;
import dev.zapline.server.App;
import dev.zapline.server.Http2Limits;
import dev.zapline.server.ListenAddress;
import dev.zapline.server.ServerConfig;
import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsGroups;
import dev.zapline.transport.TlsVersions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code zapline serve}: the demo server (health, eth RPC, echo, the shop) that the benchmarks and journeys drive. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the demo server: GET /health, POST /rpc (the eth record; application/zap or JSON),",
            "POST /echo, and a shop for journeys (POST /login, GET /accounts/:id, POST /orders; docs/serve.md),",
            "over HTTP/1.1 and ZAP, each also over TLS (--https, --zaps: TLS 1.3, key exchange",
            "X25519MLKEM768 then X25519 by default); the eth call also as native ZAP RPC method 1 (--rpc,",
            "docs/rpc.md). Prints the addresses it listens on (and the TLS engine);",
            "on SIGINT/SIGTERM it drains in-flight requests (--grace), prints the TLS counts, 'stopped' and",
            "exits 0."
        })
final class ServeCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--http",
            paramLabel = "HOST:PORT",
            description = "Serve HTTP/1.1 here, and HTTP/2 to clients with prior knowledge (h2c) on the same port"
                    + " (repeatable).")
    List<String> http = new ArrayList<>();

    @Option(
            names = "--zap",
            paramLabel = "HOST:PORT|PATH",
            description = "Serve ZAP frames here: host:port, or a unix socket path (repeatable).")
    List<String> zap = new ArrayList<>();

    @Option(
            names = "--rpc",
            paramLabel = "HOST:PORT",
            description = "Serve native ZAP RPC here (the @zap-proto/zap client's protocol): method 1 is the eth"
                    + " call, payload and body the eth record's ZAP bytes (repeatable).")
    List<String> rpc = new ArrayList<>();

    @Option(
            names = "--https",
            paramLabel = "HOST:PORT",
            description = "Serve HTTP/1.1 and HTTP/2 (ALPN h2) over TLS here (repeatable); needs --cert and --key,"
                    + " or --self-signed.")
    List<String> https = new ArrayList<>();

    @Option(
            names = "--zaps",
            paramLabel = "HOST:PORT",
            description = "Serve ZAP frames over TLS here (repeatable; ALPN 'zap'); needs a certificate as --https.")
    List<String> zaps = new ArrayList<>();

    @Option(names = "--cert", paramLabel = "FILE", description = "Certificate chain for TLS (PEM, leaf first).")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE", description = "Private key for TLS (PEM: PKCS#8, PKCS#1 or SEC1).")
    Path key;

    @Option(
            names = "--self-signed",
            description = "Make a throwaway self-signed certificate for local use (not for production).")
    boolean selfSigned;

    @Option(
            names = "--tls-groups",
            paramLabel = "LIST",
            description = "Key-exchange groups in preference order, colon- or comma-separated"
                    + " (default ${DEFAULT-VALUE}; known: X25519MLKEM768, X25519, P-256, P-384, P-521).")
    String tlsGroups = String.join(":", TlsGroups.DEFAULT);

    @Option(
            names = "--tls-versions",
            paramLabel = "LIST",
            description = "TLS versions, e.g. TLSv1.3,TLSv1.2 (default ${DEFAULT-VALUE}).")
    String tlsVersions = String.join(",", TlsVersions.DEFAULT);

    @Option(
            names = "--json",
            paramLabel = "CODEC",
            description = "JSON codec for /rpc: jackson, dsljson or fastjson2 (default ${DEFAULT-VALUE}).")
    String json = "jackson";

    @Option(names = "--event-loops", paramLabel = "N", description = "Event loop threads (default: cores).")
    Integer eventLoops;

    @Option(
            names = "--h2-max-streams",
            paramLabel = "N",
            description = "HTTP/2 streams a connection may have open at once (default ${DEFAULT-VALUE}).")
    int h2MaxStreams = Http2Limits.DEFAULT.maxConcurrentStreams();

    @Option(names = "--reuse-port", description = "Bind with SO_REUSEPORT (epoll).")
    boolean reusePort;

    @Option(names = "--nio", description = "Use the NIO transport even where epoll is available.")
    boolean nio;

    @Option(
            names = "--metrics",
            paramLabel = "HOST:PORT",
            description = "Serve Prometheus metrics (text format 0.0.4) at http://HOST:PORT/metrics: requests by route,"
                    + " method, status class and transport, a latency histogram per route, connections, bytes,"
                    + " errors by kind, TLS handshakes, JVM GC, memory, threads and CPU (docs/server.md, Metrics).")
    String metrics;

    @Option(
            names = "--delay",
            paramLabel = "DURATION[@PERCENT]",
            description = "Answer that share of the requests (default 100%%) that much late, deterministically and"
                    + " evenly spread (2ms@50%%: every second request 2 ms late), without blocking the event loop:"
                    + " a server slowed by a known amount, to check zapline diff (docs/serve.md).")
    String delay;

    @Option(
            names = "--grace",
            paramLabel = "SECONDS",
            description = "Drain time on shutdown (default ${DEFAULT-VALUE}).")
    int grace = 5;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (http.isEmpty() && zap.isEmpty() && https.isEmpty() && zaps.isEmpty() && rpc.isEmpty()) {
            http.add("127.0.0.1:8080");
        }
        ServerTls tls = tls();
        ServerConfig config = ServerConfig.defaults()
                .withReusePort(reusePort)
                .withNativeTransport(!nio)
                .withHttp2(Http2Limits.DEFAULT.withMaxConcurrentStreams(h2MaxStreams));
        if (eventLoops != null) {
            config = config.withEventLoops(eventLoops);
        }
        App app = DemoApp.create(config, json);
        if (delay != null) {
            app.use(Delay.parse(delay));
        }
        for (String h : http) {
            app.listen(h.startsWith("http://") ? h : "http://" + h);
        }
        for (String z : zap) {
            app.listen(z);
        }
        for (String r : rpc) {
            app.rpc(r, EthRpc.rpcService());
        }
        for (String h : https) {
            app.listen(h.startsWith("https://") ? h : "https://" + h);
        }
        for (String z : zaps) {
            app.listen(z.startsWith("zaps://") ? z : "zaps://" + z);
        }
        if (tls != null) {
            app.tls(tls);
            out.println("tls: " + tls.provider().describe() + "; groups " + String.join(":", tls.groups()) + ", "
                    + String.join(",", tls.protocols()));
            if (tls.isSelfSigned()) {
                out.println("tls: --self-signed: a throwaway certificate made now for " + selfSignedHosts()
                        + ", not for production");
            }
        }
        if (metrics != null) {
            app.metrics(metrics);
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
        for (java.net.InetSocketAddress r : app.rpcAddresses()) {
            out.println("listening on rpc " + hostPort(r) + " (" + app.transportName() + ", eth call = method 1)");
        }
        if (metrics != null) {
            java.net.InetSocketAddress m = app.metricsAddress();
            out.println("metrics on http://" + hostPort(m) + "/metrics");
        }
        out.flush();
        signals.await();
        app.stop(Duration.ofSeconds(grace));
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already shutting down; the hook finds the app stopped
        }
        if (tls != null) {
            out.println(app.tlsStats().summary());
        }
        out.println("stopped");
        out.flush();
        return 0;
    }

    /**
     * The TLS settings when there is a TLS listener, else null (and no TLS option may be given).
     *
     * @throws IllegalArgumentException for a missing or doubled certificate source, or a bad group or version
     */
    private ServerTls tls() {
        boolean listeners = !https.isEmpty() || !zaps.isEmpty();
        boolean pem = cert != null || key != null;
        if (!listeners) {
            if (pem || selfSigned) {
                throw new IllegalArgumentException("--cert, --key and --self-signed need an --https or --zaps address");
            }
            return null;
        }
        if (pem && selfSigned) {
            throw new IllegalArgumentException("give either --cert and --key, or --self-signed, not both");
        }
        if (!selfSigned && (cert == null || key == null)) {
            throw new IllegalArgumentException(
                    "--https and --zaps need a certificate: --cert FILE and --key FILE (PEM), or --self-signed");
        }
        ServerTls tls =
                selfSigned ? ServerTls.selfSigned(selfSignedHosts().toArray(new String[0])) : ServerTls.pem(cert, key);
        return tls.withGroups(TlsGroups.parse(tlsGroups)).withProtocols(TlsVersions.parse(tlsVersions));
    }

    /** {@code host:port} of a bound address, IPv6 in brackets. */
    static String hostPort(java.net.InetSocketAddress a) {
        String h = a.getAddress().getHostAddress();
        return (h.indexOf(':') >= 0 ? "[" + h + "]" : h) + ":" + a.getPort();
    }

    /** localhost and the loopback addresses, and the hosts of the TLS addresses that name one. */
    private List<String> selfSignedHosts() {
        java.util.LinkedHashSet<String> hosts = new java.util.LinkedHashSet<>(List.of("localhost", "127.0.0.1", "::1"));
        List<String> all = new ArrayList<>(https);
        all.addAll(zaps);
        for (String a : all) {
            String h = a.replaceFirst("^[a-z]+://", "");
            int colon = h.lastIndexOf(':');
            h = colon > 0 ? h.substring(0, colon) : h;
            h = h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
            if (!h.isEmpty() && !h.equals("0.0.0.0") && !h.equals("::")) {
                hosts.add(h);
            }
        }
        return List.copyOf(hosts);
    }
}
