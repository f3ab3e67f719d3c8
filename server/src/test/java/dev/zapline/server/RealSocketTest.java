package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The server on a real loopback socket, driven by curl, h2load and raw sockets; every loop bounded. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RealSocketTest {

    private static App app;
    private static int port;

    @BeforeAll
    static void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1).withIdleTimeout(Duration.ofSeconds(2)));
        app.get("/health", ctx -> ctx.contentType("text/plain").send(HEALTH));
        app.post("/echo", ctx -> ctx.send(ctx.body().retain()));
        app.listen("http://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
    }

    private static final byte[] HEALTH = "ok".getBytes(StandardCharsets.US_ASCII);

    @AfterAll
    static void stop() {
        app.stop(Duration.ofSeconds(1));
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", command[0]).isTrue();
        assertThat(p.exitValue()).as("%s exit status; output:%n%s", command[0], out).isZero();
        return out;
    }

    @Test
    void curlGetsHealthAndEchoesAPost() throws Exception {
        String base = "http://127.0.0.1:" + port;
        assertThat(run("curl", "-sS", base + "/health")).isEqualTo("ok");
        assertThat(run("curl", "-sS", "--data-binary", "hello body", base + "/echo")).isEqualTo("hello body");
        assertThat(run("curl", "-sS", "-H", "Transfer-Encoding: chunked", "--data-binary", "chunked!", base + "/echo"))
                .isEqualTo("chunked!");
        assertThat(run("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", base + "/nope")).isEqualTo("404");
    }

    @Test
    void largeBodyIsReceivedWholeAndOversizedOneIs413(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        byte[] big = new byte[5 << 20];
        new java.util.Random(1).nextBytes(big);
        java.nio.file.Path in = java.nio.file.Files.write(dir.resolve("in.bin"), big);
        java.nio.file.Path out = dir.resolve("out.bin");
        String base = "http://127.0.0.1:" + port;
        run("curl", "-sS", "-o", out.toString(), "--data-binary", "@" + in, base + "/echo");
        assertThat(java.nio.file.Files.readAllBytes(out)).isEqualTo(big);
        java.nio.file.Path huge = java.nio.file.Files.write(dir.resolve("huge.bin"), new byte[11 << 20]);
        assertThat(run("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "@" + huge,
                base + "/echo")).isEqualTo("413");
    }

    @Test
    void h2loadMakesAHundredThousandRequestsWithoutAnError() throws Exception {
        String out = run("h2load", "--h1", "-n", "100000", "-c", "50", "-t", "1", "http://127.0.0.1:" + port + "/health");
        assertThat(out).contains("100000 total, 100000 started, 100000 done, 100000 succeeded, 0 failed, 0 errored");
        assertThat(out).contains("status codes: 100000 2xx");
    }

    @Test
    void tenThousandAbandonedConnectionsLeaveTheServerServing() throws Exception {
        List<Socket> open = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            Socket s = new Socket();
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            if (i % 3 == 0) {
                s.getOutputStream().write("GET /health HTTP/1.1\r\nHo".getBytes(StandardCharsets.US_ASCII));
            } else if (i % 3 == 1) {
                s.getOutputStream().write("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nabc"
                        .getBytes(StandardCharsets.US_ASCII));
            }
            open.add(s);
            if (open.size() == 500) {
                closeAll(open);
            }
        }
        closeAll(open);
        assertThat(run("curl", "-sS", "http://127.0.0.1:" + port + "/health")).isEqualTo("ok");
        assertThat(LeakTracker.leaks()).as("leaks; last: %s", LeakTracker.lastLeak()).isZero();
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket s : sockets) {
            s.setSoLinger(true, 0);
            s.close();
        }
        sockets.clear();
    }

    @Test
    void slowClientMidRequestGets408AndIsClosed() throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /health HTTP/1.1\r\nHo".getBytes(StandardCharsets.US_ASCII));
            String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(reply).startsWith("HTTP/1.1 408 Request Timeout\r\n").contains("connection: close");
        }
    }
}
