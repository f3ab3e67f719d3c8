package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code zapline report} and {@code zapline load --html}: what they write, and what they refuse. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ReportCommandTest {

    @TempDir
    static Path dir;

    private static HealthServer server;
    private static CliRun fast;
    private static CliRun slow;

    @BeforeAll
    static void twoRuns() {
        server = new HealthServer();
        Path a = dir.resolve("fast.json");
        fast = server.load(
                "/health",
                400,
                "1500ms",
                "--warmup",
                "500ms",
                "--json",
                a.toString(),
                "--html",
                dir.resolve("fast.html").toString());
        slow = server.load(
                "/flaky",
                200,
                "1s",
                "--warmup",
                "0s",
                "-H",
                "Authorization: Bearer s3cret",
                "--json",
                dir.resolve("slow.json").toString());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void loadWritesTheHtmlAtTheEndWithTheCommandAndTheSameData() throws Exception {
        assertThat(fast.exit()).as(fast.err()).isZero();
        String html = Files.readString(dir.resolve("fast.html"));
        JsonNode json = new ObjectMapper().readTree(dir.resolve("fast.json").toFile());
        assertThat(json.path("summary").path("command").asText())
                .startsWith("zapline load " + server.url("/health") + " --rate 400 -d 1500ms")
                .endsWith("--html " + dir.resolve("fast.html"));
        JsonNode embedded = data(html).path("runs").get(0);
        assertThat(embedded.path("name").asText()).isEqualTo("fast");
        // the page holds the final figures: the JSON file is rewritten from the same summary
        assertThat(embedded.path("doc").path("summary")).isEqualTo(json.path("summary"));
        assertThat(embedded.path("doc").path("timeline")).isEqualTo(json.path("timeline"));
        assertSelfContained(html);
    }

    @Test
    void twoRunsAreOverlaidUnderTheirNames() throws Exception {
        assertThat(slow.exit()).as(slow.err()).isZero();
        Path out = dir.resolve("both.html");
        CliRun r = CliRun.of(
                "report",
                dir.resolve("fast.json").toString(),
                dir.resolve("slow.json").toString(),
                "--name",
                "health 400/s",
                "-o",
                out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("wrote " + out, "2 runs");
        JsonNode runs = data(Files.readString(out)).path("runs");
        assertThat(runs).hasSize(2);
        assertThat(runs.get(0).path("name").asText()).isEqualTo("health 400/s");
        assertThat(runs.get(1).path("name").asText()).isEqualTo("slow");
        assertThat(runs.get(1)
                        .path("doc")
                        .path("summary")
                        .path("statuses")
                        .path("503")
                        .asLong())
                .isPositive();
        // the page carries the file but its per-second histograms (for zapline diff, not drawn)
        com.fasterxml.jackson.databind.node.ObjectNode file = (com.fasterxml.jackson.databind.node.ObjectNode)
                new ObjectMapper().readTree(dir.resolve("slow.json").toFile());
        assertThat(file.remove("intervals")).isNotNull();
        assertThat(runs.get(1).path("doc")).isEqualTo(file);
        // a credential header is recorded without its value: reports get shared
        assertThat(runs.get(1).path("doc").path("summary").path("command").asText())
                .contains("-H 'Authorization: ***'")
                .doesNotContain("s3cret");
        assertSelfContained(Files.readString(out));
    }

    @Test
    void thresholdsJudgeEachFinishedRunAgainAndSetTheExitStatus() throws Exception {
        assertThat(slow.exit()).as(slow.err()).isZero();
        Path out = dir.resolve("judged.html");
        // the slow run answered 503 to every fifth request: its error rate is 20 %, the fast run's 0
        CliRun r = CliRun.of(
                "report",
                dir.resolve("fast.json").toString(),
                dir.resolve("slow.json").toString(),
                "--threshold",
                "error_rate<1%",
                "--threshold",
                "status_5xx>=0",
                "-o",
                out.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(99);
        assertThat(r.out())
                .contains("fast:\nThresholds  all 2 passed")
                .contains("slow:\nThresholds  1 of 2 failed")
                .containsPattern("FAIL +error_rate<1% +error_rate = 2\\d(\\.\\d+)?%");
        JsonNode runs = data(Files.readString(out)).path("runs");
        assertThat(runs.get(0).path("doc").path("thresholds_passed").asBoolean())
                .isTrue();
        JsonNode slowDoc = runs.get(1).path("doc");
        assertThat(slowDoc.path("thresholds_passed").asBoolean()).isFalse();
        assertThat(slowDoc.path("thresholds").get(0).path("expression").asText())
                .isEqualTo("error_rate<1%");
        assertThat(slowDoc.path("thresholds").get(0).path("passed").asBoolean()).isFalse();
        assertThat(slowDoc.path("thresholds").get(0).path("actual").asDouble()).isCloseTo(0.2, within(0.02));

        CliRun pass = CliRun.of(
                "report", dir.resolve("fast.json").toString(), "--threshold", "requests>0", "-o", out.toString());
        assertThat(pass.exit()).as(pass.err()).isZero();
        CliRun malformed = CliRun.of(
                "report", dir.resolve("fast.json").toString(), "--threshold", "p99<5mss", "-o", out.toString());
        assertThat(malformed.exit()).isEqualTo(2);
        assertThat(malformed.err()).contains("column 6: unknown unit 'mss'");
    }

    @Test
    void aFileThatIsNotAZaplineResultIsABadInput() throws Exception {
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "this is not { json");
        Path bench = Files.writeString(dir.resolve("bench.json"), "{\"tool\":\"zapline bench\",\"arms\":[]}");
        Path out = dir.resolve("never.html");
        for (Path bad : new Path[] {garbage, bench, dir.resolve("missing.json")}) {
            CliRun r = CliRun.of("report", dir.resolve("fast.json").toString(), bad.toString(), "-o", out.toString());
            assertThat(r.exit()).as(bad + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).contains(bad.toString());
            assertThat(out).doesNotExist();
        }
        CliRun none = CliRun.of("report", "-o", out.toString());
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).contains("RUN.json");
    }

    /** No network access when opened: nothing loaded from elsewhere, and small. */
    static void assertSelfContained(String html) {
        assertThat(html).doesNotContainPattern("(?i)<script[^>]+src=").doesNotContainPattern("(?i)<link[^>]+href=");
        assertThat(html)
                .doesNotContainPattern("(?i)url\\(\\s*['\"]?(https?:|//)")
                .doesNotContain("@import");
        assertThat(html).contains("uPlot").contains("id=\"zapline-data\"");
        assertThat(html.length()).as("page size").isLessThan(400_000);
    }

    static JsonNode data(String html) throws Exception {
        Matcher m = Pattern.compile(
                        "<script type=\"application/json\" id=\"zapline-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).as("the data blob").isTrue();
        return new ObjectMapper().readTree(m.group(1));
    }
}
