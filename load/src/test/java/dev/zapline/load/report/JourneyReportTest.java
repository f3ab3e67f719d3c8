package dev.zapline.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.metrics.JourneyRecorder;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.transport.metrics.Exposition;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class JourneyReportTest {

    private static final long MS = 1_000_000;

    private static Histogram of(long... nanos) {
        Histogram h = LoopRecorder.newHistogram();
        for (long v : nanos) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void eachStepHasItsOwnCountsLatenciesAndChecksSummedOverTheLoops() {
        Summary s = JourneyFixture.summary(JourneyFixture.recorder(1), JourneyFixture.recorder(2));
        assertThat(s.steps()).extracting(StepSummary::key).containsExactly("login", "pay", "home");
        assertThat(s.steps()).extracting(StepSummary::journey).containsExactly("shop", "shop", "browse");
        StepSummary login = s.step("login");
        assertThat(login.requests()).isEqualTo(8);
        assertThat(login.errors()).isZero();
        assertThat(login.outcomes()).containsEntry("success", 6L).containsEntry("check", 2L);
        assertThat(login.statuses()).isEqualTo(Map.of(200, 8L));
        Histogram expected = of(MS, 2 * MS, 3 * MS, 10 * MS, 2 * MS, 4 * MS, 6 * MS, 10 * MS);
        assertThat(login.corrected().count()).isEqualTo(8);
        assertThat(login.corrected().percentilesUs())
                .containsExactly(Summary.Latency.of(expected).percentilesUs());
        assertThat(login.corrected().maxUs()).isEqualTo(expected.getMaxValue() / 1e3);
        assertThat(login.checks())
                .containsExactly(
                        new StepSummary.CheckCount("status == 200", 8, 0),
                        new StepSummary.CheckCount("$.token exists", 6, 2));
        StepSummary pay = s.step("pay");
        assertThat(pay.requests()).isEqualTo(6);
        assertThat(pay.errors()).isEqualTo(2);
        assertThat(pay.outcomes()).containsEntry("success", 4L).containsEntry("timeout", 2L);
        assertThat(pay.service().maxUs()).isEqualTo(of(9 * MS).getMaxValue() / 1e3);
        assertThat(pay.checks()).isEmpty();
        StepSummary home = s.step("home");
        assertThat(home.outcomes()).containsEntry("failure_status", 2L).containsEntry("extract", 2L);
        assertThat(home.statuses()).isEqualTo(Map.of(200, 2L, 500, 2L));
        assertThat(home.checks()).containsExactly(new StepSummary.CheckCount("body contains \"ok\"", 2, 2));
        assertThat(home.checksPassed()).isEqualTo(2);
        assertThat(home.checksFailed()).isEqualTo(2);
        assertThat(RunTag.decode(login.histograms().corrected())).isEqualTo(expected);
        assertThat(s.step("nope")).isNull();
    }

    @Test
    void journeysCountStartsCompletionsFailuresByStepAndTheirOwnLatency() {
        Journeys j = JourneyFixture.summary(JourneyFixture.recorder(1), JourneyFixture.recorder(2))
                .journeys();
        assertThat(List.of(j.started(), j.completed(), j.failed(), j.unfinished(), j.checksPassed(), j.checksFailed()))
                .containsExactly(12L, 4L, 8L, 2L, 16L, 4L);
        Journeys.Journey shop = j.each().get(0);
        assertThat(shop.name()).isEqualTo("shop");
        assertThat(List.of(shop.started(), shop.completed(), shop.failed(), shop.unfinished()))
                .containsExactly(8L, 4L, 4L, 0L);
        assertThat(shop.failedAt()).containsExactly(Map.entry("login", 2L), Map.entry("pay", 2L));
        Histogram corrected = of(20 * MS, 30 * MS, 40 * MS, 60 * MS);
        assertThat(shop.corrected().percentilesUs())
                .containsExactly(Summary.Latency.of(corrected).percentilesUs());
        assertThat(RunTag.decode(shop.histograms().service())).isEqualTo(of(15 * MS, 25 * MS, 30 * MS, 50 * MS));
        Journeys.Journey browse = j.each().get(1);
        assertThat(List.of(browse.started(), browse.completed(), browse.failed(), browse.unfinished()))
                .containsExactly(4L, 0L, 4L, 2L);
        assertThat(browse.failedAt()).containsExactly(Map.entry("home", 4L));
        assertThat(browse.corrected().count()).isZero();
    }

    @Test
    void theJsonFileHasAStepsArrayAndAJourneysObjectWithEveryKey() throws Exception {
        Summary s = JourneyFixture.summary(JourneyFixture.recorder(1));
        JsonNode root = new ObjectMapper().readTree(JsonReport.render(s));
        assertThat(root.fieldNames())
                .toIterable()
                .containsExactly("summary", "machine", "latency", "timeline", "steps", "journeys");
        JsonNode login = root.path("steps").get(0);
        assertThat(login.fieldNames())
                .toIterable()
                .containsExactly(
                        "key",
                        "journey",
                        "requests",
                        "errors",
                        "outcomes",
                        "statuses",
                        "checks",
                        "latency",
                        "histograms");
        assertThat(login.path("key").asText()).isEqualTo("login");
        assertThat(login.path("journey").asText()).isEqualTo("shop");
        assertThat(login.path("requests").asLong()).isEqualTo(4);
        assertThat(login.path("outcomes").path("check").asLong()).isEqualTo(1);
        assertThat(login.path("statuses").path("200").asLong()).isEqualTo(4);
        assertThat(login.path("checks").get(1).toString())
                .isEqualTo("{\"check\":\"$.token exists\",\"passed\":3,\"failed\":1}");
        assertThat(login.path("latency").path("corrected").path("count").asLong())
                .isEqualTo(4);
        assertThat(login.path("latency").path("service").path("max_us").asDouble())
                .isEqualTo(Math.round(of(10 * MS).getMaxValue() / 1.0) / 1e3);
        assertThat(RunTag.decode(login.path("histograms").path("corrected").asText()))
                .isEqualTo(of(MS, 2 * MS, 3 * MS, 10 * MS));
        assertThat(root.path("steps").get(2).path("checks").get(0).path("check").asText())
                .isEqualTo("body contains \"ok\"");
        JsonNode j = root.path("journeys");
        assertThat(j.fieldNames())
                .toIterable()
                .containsExactly("started", "completed", "failed", "unfinished", "checks", "each");
        assertThat(j.path("checks").toString()).isEqualTo("{\"passed\":8,\"failed\":2}");
        JsonNode shop = j.path("each").path("shop");
        assertThat(shop.fieldNames())
                .toIterable()
                .containsExactly("started", "completed", "failed", "failed_at", "unfinished", "latency", "histograms");
        assertThat(shop.path("failed_at").toString()).isEqualTo("{\"login\":1,\"pay\":1}");
        assertThat(j.path("each").path("browse").path("unfinished").asLong()).isEqualTo(1);
        assertThat(RunTag.decode(shop.path("histograms").path("corrected").asText()))
                .isEqualTo(of(20 * MS, 30 * MS));
    }

    @Test
    void aRunWithoutJourneysHasNeitherKeyNorText() throws Exception {
        Summary s = JourneyFixture.summary(JourneyFixture.recorder(1));
        Summary plain = JourneyFixture.withoutJourneys(s);
        assertThat(plain.steps()).isEmpty();
        assertThat(plain.journeys()).isNull();
        String json = JsonReport.render(plain);
        assertThat(new ObjectMapper().readTree(json).fieldNames())
                .toIterable()
                .containsExactly("summary", "machine", "latency", "timeline");
        assertThat(JsonReport.render(s)).startsWith(json.substring(0, json.length() - "\n}\n".length()));
        // the same text up to the journeys' own lines, but for the rate line, which names journeys in a journey run
        String plainText = withoutRate(Text.render(plain));
        String journeyText = withoutRate(Text.render(s));
        assertThat(plainText).isEqualTo(journeyText.substring(0, plainText.length()));
        assertThat(Text.render(plain)).contains("Rate        8/s achieved of 9/s target");
        assertThat(Text.render(s)).contains("Rate        8 responses/s within the 1.00 s; journeys started 6/s of 9/s");
        assertThat(Text.render(plain)).doesNotContain("Steps", "Journey");
    }

    private static String withoutRate(String text) {
        return text.replaceAll("(?m)^Rate .*\\R", "");
    }

    @Test
    void theTextSummaryHasAStepTableAndAJourneyLineEach() {
        Summary s = JourneyFixture.summary(JourneyFixture.recorder(1));
        String text = Text.render(s);
        String steps = text.substring(text.indexOf("Steps"));
        assertThat(steps.split("\n"))
                .containsExactly(
                        "Steps                        requests  success      p50      p90      p99      max  svc p99"
                                + " chk fail",
                        "  login                             4   75.00%   2.00ms  10.00ms  10.00ms  10.00ms  10.00ms"
                                + "        1",
                        "  pay                               3   66.67%   5.00ms   5.00ms   5.00ms   5.00ms   4.00ms"
                                + "        -",
                        "  home                              2    0.00%   2.00ms   3.00ms   3.00ms   3.00ms   3.00ms"
                                + "        1",
                        "Journey     shop: 4 started, 2 completed, 2 failed, 0 unfinished, p50 20.00ms, p99 30.02ms",
                        "  failed at login 1, pay 1",
                        "Journey     browse: 2 started, 0 completed, 2 failed, 1 unfinished, p50 -, p99 -",
                        "  failed at home 2",
                        "Checks      8 passed, 2 failed (80.00% passed)");
        for (String line : text.split("\n")) {
            assertThat(line.length()).as(line).isLessThanOrEqualTo(JourneyText.WIDTH);
        }
    }

    @Test
    void aLongStepKeyIsCutWithAnEllipsis() {
        assertThat(JourneyText.cut("checkout/confirm-the-payment-now", 25)).isEqualTo("checkout/confirm-the-pay…");
        assertThat(JourneyText.cut("login", 25)).isEqualTo("login");
        assertThat(JourneyText.cut("x".repeat(25), 25)).isEqualTo("x".repeat(25));
    }

    @Test
    void aScrapeHasTheStepAndJourneyLabels() {
        LiveMetrics live = new LiveMetrics();
        JourneyRecorder a = JourneyFixture.recorder(1);
        live.journeys(JourneyFixture.results(a));
        Exposition e = new Exposition();
        live.write(e);
        assertThat(e.toString().lines())
                .contains(
                        "zapline_load_step_requests_sent_total{step=\"login\"} 4",
                        "zapline_load_step_outcomes_total{step=\"pay\",outcome=\"timeout\"} 1",
                        "zapline_load_step_checks_failed_total{step=\"login\"} 1",
                        "zapline_load_step_checks_passed_total{step=\"home\"} 1",
                        "zapline_load_journeys_started_total{journey=\"shop\"} 4",
                        "zapline_load_journeys_failed_total{journey=\"browse\"} 2",
                        "zapline_load_journeys_unfinished_total{journey=\"browse\"} 1",
                        "zapline_load_step_latency_max_seconds{step=\"login\",latency=\"corrected\"} "
                                + of(10 * MS).getMaxValue() / 1e9);
    }
}
