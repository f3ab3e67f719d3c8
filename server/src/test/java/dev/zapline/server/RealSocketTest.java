package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.wire.peer.Peers;
import java.io.IOException;
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
        app.get("/where", ctx -> ctx.send(ctx.target() + " host=" + ctx.header("host")));
        app.listen("http://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
    }

    private static final byte[] HEALTH = "ok".getBytes(StandardCharsets.US_ASCII);

    @AfterAll
    static void stop() {
        app.stop(Duration.ofSeconds(1));
    }

    private static String run(String... command) throws Exception {
        return run(0, command);
    }

    /** Runs {@code command}, which must exit with {@code exit}; returns its output (stdout and stderr). */
    private static String run(int exit, String... command) throws Exception {
        Peers.require(command[0]);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS))
                .as("%s finished", command[0])
                .isTrue();
        assertThat(p.exitValue())
                .as("%s exit status; output:%n%s", command[0], out)
                .isEqualTo(exit);
        return out;
    }

    /** curl options that print "status connects" for a request (connects 0: the previous connection was reused). */
    private static final String[] STATUS = {"-sS", "-o", "/dev/null", "-w", "%{http_code} %{num_connects}\\n"};

    private static String[] curl(String... requests) {
        List<String> c = new ArrayList<>(List.of("curl", "--max-time", "10"));
        for (int i = 0; i < requests.length; i++) {
            if (i > 0) {
                c.add("--next");
            }
            c.addAll(List.of(STATUS));
            c.addAll(List.of(requests[i].split(" ")));
        }
        return c.toArray(String[]::new);
    }

    @Test
    void curlThroughAProxySendsAbsoluteFormWhichIsRoutedOnItsPathWithItsAuthorityAsHost() throws Exception {
        String proxy = "http://127.0.0.1:" + port;
        // curl -x sends "GET http://localhost/health HTTP/1.1" (absolute form, RFC 9112 §3.2.2)
        assertThat(run("curl", "-sS", "-x", proxy, "http://localhost/health")).isEqualTo("ok");
        assertThat(run("curl", "-sS", "-x", proxy, "-H", "Host: other", "HTTP://a.test:8080/where?q=1"))
                .isEqualTo("/where?q=1 host=a.test:8080");
        assertThat(run("curl", "-sS", "-x", proxy, "http://a.test"))
                .startsWith("{")
                .contains("\"status\":404")
                .contains("\"instance\":\"/\"");
        assertThat(run(curl("-x " + proxy + " http://localhost/health", "-x " + proxy + " http://localhost/where")))
                .isEqualTo("200 1\n200 0\n");
    }

    @Test
    void curlWithAnUnknownMethodGets501AndKeepsTheConnection() throws Exception {
        String base = "http://127.0.0.1:" + port;
        assertThat(run(curl("-X MKCOLA " + base + "/health", base + "/health"))).isEqualTo("501 1\n200 0\n");
        assertThat(run(curl("-X DELETE " + base + "/health", base + "/health")))
                .as("a known method: 405")
                .isEqualTo("405 1\n200 0\n");
        assertThat(run(curl("-d x " + base + "/health")))
                .as("POST is routed elsewhere")
                .isEqualTo("405 1\n");
    }

    @Test
    void curlConnectGets501AndTheConnectionIsClosed() throws Exception {
        String base = "http://127.0.0.1:" + port;
        assertThat(run(curl("-X CONNECT --request-target localhost:443 " + base, base + "/health")))
                .isEqualTo("501 1\n200 1\n");
        assertThat(run(curl("-X CONNECT " + base + "/health", base + "/health")))
                .isEqualTo("501 1\n200 1\n");
        // curl -p asks for a tunnel (CONNECT localhost:80) and reports that it was refused
        assertThat(run(56, "curl", "-sS", "--max-time", "10", "-p", "-x", base, "http://localhost/health"))
                .contains("CONNECT tunnel failed, response 501");
    }

    @Test
    void curlWithATransferCodingNotImplementedGets501OnOneLineOrSplit() throws Exception {
        String echo = "http://127.0.0.1:" + port + "/echo";
        assertThat(run(curl("-H Transfer-Encoding:deflate,chunked --data-binary x " + echo)))
                .isEqualTo("501 1\n");
        // two field lines; "Content-Length:" stops curl from adding one
        assertThat(run(curl("-H Transfer-Encoding:deflate -H Transfer-Encoding:chunked -H Content-Length: "
                        + "--data-binary x " + echo)))
                .isEqualTo("501 1\n");
        assertThat(run(curl("-H Transfer-Encoding:chunked -H Transfer-Encoding:chunked --data-binary x " + echo)))
                .isEqualTo("400 1\n");
    }

    @Test
    void curlGetsHealthAndEchoesAPost() throws Exception {
        String base = "http://127.0.0.1:" + port;
        assertThat(run("curl", "-sS", base + "/health")).isEqualTo("ok");
        assertThat(run("curl", "-sS", "--data-binary", "hello body", base + "/echo"))
                .isEqualTo("hello body");
        assertThat(run("curl", "-sS", "-H", "Transfer-Encoding: chunked", "--data-binary", "chunked!", base + "/echo"))
                .isEqualTo("chunked!");
        assertThat(run("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", base + "/nope"))
                .isEqualTo("404");
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
        assertThat(run(
                        "curl",
                        "-sS",
                        "-o",
                        "/dev/null",
                        "-w",
                        "%{http_code}",
                        "--data-binary",
                        "@" + huge,
                        base + "/echo"))
                .isEqualTo("413");
    }

    @Test
    void h2loadMakesAHundredThousandRequestsWithoutAnError() throws Exception {
        String out =
                run("h2load", "--h1", "-n", "100000", "-c", "50", "-t", "1", "http://127.0.0.1:" + port + "/health");
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
                s.getOutputStream()
                        .write("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nabc"
                                .getBytes(StandardCharsets.US_ASCII));
            }
            open.add(s);
            if (open.size() == 500) {
                closeAll(open);
            }
        }
        closeAll(open);
        assertThat(run("curl", "-sS", "http://127.0.0.1:" + port + "/health")).isEqualTo("ok");
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
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
