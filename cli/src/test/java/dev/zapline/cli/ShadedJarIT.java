package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.Await;
import dev.zapline.wire.peer.Peers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The packaged runnable jar, as the launcher runs it: every dependency must be inside it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ShadedJarIT {

    /** How long a child process may take to get where a test waits for it: only a hang takes longer. */
    private static final java.time.Duration WAIT = java.time.Duration.ofSeconds(60);

    /** The file's text, or "" while it cannot be read (not created yet, or being replaced). */
    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException notYet) {
            return "";
        }
    }

    private static final Path JAR = Path.of("target", "zapline.jar");

    static ProcessBuilder java(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true);
    }

    /**
     * What a server printed up to its line matching {@code regex} (whose group 1 is the port).
     *
     * @param port the port it listens on
     * @param seen its output up to that line
     */
    record Listening(int port, String seen) {}

    /** Reads the server's output until its listening line; fails the test if the output ends first. */
    static Listening awaitListening(BufferedReader in, String regex) throws java.io.IOException {
        Pattern listening = Pattern.compile(regex);
        StringBuilder seen = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            seen.append(line).append('\n');
            Matcher m = listening.matcher(line);
            if (m.find()) {
                return new Listening(Integer.parseInt(m.group(1)), seen.toString());
            }
        }
        throw new AssertionError("no line matching " + regex + " in the server output:\n" + seen);
    }

    @Test
    void inspectRunsFromTheJar() throws Exception {
        assertThat(Files.isRegularFile(JAR)).as("%s was packaged", JAR).isTrue();
        Process p = java("inspect", "--sample").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("method   POST", "status   200");
    }

    @Test
    void loadExitsZeroWhenThresholdsPassNinetyNineWhenOneFailsAndTwoForAMalformedOne() throws Exception {
        dev.zapline.server.App app = dev.zapline.server.App.create(
                dev.zapline.server.ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.listen("http://127.0.0.1:0").start();
        try {
            String url = "http://127.0.0.1:" + app.addresses().get(0).port() + "/health";
            assertThat(loadWithThreshold(url, "requests==100")).isZero();
            assertThat(loadWithThreshold(url, "requests<100")).isEqualTo(99);
            assertThat(loadWithThreshold(url, "p99<5mss")).isEqualTo(2);
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    private static int loadWithThreshold(String url, String threshold) throws Exception {
        Process p = java(
                        "load",
                        url,
                        "--rate",
                        "100",
                        "-d",
                        "1s",
                        "--warmup",
                        "0s",
                        "-c",
                        "1",
                        "--quiet",
                        "--threshold",
                        threshold)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(out).as(threshold).contains(threshold.equals("p99<5mss") ? "column 6" : "Thresholds  ");
        return p.exitValue();
    }

    @Test
    void benchStartsItsServerChildrenFromTheJar() throws Exception {
        Process p = java(
                        "bench",
                        "--arms",
                        "raw-netty,zap-rpc-zap,http-rpc-fastjson2",
                        "--rounds",
                        "1",
                        "--warmup",
                        "1s",
                        "-d",
                        "500ms",
                        "-c",
                        "2",
                        "--no-pin")
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out)
                .contains(
                        "| raw-netty | ",
                        "| zap-rpc-zap | ",
                        "| http-rpc-fastjson2 | ",
                        "typed ZAP /rpc vs the fastest JSON")
                .doesNotContain("failed");
    }

    @Test
    void benchInterruptedStillPrintsAndSavesTheArmsItMeasured(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Process p = new ProcessBuilder(java(
                                "bench",
                                "--arms",
                                "raw-netty,http-health",
                                "--rounds",
                                "1",
                                "--warmup",
                                "200ms",
                                "-d",
                                "20s",
                                "-c",
                                "2",
                                "--no-pin",
                                "--out",
                                dir.toString())
                        .command())
                .redirectError(dir.resolve("err.txt").toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .start();
        // the first arm measures for 20 s; interrupt as soon as it is under way, its server child running
        Await.until(
                "the first arm under way",
                () -> readQuietly(dir.resolve("err.txt")).contains("raw-netty ..."),
                WAIT);
        Await.until("the server child", () -> p.descendants().findAny().isPresent(), WAIT);
        List<ProcessHandle> children = p.descendants().toList();
        p.destroy(); // SIGTERM, as Ctrl-C's SIGINT would
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(dir.resolve("out.txt"));
        assertThat(out).contains("(interrupted: the arms measured so far)", "# zapline bench");
        assertThat(Files.readString(dir.resolve("bench.json"))).contains("\"arms\"");
        // no server child outlives the harness
        for (ProcessHandle c : children) {
            c.onExit().get(10, TimeUnit.SECONDS);
            assertThat(c.isAlive()).isFalse();
        }
    }

    @Test
    void serveAnswersHealthAndRpcOverBothTransportsFromTheJarAndExitsZeroOnSigterm() throws Exception {
        Process p = java("serve", "--http", "127.0.0.1:0", "--zap", "127.0.0.1:0", "--json", "dsljson")
                .start();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            int port = awaitListening(in, "listening on http://127\\.0\\.0\\.1:(\\d+)")
                    .port();
            try (HttpClient client = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(5))
                    .build()) {
                HttpResponse<String> health = client.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(health.body()).isEqualTo("ok");
                HttpResponse<String> rpc = client.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/rpc"))
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"id\":3,\"block\":1,\"method\":\"m\",\"account\":\"0x\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(rpc.statusCode()).isEqualTo(200);
                assertThat(rpc.body()).startsWith("{\"id\":3,");
            }
            p.toHandle().destroy(); // SIGTERM; Process.destroy() would also close the output we read next
            assertThat(p.waitFor(20, TimeUnit.SECONDS))
                    .as("serve stops on SIGTERM")
                    .isTrue();
            StringBuilder rest = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                rest.append(line).append('\n');
            }
            assertThat(p.exitValue())
                    .as("exit status after a clean stop; output after the listening line:%n%s", rest)
                    .isZero();
            assertThat(rest).contains("stopped");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void serveCountsItsRequestsOnTheMetricsPortFromTheJar() throws Exception {
        Process p = java("serve", "--http", "127.0.0.1:0", "--metrics", "127.0.0.1:0")
                .start();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            Pattern listening = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");
            Pattern metrics = Pattern.compile("metrics on (http://127\\.0\\.0\\.1:\\d+/metrics)");
            int port = -1;
            String scrape = null;
            StringBuilder seen = new StringBuilder();
            for (String line; scrape == null && (line = in.readLine()) != null; ) {
                seen.append(line).append('\n');
                Matcher l = listening.matcher(line);
                Matcher m = metrics.matcher(line);
                if (l.find()) {
                    port = Integer.parseInt(l.group(1));
                } else if (m.find()) {
                    scrape = m.group(1);
                }
            }
            assertThat(port).as("server output:%n%s", seen).isPositive();
            assertThat(scrape).as("server output:%n%s", seen).isNotNull();
            try (HttpClient client = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(5))
                    .build()) {
                for (int i = 0; i < 3; i++) {
                    HttpResponse<String> health = client.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertThat(health.body()).isEqualTo("ok");
                }
                HttpResponse<String> text = client.send(
                        HttpRequest.newBuilder(URI.create(scrape)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(text.headers().firstValue("content-type"))
                        .hasValue("text/plain; version=0.0.4; charset=utf-8");
                assertThat(text.body())
                        .contains("zapline_server_requests_total{route=\"/health\",method=\"GET\","
                                + "status_class=\"2xx\",transport=\"http\"} 3\n")
                        .contains("# TYPE jvm_gc_collections_total counter");
            }
            p.toHandle().destroy();
            assertThat(p.waitFor(20, TimeUnit.SECONDS))
                    .as("serve stops on SIGTERM")
                    .isTrue();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void serveAnswersOverHttpsWithTheNativeEngineFromTheJarAndPrintsTlsCountsOnStop() throws Exception {
        Process p = java("serve", "--https", "127.0.0.1:0", "--self-signed").start();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            Listening up = awaitListening(in, "listening on https://127\\.0\\.0\\.1:(\\d+)");
            int port = up.port();
            assertThat(up.seen())
                    .as("the native library is in the jar")
                    .contains("tls: OpenSSL (BoringSSL), post-quantum X25519MLKEM768 available")
                    .contains("throwaway certificate", "not for production");
            Peers.require("curl");
            Process curl = new ProcessBuilder(
                            "curl", "-sS", "-k", "--max-time", "10", "https://127.0.0.1:" + port + "/health")
                    .redirectErrorStream(true)
                    .start();
            String body = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(curl.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(body).isEqualTo("ok");
            p.toHandle().destroy();
            assertThat(p.waitFor(20, TimeUnit.SECONDS))
                    .as("serve stops on SIGTERM")
                    .isTrue();
            StringBuilder rest = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                rest.append(line).append('\n');
            }
            assertThat(p.exitValue()).as("exit status; output:%n%s", rest).isZero();
            assertThat(rest).contains("tls: 1 handshakes (0 resumed)", "tls: groups: X25519 1", "stopped");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void loadStoppedBySigtermStillWritesItsHtmlReport(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        try (HealthServer server = new HealthServer()) {
            Path json = dir.resolve("run.json");
            Path html = dir.resolve("run.html");
            Process p = new ProcessBuilder(java(
                                    "load",
                                    server.url("/health"),
                                    "--rate",
                                    "200",
                                    "-d",
                                    "60s",
                                    "-c",
                                    "2",
                                    "--threads",
                                    "1",
                                    "--json",
                                    json.toString(),
                                    "--html",
                                    html.toString())
                            .command())
                    .redirectError(dir.resolve("err.txt").toFile())
                    .redirectOutput(dir.resolve("out.txt").toFile())
                    .start();
            try {
                // the JSON is rewritten each second: once the measured phase has one, stop the run
                Await.until(
                        "a measured second in the JSON",
                        () -> Files.exists(json) && readQuietly(json).contains("\"warmup\":false"),
                        WAIT);
                assertThat(html).as("no page before the end").doesNotExist();
                p.destroy(); // SIGTERM, as Ctrl-C's SIGINT would
                assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
                assertThat(html)
                        .as("stderr: %s", Files.readString(dir.resolve("err.txt")))
                        .exists();
                String page = Files.readString(html);
                assertThat(page).contains("\"complete\":true", "uPlot", "\"command\":\"zapline load ");
                double seconds = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(json.toFile())
                        .path("summary")
                        .path("duration_s")
                        .asDouble();
                assertThat(seconds).as("stopped early").isBetween(0.5, 30.0);
                com.fasterxml.jackson.databind.JsonNode doc =
                        ReportCommandTest.data(page).path("runs").get(0).path("doc");
                assertThat(doc.path("summary").path("duration_s").asDouble()).isEqualTo(seconds);
                assertThat(doc.path("timeline").size()).isPositive();
            } finally {
                p.destroyForcibly();
            }
        }
    }
}
