package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.server.App;
import dev.zapline.server.Handler;
import dev.zapline.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline load --threshold} and {@code --abort-on-fail}: exit statuses, verdict lines and the JSON file. The
 * runs are real, so times are bounded from below (what the schedule and the delay guarantee) and by the run's 20 s
 * (an abort that did not happen); when exactly an abort comes is AbortOnFailTest's, in the load module, on a manual
 * clock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadThresholdsTest {

    @TempDir
    Path dir;

    /** The command's exit status and what it printed on standard output (the summary and the verdicts). */
    private record Run(int exit, String out, String err) {}

    private static Run load(String... args) {
        List<String> all = new ArrayList<>(List.of("load"));
        all.addAll(List.of(args));
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        java.io.StringWriter err = new java.io.StringWriter();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            int exit = Main.run(
                    new java.io.PrintWriter(new java.io.StringWriter()),
                    new java.io.PrintWriter(err, true),
                    all.toArray(String[]::new));
            return new Run(exit, captured.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }

    /** A small open run of {@code url} with no warm-up, writing {@code json}, with {@code more} options. */
    private static Run measure(String url, int rate, String duration, Path json, String... more) {
        List<String> args = new ArrayList<>(List.of(url, "--rate", Integer.toString(rate), "-d", duration));
        args.addAll(List.of("--warmup", "0s", "-c", "2", "--threads", "1", "--quiet", "--json", json.toString()));
        args.addAll(List.of(more));
        return load(args.toArray(String[]::new));
    }

    private static App serve(Handler h) {
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/t", h);
        app.listen("http://127.0.0.1:0").start();
        return app;
    }

    private static String url(App app) {
        return "http://127.0.0.1:" + app.addresses().get(0).port() + "/t";
    }

    @Test
    void exitsZeroWhenEveryThresholdPassesAndNinetyNineWhenOneFails() throws Exception {
        App app = serve(ctx -> ctx.send("ok"));
        try {
            Path pass = dir.resolve("pass.json");
            Run ok = measure(
                    url(app),
                    200,
                    "1s",
                    pass,
                    "--threshold",
                    "requests==200",
                    "--threshold",
                    "p99 < 10s",
                    "--threshold",
                    "status_5xx==0");
            assertThat(ok.exit()).as(ok.err()).isZero();
            assertThat(ok.out()).contains("Target ", "Thresholds  all 3 passed", "  pass  requests==200 ");
            assertThat(ok.out().indexOf("Thresholds")).isGreaterThan(ok.out().indexOf("Target "));
            JsonNode j = new ObjectMapper().readTree(pass.toFile());
            assertThat(j.path("thresholds_passed").asBoolean()).isTrue();
            assertThat(j.path("aborted").isNull()).isTrue();
            assertThat(j.path("thresholds")).hasSize(3);
            JsonNode requests = j.path("thresholds").get(0);
            assertThat(requests.path("expression").asText()).isEqualTo("requests==200");
            assertThat(requests.path("metric").asText()).isEqualTo("requests");
            assertThat(requests.path("unit").asText()).isEqualTo("count");
            assertThat(requests.path("actual").asLong()).isEqualTo(200);
            assertThat(requests.path("passed").asBoolean()).isTrue();
            JsonNode p99 = j.path("thresholds").get(1);
            assertThat(p99.path("expression").asText()).isEqualTo("p99 < 10s");
            assertThat(p99.path("metric").asText()).isEqualTo("corrected.p99");
            assertThat(p99.path("limit").asDouble()).isEqualTo(10_000_000.0);
            assertThat(p99.path("actual").asDouble())
                    .isEqualTo(
                            j.path("latency").path("corrected").path("p99_us").asDouble());

            Path fail = dir.resolve("fail.json");
            Run bad = measure(url(app), 200, "1s", fail, "--threshold", "requests<200", "--threshold", "p99<10s");
            assertThat(bad.exit()).as(bad.err()).isEqualTo(99);
            assertThat(bad.out()).contains("Thresholds  1 of 2 failed", "  FAIL  requests<200 ", "requests = 200");
            JsonNode f = new ObjectMapper().readTree(fail.toFile());
            assertThat(f.path("thresholds_passed").asBoolean()).isFalse();
            assertThat(f.path("thresholds").get(0).path("passed").asBoolean()).isFalse();
            assertThat(f.path("thresholds").get(0).path("actual").asLong()).isEqualTo(200);
            assertThat(f.path("thresholds").get(1).path("passed").asBoolean()).isTrue();
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    @Test
    void theHelpShowsTheExamplesWithTheirPercentSigns() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        CliRun help;
        try {
            // picocli warns on standard error when a description is not a valid format string
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            help = CliRun.of("load", "--help");
        } finally {
            System.setErr(stderr);
        }
        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("'error_rate<0.1%'", "--abort-on-fail[=DELAY]", "exit status 99");
        assertThat(warnings.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }

    @Test
    void malformedOrImpossibleThresholdsAreRefusedBeforeAnyConnection() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            String url = "http://127.0.0.1:" + listener.getLocalPort() + "/";
            Run malformed = load(url, "--rate", "100", "-d", "1s", "--quiet", "--threshold", "p99<5mss");
            assertThat(malformed.exit()).isEqualTo(2);
            assertThat(malformed.err())
                    .contains("zapline: threshold 'p99<5mss': column 6: unknown unit 'mss' (expected ns, us, µs, ms "
                            + "or s)");
            Run closed = load(url, "--concurrency", "2", "-d", "1s", "--quiet", "--threshold", "rate>=99%");
            assertThat(closed.exit()).isEqualTo(2);
            assertThat(closed.err()).contains("threshold 'rate>=99%': a rate in % of the target needs an open-model");
            Run alone = load(url, "--rate", "100", "-d", "1s", "--quiet", "--abort-on-fail");
            assertThat(alone.exit()).isEqualTo(2);
            assertThat(alone.err()).contains("--abort-on-fail needs at least one --threshold");
            Run badDelay = load(url, "--rate", "100", "-d", "1s", "--threshold", "p99<5ms", "--abort-on-fail=abc");
            assertThat(badDelay.exit()).isEqualTo(2);
            assertThat(badDelay.err())
                    .contains("--abort-on-fail: 'abc' is not a duration")
                    .doesNotContain("Unmatched");
            // nothing connected: no connection waits in the listener's backlog
            listener.setSoTimeout(300);
            assertThatThrownBy(listener::accept).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void abortOnFailStopsTheRunSoonAfterTheServerStartsFailing() throws Exception {
        AtomicLong hits = new AtomicLong();
        App app = serve(ctx -> {
            if (hits.incrementAndGet() > 300) {
                ctx.status(500).send("failing");
            } else {
                ctx.send("ok");
            }
        });
        try {
            Path json = dir.resolve("abort.json");
            // before the URL: the optional DELAY must leave the URL alone
            Run r = load(
                    "--abort-on-fail",
                    url(app),
                    "--rate",
                    "200",
                    "-d",
                    "20s",
                    "--warmup",
                    "0s",
                    "-c",
                    "2",
                    "--threads",
                    "1",
                    "--quiet",
                    "--json",
                    json.toString(),
                    "--threshold",
                    "error_rate<1%",
                    "--threshold",
                    "requests>=1");
            assertThat(r.exit()).as(r.err()).isEqualTo(99);
            // the 301st request is the first failure, intended 1.5 s in (sent then or later): the abort comes after
            // it, and the run stops well before its 20 s
            JsonNode j = new ObjectMapper().readTree(json.toFile());
            assertThat(j.path("aborted").path("by").asText()).isEqualTo("error_rate<1%");
            double at = j.path("aborted").path("at_s").asDouble();
            assertThat(at).isGreaterThanOrEqualTo(1.5).isLessThan(20);
            assertThat(j.path("summary").path("duration_s").asDouble()).isBetween(at, 20.0);
            assertThat(j.path("summary").path("statuses").path("500").asLong()).isPositive();
            assertThat(j.path("thresholds_passed").asBoolean()).isFalse();
            JsonNode errorRate = j.path("thresholds").get(0);
            assertThat(errorRate.path("passed").asBoolean()).isFalse();
            assertThat(errorRate.path("actual").asDouble()).isGreaterThan(0.01);
            assertThat(errorRate.path("reason").asText()).startsWith("stopped the run ");
            assertThat(j.path("thresholds").get(1).path("passed").asBoolean()).isTrue();
            assertThat(hits.get())
                    .as("requests served, of the 4,000 of a whole run")
                    .isLessThan(200 * 20);
            assertThat(r.out()).contains("Aborted ", "'error_rate<1%' could no longer pass");
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    @Test
    void abortOnFailWaitsForItsDelayIntoTheMeasuredPhase() throws Exception {
        App app = serve(ctx -> ctx.status(503).send("down"));
        try {
            Path json = dir.resolve("delay.json");
            Run r = measure(url(app), 100, "20s", json, "--threshold", "status_5xx<1", "--abort-on-fail=3s");
            assertThat(r.exit()).as(r.err()).isEqualTo(99);
            JsonNode j = new ObjectMapper().readTree(json.toFile());
            assertThat(j.path("aborted").path("by").asText()).isEqualTo("status_5xx<1");
            double at = j.path("aborted").path("at_s").asDouble();
            assertThat(at)
                    .as("not before the delay")
                    .isGreaterThanOrEqualTo(3.0)
                    .isLessThan(20);
            assertThat(j.path("summary").path("duration_s").asDouble()).isBetween(at, 20.0);
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }
}
