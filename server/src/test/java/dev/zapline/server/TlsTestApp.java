package dev.zapline.server;

import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The app the TLS suites run against, on 127.0.0.1 with one event loop and ephemeral ports for https://, zaps://
 * and plaintext http:// at once. Routes: {@code GET /health} "ok"; {@code GET /tls} what {@link Ctx#tls()} says
 * ({@link #describe}); {@code GET /tls/id} the identity of that object; {@code POST /echo} the body; anything
 * else the {@link ZapEchoApp#echo} text.
 */
final class TlsTestApp implements AutoCloseable {

    final App app;
    final ServerTls tls;
    final int https;
    final int zaps;
    final int http;
    /** The self-signed certificate as a PEM file: the CA file of the clients. */
    final Path ca;

    private TlsTestApp(App app, ServerTls tls, Path ca) {
        this.app = app;
        this.tls = tls;
        this.ca = ca;
        this.https = app.addresses().get(0).port();
        this.zaps = app.addresses().get(1).port();
        this.http = app.addresses().get(2).port();
    }

    /** A self-signed certificate for localhost and 127.0.0.1, with {@code tls}'s other settings. */
    static TlsTestApp start(ServerTls tls, Path dir) {
        App app = App.create(ServerConfig.defaults().withEventLoops(1).withIdleTimeout(Duration.ofSeconds(30)));
        app.get("/health", ctx -> ctx.send("ok"));
        app.get("/tls", ctx -> ctx.send(describe(ctx.tls())));
        app.get("/tls/id", ctx -> ctx.send(Integer.toString(System.identityHashCode(ctx.tls()))));
        app.post("/echo", ctx -> ctx.send(ctx.body().retain()));
        app.all("/*rest", ctx -> ctx.send(ZapEchoApp.echo(ctx)));
        app.tls(tls)
                .listen("https://127.0.0.1:0", "zaps://127.0.0.1:0", "http://127.0.0.1:0")
                .start();
        try {
            Path ca = Files.writeString(Files.createTempFile(dir, "ca", ".pem"), tls.certificatePem());
            return new TlsTestApp(app, tls, ca);
        } catch (IOException e) {
            app.close();
            throw new UncheckedIOException(e);
        }
    }

    static ServerTls selfSigned() {
        return ServerTls.selfSigned("localhost", "127.0.0.1");
    }

    /** {@code protocol cipher group alpn resumed}, or {@code plaintext}. */
    static String describe(TlsInfo i) {
        return i == null
                ? "plaintext"
                : i.protocol() + " " + i.cipher() + " " + i.group() + " " + i.alpn() + " " + i.resumed();
    }

    @Override
    public void close() {
        app.stop(Duration.ofSeconds(1));
    }
}
