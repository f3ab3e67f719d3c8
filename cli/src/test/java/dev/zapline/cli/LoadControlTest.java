package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline load --control http}: a real run steered over {@code POST /control}; its rate change and mark are
 * in the JSON's events, the HTML report's data and the Prometheus families, and the run sends what the steered
 * schedule says.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadControlTest {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    Path dir;

    @Test
    void aRunSteeredOverHttpRecordsItsEvents() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1))
                .get("/health", ctx -> ctx.send("ok"))
                .listen("http://127.0.0.1:0")
                .start();
        try {
            int port = freePort();
            Path json = dir.resolve("run.json");
            Path html = dir.resolve("run.html");
            StringWriter err = new StringWriter();
            CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(err),
                    "load",
                    "http://127.0.0.1:" + app.addresses().get(0).port() + "/health",
                    "--rate",
                    "200",
                    "-d",
                    "4s",
                    "--warmup",
                    "0s",
                    "-c",
                    "2",
                    "--threads",
                    "1",
                    "--quiet",
                    "--json",
                    json.toString(),
                    "--html",
                    html.toString(),
                    "--metrics",
                    "127.0.0.1:" + port,
                    "--control",
                    "http"));
            String control = "http://127.0.0.1:" + port + "/control";
            HttpResponse<String> rate = null;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while ((rate == null || rate.statusCode() == 404) && System.nanoTime() < until && !run.isDone()) {
                rate = post(control, "{\"cmd\":\"rate\",\"rps\":400}");
                Thread.sleep(rate == null || rate.statusCode() == 404 ? 20 : 0);
            }
            assertThat(rate).as(err.toString()).isNotNull();
            assertThat(rate.statusCode()).as(rate.body()).isEqualTo(200);
            assertThat(rate.body())
                    .startsWith("{\"ack\":\"rate\",\"ok\":true,\"t\":")
                    .endsWith(",\"rate\":400.0," + "\"line\":1}\n");
            HttpResponse<String> mark = post(control, "{\"cmd\":\"mark\",\"label\":\"deploy\"}");
            assertThat(mark.statusCode()).isEqualTo(200);
            assertThat(post(control, "{\"cmd\":\"rate\",\"rps\":-4}").statusCode())
                    .isEqualTo(400);
            String metrics = HTTP.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            assertThat(metrics)
                    .contains(
                            "zapline_load_control_events_total{kind=\"rate\"} 1\n",
                            "zapline_load_control_events_total{kind=\"mark\"} 1\n",
                            "zapline_load_paused 0\n");
            assertThat(run.get(30, TimeUnit.SECONDS)).as(err.toString()).isZero();

            JsonNode doc = new ObjectMapper().readTree(json.toFile());
            JsonNode events = doc.path("events");
            assertThat(events.size()).isEqualTo(2);
            JsonNode r = events.get(0);
            assertThat(r.path("kind").asText()).isEqualTo("rate");
            assertThat(r.path("value").asDouble()).isEqualTo(400);
            assertThat(r.path("rate").asDouble()).isEqualTo(400);
            assertThat(r.path("source").asText()).isEqualTo("http");
            assertThat(events.get(1).path("kind").asText()).isEqualTo("mark");
            assertThat(events.get(1).path("label").asText()).isEqualTo("deploy");
            double t = r.path("t").asDouble();
            assertThat(t).isBetween(0.0, 4.0);
            // 200/s up to the change point, 400/s from there to the end: the steered schedule's count
            long expected = Math.round(200 * t + 400 * (4 - t));
            assertThat(doc.path("summary").path("scheduled").asLong()).isBetween(expected - 2, expected + 2);
            assertThat(Files.readString(html)).contains("\"kind\":\"rate\"", "\"label\":\"deploy\"");
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void httpControlWithoutMetricsAndAnUnknownSourceAreRefusedBeforeAnythingRuns() {
        CliRun r = CliRun.of("load", "http://127.0.0.1:1/", "--rate", "10", "-d", "1s", "--control", "http");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--control http is served on the --metrics address");
        CliRun s = CliRun.of("load", "http://127.0.0.1:1/", "--rate", "10", "-d", "1s", "--control", "stdin,tcp");
        assertThat(s.exit()).isEqualTo(2);
        assertThat(s.err()).contains("--control: unknown source 'tcp': stdin, http or http-remote");
    }

    /** The response, or null while the endpoint is not up. */
    private static HttpResponse<String> post(String url, String body) throws InterruptedException {
        try {
            return HTTP.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(10))
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
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
