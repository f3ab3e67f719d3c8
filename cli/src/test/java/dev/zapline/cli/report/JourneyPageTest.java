package dev.zapline.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.report.JourneyFixture;
import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.Summary;
import dev.zapline.wire.peer.Peers;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class JourneyPageTest {

    private static final String STEPS_SCRIPT = "zapline report, journey runs";

    private static RunReport.Run run(String name, Summary s) {
        return RunReport.Run.parse(name, JsonReport.render(s), name);
    }

    @Test
    void onlyAJourneyRunsPageHasTheStepScriptAndItCarriesNoEncodedHistograms() {
        Summary s = JourneyFixture.summary(JourneyFixture.recorder(1));
        String page = RunReport.render(List.of(run("shop", s)));
        assertThat(page).contains(STEPS_SCRIPT, "\"key\":\"login\"", "\"failed_at\":");
        assertThat(page).doesNotContain(s.step("login").histograms().corrected(), "\"histograms\"");
        String without = RunReport.render(List.of(run("plain", JourneyFixture.withoutJourneys(s))));
        assertThat(without).doesNotContain(STEPS_SCRIPT, "\"steps\"");
        assertThat(without)
                .isEqualTo(Page.render(
                        "zapline load: plain",
                        "{\"kind\":\"runs\",\"runs\":[{\"name\":\"plain\",\"doc\":"
                                + run("plain", JourneyFixture.withoutJourneys(s))
                                        .doc() + "}]}",
                        "runs.js"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aBrowserDrawsAChartPerStepWithTheCurvesPoints(@TempDir Path dir) throws Exception {
        Peers.require("chromium");
        Summary a = JourneyFixture.summary(JourneyFixture.recorder(1));
        Summary b = JourneyFixture.summary(JourneyFixture.recorder(2), JourneyFixture.recorder(5));
        Path page = dir.resolve("journeys.html");
        RunReport.write(page, List.of(run("a", a), run("b", b)));
        Chromium.Status st = new Chromium(dir).dumpDom(page, "");
        assertThat(st.errors()).as("script errors:\n%s", st.dom()).isZero();
        assertThat(st.state()).isEqualTo("done");
        Map<String, Chromium.Chart> charts = st.charts();
        JsonNode docA = new ObjectMapper().readTree(JsonReport.render(a));
        JsonNode docB = new ObjectMapper().readTree(JsonReport.render(b));
        for (int i = 0; i < 3; i++) {
            Chromium.Chart c = charts.get("step-" + i);
            assertThat(c).as("step-" + i).isNotNull();
            assertThat(c.series()).isEqualTo(4);
            assertThat(c.drawn()).isPositive();
            assertThat(c.points())
                    .isEqualTo(points(docA.path("steps").get(i))
                            + points(docB.path("steps").get(i)));
            assertThat(c.labels()).isEqualTo("a: corrected | a: service | b: corrected | b: service");
        }
        assertThat(st.report()).contains("Steps", "Journeys", "login", "browse");
    }

    /** The curve points a step's chart draws: those short of 100 %, one per distinct percentile. */
    private static int points(JsonNode step) {
        int n = 0;
        for (String kind : new String[] {"corrected", "service"}) {
            double last = -1;
            for (JsonNode p : step.path("latency").path(kind).path("curve")) {
                double pct = p.get(0).asDouble();
                if (pct < 100 && p.get(1).asDouble() > 0 && pct != last) {
                    n++;
                    last = pct;
                }
            }
        }
        return n;
    }
}
