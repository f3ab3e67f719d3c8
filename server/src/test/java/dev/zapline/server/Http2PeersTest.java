package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.transport.ServerTls;
import dev.zapline.wire.peer.Peers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** HTTP/2 against real peers (curl, nghttp, h2load) on loopback: h2c by prior knowledge and h2 by ALPN. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Http2PeersTest {

    private static final byte[] HEALTH = "ok".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path dir;

    private static App app;
    private static int port;
    private static int tlsPort;
    private static Path ca;

    @BeforeAll
    static void start() throws Exception {
        ServerTls tls = ServerTls.selfSigned();
        ca = dir.resolve("ca.pem");
        Files.writeString(ca, tls.certificatePem());
        app = App.create(ServerConfig.defaults().withEventLoops(1)).tls(tls);
        app.get("/health", ctx -> ctx.contentType("text/plain").send(HEALTH));
        app.post("/echo", ctx -> ctx.send(ctx.body().retain()));
        app.get(
                "/who",
                ctx -> ctx.send(ctx.protocol() + " " + ctx.transport() + " " + ctx.header("host") + " " + ctx.path()
                        + " " + ctx.queryParam("q") + " "
                        + (ctx.tls() == null ? "-" : ctx.tls().alpn())));
        app.get("/stream", ctx -> {
            ctx.stream();
            for (int i = 0; i < 3; i++) {
                ctx.write("part" + i + "\n");
            }
            ctx.end();
        });
        app.get("/trailers", ctx -> {
            ctx.stream().write("body");
            ctx.trailer("Grpc-Status", "0").end();
        });
        app.get("/later", ctx -> {
            HandOff h = ctx.handOff();
            CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(() -> h.complete(c -> c.send("late")));
        });
        app.listen("http://127.0.0.1:0", "https://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
        tlsPort = app.addresses().get(1).port();
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofSeconds(1));
    }

    /** Runs {@code command}, which must exit 0; returns its stdout and stderr. */
    static String run(String... command) throws Exception {
        Peers.require(command[0]);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS))
                .as("%s finished", command[0])
                .isTrue();
        assertThat(p.exitValue())
                .as("%s exit status; output:%n%s", command[0], out)
                .isZero();
        return out;
    }

    private static String h2c(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private static String curl2(String... args) throws Exception {
        List<String> c = new ArrayList<>(List.of("curl", "-sS", "--max-time", "10", "--http2-prior-knowledge"));
        c.addAll(List.of(args));
        return run(c.toArray(String[]::new));
    }

    @Test
    void curlWithPriorKnowledgeGetsTheRouteOverHttp2() throws Exception {
        assertThat(curl2("-w", " %{http_version} %{http_code}", h2c("/health"))).isEqualTo("ok 2 200");
        assertThat(curl2(h2c("/who?q=a+b"))).isEqualTo("HTTP/2.0 HTTP 127.0.0.1:" + port + " /who a b -");
    }

    @Test
    void curlPostsABodyAndGetsItBack() throws Exception {
        String body = "x".repeat(100_000);
        Path f = dir.resolve("body");
        Files.writeString(f, body);
        assertThat(curl2("--data-binary", "@" + f, h2c("/echo"))).isEqualTo(body);
    }

    @Test
    void curlUploadsABodyLargerThanTheServersWindowsAsCreditComesBack() throws Exception {
        App small = App.create(ServerConfig.defaults()
                .withEventLoops(1)
                .withLimits(dev.zapline.codec.http1.Http1Limits.DEFAULT.withMaxBody(2 << 20))
                .withHttp2(Http2Limits.DEFAULT.withWindows(65535, 65535)));
        small.post("/size", ctx -> ctx.send(Integer.toString(ctx.body().readableBytes())));
        small.listen("http://127.0.0.1:0").start();
        try {
            Path f = dir.resolve("large");
            Files.write(f, new byte[1 << 20]);
            String url = "http://127.0.0.1:" + small.addresses().get(0).port() + "/size";
            assertThat(curl2("--data-binary", "@" + f, url)).isEqualTo(Integer.toString(1 << 20));
            assertThat(curl2("--data-binary", "@" + f, url)).isEqualTo(Integer.toString(1 << 20));
        } finally {
            small.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void curlGetsAStreamedResponseAHeadAndA404() throws Exception {
        assertThat(curl2(h2c("/stream"))).isEqualTo("part0\npart1\npart2\n");
        String head = curl2("-I", h2c("/health"));
        assertThat(head).startsWith("HTTP/2 200").contains("content-length: 2").doesNotContain("connection");
        assertThat(curl2("-o", "/dev/null", "-w", "%{http_code}", h2c("/nothing")))
                .isEqualTo("404");
        assertThat(curl2(h2c("/later"))).isEqualTo("late");
    }

    @Test
    void curlNegotiatesHttp2OverTlsByAlpn() throws Exception {
        String url = "https://127.0.0.1:" + tlsPort;
        assertThat(run("curl", "-sS", "--max-time", "10", "--http2", "-k", "-w", " %{http_version}", url + "/health"))
                .isEqualTo("ok 2");
        assertThat(run("curl", "-sS", "--max-time", "10", "--http2", "-k", url + "/who"))
                .endsWith("/who null h2")
                .startsWith("HTTP/2.0 HTTP");
        assertThat(run("curl", "-sS", "--max-time", "10", "--http1.1", "-k", "-w", " %{http_version}", url + "/who"))
                .endsWith("http/1.1 1.1")
                .startsWith("HTTP/1.1 HTTP");
    }

    @Test
    void trailersArriveAsAClosingHeadersFrame() throws Exception {
        String out = run("nghttp", "-nv", h2c("/trailers"));
        // DATA without END_STREAM, then HEADERS with END_STREAM carrying the lower-cased trailer
        assertThat(out).containsPattern("recv DATA frame <length=4, flags=0x00, stream_id=13>");
        assertThat(out).containsPattern("recv \\(stream_id=13\\) grpc-status: 0");
        assertThat(out).containsPattern("recv HEADERS frame <length=\\d+, flags=0x05, stream_id=13>");
    }

    @Test
    void nghttpGetsResponsesOverH2cAndTls() throws Exception {
        String out = run("nghttp", "-nv", h2c("/health"));
        assertThat(out).contains(":status: 200").contains("END_STREAM");
        String tls = run("nghttp", "-nv", "https://127.0.0.1:" + tlsPort + "/who");
        assertThat(tls).contains("The negotiated protocol: h2").contains(":status: 200");
        assertThat(run("nghttp", h2c("/who"))).startsWith("HTTP/2.0 HTTP");
    }

    @Test
    void h2loadGets2000ResponsesOnFourConnectionsWithoutAFailure() throws Exception {
        String out = run("h2load", "-n", "2000", "-c", "4", "-m", "10", h2c("/health"));
        assertThat(out).contains("2000 succeeded, 0 failed, 0 errored");
    }

    @Test
    void onePortServesHttp11AndH2cSideBySide() throws Exception {
        Peers.require("curl");
        // one URL per curl: Debian's curl 7.88 does not reuse an h2c prior-knowledge connection (nghttpd too)
        List<CompletableFuture<String>> all = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            boolean two = i % 2 == 0;
            all.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return run(
                            "curl",
                            "-sS",
                            "--max-time",
                            "10",
                            two ? "--http2-prior-knowledge" : "--http1.1",
                            "-w",
                            " %{http_version}",
                            h2c("/health"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (int i = 0; i < all.size(); i++) {
            assertThat(all.get(i).get(60, TimeUnit.SECONDS)).isEqualTo(i % 2 == 0 ? "ok 2" : "ok 1.1");
        }
    }
}
