package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.report.Chromium;
import dev.zapline.wire.peer.Peers;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report page in a real browser (Debian's headless Chromium, network disabled, opened from a file:// URL): two
 * runs of zapline load against a local server, drawn by {@code zapline report}; every chart is present with the
 * number of points the JSON holds, no script error is recorded, and the screenshots are not blank, light and dark.
 * Skipped where {@code /usr/bin/chromium} is not installed (Debian package {@code chromium}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ReportPageBrowserTest {

    @TempDir
    static Path dir;

    private static HealthServer server;
    private static Path page;
    private static JsonNode fast;
    private static JsonNode flaky;

    @BeforeAll
    static void twoRunsAndTheirReport() throws Exception {
        Peers.require("chromium");
        server = new HealthServer();
        Path a = dir.resolve("fast.json");
        Path b = dir.resolve("flaky.json");
        assertThat(server.load("/health", 400, "2s", "--warmup", "1s", "--json", a.toString())
                        .exit())
                .isZero();
        assertThat(server.load("/flaky", 250, "2s", "--warmup", "1s", "--json", b.toString())
                        .exit())
                .isZero();
        page = dir.resolve("report.html");
        CliRun r = CliRun.of("report", a.toString(), b.toString(), "-o", page.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        fast = new ObjectMapper().readTree(a.toFile());
        flaky = new ObjectMapper().readTree(b.toFile());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyChartIsDrawnWithThePointsOfTheJsonAndNoError() throws Exception {
        Chromium.Status s = new Chromium(dir).dumpDom(page, "");
        assertThat(s.errors())
                .as("script errors recorded by the page:\n%s", s.dom())
                .isZero();
        assertThat(s.dom()).doesNotContain("id=\"zapline-errors\"");
        assertThat(s.state()).isEqualTo("done");
        Map<String, Chromium.Chart> charts = s.charts();
        assertThat(charts)
                .containsOnlyKeys(
                        "rate", "latency-corrected", "latency-service", "distribution", "outcomes", "inflight");
        for (Chromium.Chart c : charts.values()) {
            assertThat(c.drawn()).as("%s drawn", c.id()).isPositive();
            assertThat(c.points()).as("%s points", c.id()).isPositive();
        }
        // target, sent and achieved of both runs, one point per interval each
        assertThat(charts.get("rate").series()).isEqualTo(6);
        assertThat(charts.get("rate").points()).isEqualTo(3 * (entries(fast) + entries(flaky)));
        // p50, p90, p99, p99.9 and max of both runs, a point per interval with responses
        for (String kind : new String[] {"corrected", "service"}) {
            Chromium.Chart c = charts.get("latency-" + kind);
            assertThat(c.series()).as(kind).isEqualTo(10);
            assertThat(c.points()).as(kind).isEqualTo(latencyPoints(fast, kind) + latencyPoints(flaky, kind));
        }
        // corrected and service of both runs, every point of their curves short of 100 %
        assertThat(charts.get("distribution").series()).isEqualTo(4);
        assertThat(charts.get("distribution").points())
                .isEqualTo(curvePoints(fast) + curvePoints(flaky))
                .isGreaterThan(40);
        // successes of both and the flaky run's 503s, each class named in the line it is the same as
        assertThat(charts.get("outcomes").labels())
                .isEqualTo("fast: success (2xx) | flaky: success (2xx) | flaky: unexpected status (5xx)");
        assertThat(s.report()).contains("flaky", "fast").contains("Corrected latency");
    }

    @Test
    void darkModeDrawsTheSameCharts() throws Exception {
        Chromium.Status light = new Chromium(dir).dumpDom(page, "");
        Chromium.Status dark = new Chromium(dir).dumpDom(page, "?theme=dark");
        assertThat(dark.errors()).isZero();
        assertThat(dark.charts().keySet()).isEqualTo(light.charts().keySet());
        assertThat(dark.dom()).contains("data-theme=\"dark\"");
    }

    @Test
    void theScreenshotsAreNotBlankAndDarkModeIsDark() throws Exception {
        Chromium chromium = new Chromium(dir);
        BufferedImage light = chromium.screenshot(page, "", 2000);
        BufferedImage dark = chromium.screenshot(page, "?theme=dark", 2000);
        // the system's dark mode (prefers-color-scheme), as Chromium emulates it
        BufferedImage system = chromium.screenshot(page, "", 1000, "--force-dark-mode");
        assertThat(light.getWidth()).isEqualTo(1280);
        assertThat(Chromium.colours(light, 200)).as("distinct colours, light").isGreaterThanOrEqualTo(50);
        assertThat(Chromium.colours(dark, 200)).as("distinct colours, dark").isGreaterThanOrEqualTo(50);
        assertThat(Chromium.luminance(light)).as("light page").isGreaterThan(180);
        assertThat(Chromium.luminance(dark)).as("dark page").isLessThan(70);
        assertThat(Chromium.luminance(system))
                .as("dark page from prefers-color-scheme")
                .isLessThan(70);
    }

    @Test
    void anOlderFileIsDrawnWithWhatItHas() throws Exception {
        ObjectNode old = fast.deepCopy();
        old.remove("machine");
        ((ObjectNode) old.path("summary")).remove("command");
        for (String kind : new String[] {"corrected", "service"}) {
            ((ObjectNode) old.path("latency").path(kind)).remove("curve");
        }
        for (JsonNode e : old.path("timeline")) {
            ((ObjectNode) e).remove(java.util.List.of("service", "outcomes", "status", "connections", "p90_us"));
        }
        Path file = dir.resolve("old.json");
        new ObjectMapper().writeValue(file.toFile(), old);
        Path oldPage = dir.resolve("old.html");
        CliRun r = CliRun.of("report", file.toString(), "-o", oldPage.toString());
        assertThat(r.exit()).as(r.err()).isZero();

        Chromium.Status s = new Chromium(dir).dumpDom(oldPage, "");
        assertThat(s.errors())
                .as("script errors recorded by the page:\n%s", s.dom())
                .isZero();
        assertThat(s.state()).isEqualTo("done");
        // the fixed percentiles p50 ... p99.99 of both, instead of the curves
        assertThat(s.charts().get("distribution").points()).isEqualTo(12);
        assertThat(s.charts().get("latency-service").points()).isZero();
        assertThat(s.charts().get("outcomes").points()).isZero();
        assertThat(s.charts().get("latency-corrected").series()).isEqualTo(4);
        assertThat(s.report()).contains("Nothing to draw", "not recorded in this file");
    }

    @Test
    void thresholdVerdictsAreShownWhenTheFileHasThemAndNothingOtherwise() throws Exception {
        ObjectNode judged = fast.deepCopy();
        ObjectNode p99 = judged.putArray("thresholds").addObject();
        p99.put("expression", "p99<250ms").put("metric", "p99").put("op", "<").put("limit", 250_000);
        p99.put("actual", 812.5)
                .put("unit", "us")
                .put("shown", "ms")
                .put("passed", true)
                .putNull("reason");
        ObjectNode errors = ((com.fasterxml.jackson.databind.node.ArrayNode) judged.path("thresholds")).addObject();
        errors.put("expression", "errors<0.1%")
                .put("metric", "errors")
                .put("op", "<")
                .put("limit", 0.001);
        errors.put("actual", 0.025).put("unit", "fraction").put("shown", "%");
        errors.put("passed", false).put("reason", "2.5 % of requests failed");
        judged.put("thresholds_passed", false).put("aborted", true);
        Path file = dir.resolve("judged.json");
        new ObjectMapper().writeValue(file.toFile(), judged);
        Path judgedPage = dir.resolve("judged.html");
        assertThat(CliRun.of("report", file.toString(), "-o", judgedPage.toString())
                        .exit())
                .isZero();

        Chromium.Status s = new Chromium(dir).dumpDom(judgedPage, "");
        assertThat(s.errors())
                .as("script errors recorded by the page:\n%s", s.dom())
                .isZero();
        assertThat(s.report())
                .contains("Thresholds failed", "aborted by a threshold", "p99&lt;250ms", "errors&lt;0.1%")
                // limit and actual in the expression's units: ms for the latency, % for the share
                .contains("0.813 ms", "&lt; 250 ms", "2.5 %", "&lt; 0.1 %")
                .contains("2.5 % of requests failed", "data-passed=\"true\"", "data-passed=\"false\"");
        assertThat(new Chromium(dir).dumpDom(page, "").report()).doesNotContain("Thresholds", "data-passed");
    }

    private static int entries(JsonNode doc) {
        return doc.path("timeline").size();
    }

    private static int latencyPoints(JsonNode doc, String kind) {
        int n = 0;
        for (JsonNode e : doc.path("timeline")) {
            JsonNode l = kind.equals("corrected") ? e : e.path("service");
            for (String k : new String[] {"p50_us", "p90_us", "p99_us", "p999_us", "max_us"}) {
                n += l.path(k).asDouble() > 0 ? 1 : 0;
            }
        }
        return n;
    }

    private static int curvePoints(JsonNode doc) {
        int n = 0;
        for (String kind : new String[] {"corrected", "service"}) {
            for (JsonNode p : doc.path("latency").path(kind).path("curve")) {
                n += p.get(0).asDouble() < 100 && p.get(1).asDouble() > 0 ? 1 : 0;
            }
        }
        return n;
    }
}
