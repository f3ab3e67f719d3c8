package dev.zapline.cli.bench;

import dev.zapline.cli.serve.DemoApp;
import dev.zapline.cli.serve.EthRpc;
import dev.zapline.fixtures.baseline.RawNettyServer;
import dev.zapline.server.App;
import dev.zapline.server.ListenAddress;
import dev.zapline.server.ServerConfig;
import dev.zapline.server.Transport;
import dev.zapline.transport.ServerTls;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The server side of {@code zapline bench}, run in its own JVM: {@code raw} (the raw Netty baseline) or
 * {@code zapline CODEC [CERT KEY]} (the demo app with that JSON codec, an HTTP, a ZAP and a native RPC listener
 * (the eth call as method 1), and with a certificate chain and key in PEM files also an HTTPS and a ZAPS one, default
 * TLS settings), one event loop, ephemeral loopback ports. It prints {@code ready HTTP ZAP HTTPS ZAPS RPC} (the
 * ports, 0 for none), then answers each
 * {@code stats} line on its standard input with a {@link ServerStats} line. It exits on {@code quit} or when its
 * standard input closes, so a harness that dies takes its servers with it.
 */
public final class ServerChild {

    private ServerChild() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
        AutoCloseable server;
        String ready;
        if (args.length == 1 && args[0].equals("raw")) {
            RawNettyServer raw = RawNettyServer.start("127.0.0.1", 0, 1);
            server = raw;
            ready = "ready " + raw.port() + " 0 0 0 0";
        } else if ((args.length == 2 || args.length == 4) && args[0].equals("zapline")) {
            boolean tls = args.length == 4;
            App app = DemoApp.create(ServerConfig.defaults().withEventLoops(1), args[1])
                    .listen("http://127.0.0.1:0", "127.0.0.1:0")
                    .rpc("127.0.0.1:0", EthRpc.rpcService());
            if (tls) {
                app.tls(ServerTls.pem(Path.of(args[2]), Path.of(args[3])))
                        .listen("https://127.0.0.1:0", "zaps://127.0.0.1:0");
            }
            app.start();
            server = () -> app.stop(Duration.ofSeconds(1));
            ready = "ready " + port(app, Transport.HTTP, false) + " " + port(app, Transport.ZAP, false) + " "
                    + (tls ? port(app, Transport.HTTP, true) + " " + port(app, Transport.ZAP, true) : "0 0") + " "
                    + app.rpcAddresses().get(0).getPort();
        } else {
            System.err.println(
                    "usage: ServerChild raw | ServerChild zapline jackson|dsljson|fastjson2 [CERT.pem KEY.pem]");
            System.exit(2);
            return;
        }
        // The app's event loops are not daemons: whatever ends this loop, the server is stopped, so the JVM ends.
        try (server) {
            out.println(ready);
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
            for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
                out.println(line.equals("stats") ? ServerStats.now().line() : "error unknown command '" + line + "'");
                out.flush();
            }
        }
        System.exit(0);
    }

    private static int port(App app, Transport t, boolean tls) {
        for (ListenAddress a : app.addresses()) {
            if (a.transport() == t && a.tls() == tls) {
                return a.port();
            }
        }
        throw new IllegalStateException("no " + t + (tls ? " TLS" : "") + " listener");
    }
}
