package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline load --metrics}: scraped while the run goes, the loader's endpoint shows the run moving (phase,
 * counters that only grow and never pass what the run finally reports, rates, percentiles), each family declared
 * once; and {@code --help} of both commands documents the option.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadMetricsTest {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    Path dir;

    @Test
    void theLoadersEndpointFollowsTheRunOnceASecond() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1))
                .get("/health", ctx -> ctx.send("ok"))
                .listen("http://127.0.0.1:0")
                .start();
        try {
            int port = freePort();
            Path json = dir.resolve("run.json");
            StringWriter err = new StringWriter();
            CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(err),
                    "load",
                    "http://127.0.0.1:" + app.addresses().get(0).port() + "/health",
                    "--rate",
                    "300",
                    "-d",
                    "3s",
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
                    "127.0.0.1:" + port));
            List<String> scrapes = new ArrayList<>();
            while (!run.isDone()) {
                String text = scrape(port);
                if (text != null) {
                    scrapes.add(text);
                }
                Thread.sleep(200);
            }
            assertThat(run.get(30, TimeUnit.SECONDS)).as(err.toString()).isZero();
            long success = new ObjectMapper()
                    .readTree(json.toFile())
                    .path("summary")
                    .path("outcomes")
                    .path("success")
                    .asLong();
            assertThat(success).isEqualTo(900);

            List<String> measured = scrapes.stream()
                    .filter(t -> t.contains("zapline_load_phase{phase=\"measured\"} 1"))
                    .toList();
            assertThat(measured).as("scrapes in the measured phase").hasSizeGreaterThanOrEqualTo(2);
            long previous = 0;
            for (String t : scrapes) {
                assertFamiliesOnce(t);
                long responses = value(t, "zapline_load_responses_total");
                assertThat(responses).isBetween(previous, success);
                assertThat(value(t, "zapline_load_outcomes_total{outcome=\"success\"}"))
                        .isEqualTo(responses);
                previous = responses;
            }
            String last = measured.get(measured.size() - 1);
            assertThat(value(last, "zapline_load_requests_sent_total")).isPositive();
            assertThat(value(last, "zapline_load_target_rate")).isEqualTo(300);
            // both connections open while the run is measured; the last measured scrape may come as the loops finish
            // (they close their connections before the phase changes), so it is not the one asserted on
            assertThat(measured.stream().map(t -> value(t, "zapline_load_connections_open")))
                    .contains(2L)
                    .allSatisfy(n -> assertThat(n).isBetween(0L, 2L));
            assertThat(last)
                    .containsPattern("zapline_load_achieved_rate [0-9.]+\n")
                    .containsPattern("zapline_load_latency_seconds\\{latency=\"corrected\",window=\"measured\","
                            + "quantile=\"0.99\"} [0-9.]+\n")
                    .containsPattern("zapline_load_latency_seconds\\{latency=\"service\",window=\"second\","
                            + "quantile=\"0.5\"} [0-9.]+\n")
                    .contains("# TYPE zapline_load_latency_seconds summary", "# TYPE jvm_memory_used_bytes gauge")
                    .containsPattern("zapline_load_loop_busy_ratio\\{loop=\"1\"} [0-9.Ee-]+\n")
                    .containsPattern("zapline_load_send_lag_seconds\\{quantile=\"0.99\"} [0-9.Ee-]+\n")
                    .containsPattern("zapline_load_process_cpu_seconds_total [0-9.Ee-]+\n");
            assertThat(new ObjectMapper()
                            .readTree(json.toFile())
                            .path("summary")
                            .path("loader")
                            .path("verdict")
                            .asText())
                    .isIn("loader", "target", "neither");
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void bothCommandsDocumentTheOptionInTheirHelp() {
        assertThat(CliRun.of("serve", "--help").out()).contains("--metrics=HOST:PORT", "/metrics");
        assertThat(CliRun.of("load", "--help").out()).contains("--metrics=HOST:PORT", "/metrics");
    }

    @Test
    void aMetricsAddressThatIsNotHostPortIsRefusedBeforeAnythingRuns() {
        CliRun r = CliRun.of("load", "http://127.0.0.1:1/", "--rate", "10", "-d", "1s", "--metrics", "9101");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("metrics address '9101' is not host:port");
        CliRun s = CliRun.of("serve", "--http", "127.0.0.1:0", "--metrics", "localhost:x");
        assertThat(s.exit()).isEqualTo(2);
        assertThat(s.err()).contains("metrics address 'localhost:x': port is not a number");
    }

    private static void assertFamiliesOnce(String text) {
        Set<String> seen = new HashSet<>();
        for (String l : text.split("\n")) {
            if (l.startsWith("# TYPE ")) {
                assertThat(seen.add(l.split(" ")[2])).as(l).isTrue();
            }
        }
        assertThat(seen).contains("zapline_load_requests_sent_total", "zapline_load_in_flight");
    }

    private static long value(String text, String series) {
        for (String l : text.split("\n")) {
            if (l.startsWith(series + " ")) {
                return (long) Double.parseDouble(l.substring(series.length() + 1));
            }
        }
        throw new AssertionError("no " + series + " in\n" + text);
    }

    /** The loader's exposition, or null while its endpoint is not up (before it binds, after the run). */
    private static String scrape(int port) throws InterruptedException {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? r.body() : null;
        } catch (IOException notUp) {
            return null;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
