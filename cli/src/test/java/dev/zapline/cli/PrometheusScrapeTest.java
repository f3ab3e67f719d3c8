package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.wire.Await;
import dev.zapline.wire.peer.Peers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics against the real thing, Debian's {@code prometheus} package: {@code promtool check metrics} accepts
 * the server's and the loader's expositions, and a {@code prometheus} started here scrapes both every second while
 * {@code zapline load} runs against the server, then holds the server's request counter equal to the responses the
 * loader reports. Skipped when the package is not installed.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class PrometheusScrapeTest {

    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path dir;

    @Test
    void prometheusScrapesTheServerAndTheLoaderAndTheCountsAgree() throws Exception {
        Peers.require("prometheus", "promtool");
        App app = App.create(ServerConfig.defaults().withEventLoops(1))
                .get("/health", ctx -> ctx.send("ok"))
                .metrics("127.0.0.1:0")
                .listen("http://127.0.0.1:0", "127.0.0.1:0");
        app.start();
        Process prometheus = null;
        try {
            int serverMetrics = app.metricsAddress().getPort();
            int loaderMetrics = freePort();
            int web = freePort();
            Path config = dir.resolve("prometheus.yml");
            Files.writeString(config, """
                    global:
                      scrape_interval: 1s
                      scrape_timeout: 1s
                    scrape_configs:
                      - job_name: server
                        static_configs:
                          - targets: ['127.0.0.1:%d']
                      - job_name: loader
                        static_configs:
                          - targets: ['127.0.0.1:%d']
                    """.formatted(serverMetrics, loaderMetrics));
            prometheus = new ProcessBuilder(
                            PROMETHEUS.toString(),
                            "--config.file=" + config,
                            "--storage.tsdb.path=" + dir.resolve("tsdb"),
                            "--web.listen-address=127.0.0.1:" + web)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("prometheus.log").toFile())
                    .start();
            String api = "http://127.0.0.1:" + web;
            waitReady(api, prometheus);
            // Prometheus applies its targets a few seconds after it is ready: the load starts once it scrapes
            assertThat(waitFor(api, "up{job=\"server\"}", v -> v == 1)).isEqualTo(1);

            String zap = "zap://127.0.0.1:" + app.addresses().get(1).port() + "/health";
            Path json = dir.resolve("run.json");
            StringWriter err = new StringWriter();
            CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(err),
                    "load",
                    zap,
                    "--rate",
                    "200",
                    "-d",
                    "8s",
                    "--warmup",
                    "0s",
                    "-c",
                    "2",
                    "--threads",
                    "1",
                    "--quiet",
                    "--json",
                    json.toString(),
                    "--metrics",
                    "127.0.0.1:" + loaderMetrics));

            // while it runs: both expositions pass promtool, and Prometheus sees the loader's figures move
            String loaderUrl = "http://127.0.0.1:" + loaderMetrics + "/metrics";
            String measured = "zapline_load_phase{phase=\"measured\"} 1";
            Await.until("the loader's endpoint in its measured phase", () -> scrapes(loaderUrl, measured));
            String loaderText = get(loaderUrl);
            assertThat(loaderText).contains(measured);
            promtoolCheck(loaderText);
            promtoolCheck(app.metricsText());
            double seen = waitFor(api, "max_over_time(zapline_load_responses_total{job=\"loader\"}[1m])", v -> v > 0);
            assertThat(seen).isPositive();

            assertThat(run.get(60, TimeUnit.SECONDS)).as(err.toString()).isZero();
            JsonNode summary = new ObjectMapper().readTree(json.toFile()).path("summary");
            long success = summary.path("outcomes").path("success").asLong();
            assertThat(success).isEqualTo(1600);
            assertThat(summary.path("sent").asLong()).isEqualTo(1600);

            // after the run, one more scrape of the server: its counter holds exactly the loader's responses
            String served = "sum(zapline_server_requests_total{job=\"server\",route=\"/health\",method=\"GET\","
                    + "status_class=\"2xx\",transport=\"zap\"})";
            assertThat(waitFor(api, served, v -> v == success)).isEqualTo(success);
            assertThat(waitFor(
                            api,
                            "sum(zapline_server_request_duration_seconds_count{job=\"server\"})",
                            v -> v == success))
                    .isEqualTo(success);
            // and the loader was scraped as up, its sent counter never above what it finally sent
            assertThat(waitFor(api, "max_over_time(up{job=\"loader\"}[1m])", v -> v == 1))
                    .isEqualTo(1);
            double maxSent =
                    waitFor(api, "max_over_time(zapline_load_requests_sent_total{job=\"loader\"}[1m])", v -> v > 0);
            assertThat(maxSent).isBetween(1.0, 1600.0);
        } finally {
            if (prometheus != null) {
                prometheus.destroy();
                if (!prometheus.waitFor(10, TimeUnit.SECONDS)) {
                    prometheus.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
            app.stop(Duration.ofSeconds(1));
        }
    }

    /** {@code promtool check metrics} on {@code text}: exit 0 and nothing reported. */
    private void promtoolCheck(String text) throws Exception {
        Process p = new ProcessBuilder(PROMTOOL.toString(), "check", "metrics")
                .redirectErrorStream(true)
                .start();
        try (var in = p.getOutputStream()) {
            in.write(text.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out.strip()).as("promtool's findings").isEmpty();
    }

    private static void waitReady(String api, Process prometheus) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (System.nanoTime() < deadline) {
            assertThat(prometheus.isAlive()).as("prometheus exited").isTrue();
            try {
                HttpResponse<String> r = HTTP.send(
                        HttpRequest.newBuilder(URI.create(api + "/-/ready"))
                                .timeout(Duration.ofSeconds(2))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(200);
        }
        throw new AssertionError("prometheus not ready within 40 s");
    }

    /** Queries {@code query} until its first value satisfies {@code ok} (at most 30 s); returns the last value. */
    private static double waitFor(String api, String query, java.util.function.DoublePredicate ok) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        double last = Double.NaN;
        String body = "";
        while (System.nanoTime() < deadline) {
            body = get(api + "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
            JsonNode result = new ObjectMapper().readTree(body).path("data").path("result");
            if (result.size() > 0) {
                last = Double.parseDouble(result.get(0).path("value").get(1).asText());
                if (ok.test(last)) {
                    return last;
                }
            }
            Thread.sleep(250);
        }
        throw new AssertionError("no satisfying value for " + query + " within 30 s; last " + last + ": " + body
                + "\ntargets: " + get(api + "/api/v1/targets"));
    }

    /** Whether {@code url} answers now with text containing {@code expected} (false while it is not up). */
    private static boolean scrapes(String url, String expected) {
        try {
            return get(url).contains(expected);
        } catch (Exception | AssertionError notYet) {
            return false;
        }
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(url + ": " + r.body()).isEqualTo(200);
        return r.body();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
