package dev.zapline.cli.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.metrics.JourneyRecorder;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.report.JourneyFixture;
import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.RunTag;
import dev.zapline.load.report.Summary;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MergeJourneysTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Segment {@code i} of 2 whose loops are {@code loops}. */
    private static RunReport.Run segment(int i, JourneyRecorder... loops) throws Exception {
        Summary s = JourneyFixture.summary(loops);
        String run = new RunTag("r1", i, 2, Instant.parse("2026-12-01T23:50:00Z"), 0)
                .jsonMember(LoopRecorder.newHistogram(), LoopRecorder.newHistogram());
        return new RunReport.Run("seg" + i + ".json", JSON.readTree(JsonReport.render(s, null, run)));
    }

    @Test
    void stepsAndJourneysAddExactlyToThoseOfOneRunOverEveryLoop() throws Exception {
        JourneyRecorder a = JourneyFixture.recorder(1);
        JourneyRecorder b = JourneyFixture.recorder(3);
        JourneyRecorder c = JourneyFixture.recorder(7);
        // as the merged file reads back: numbers typed as a parser types them
        JsonNode merged = JSON.readTree(
                Merge.merge(List.of(segment(0, a, b), segment(1, c)), false).toString());
        JsonNode whole = JSON.readTree(JsonReport.render(JourneyFixture.summary(
                JourneyFixture.recorder(1), JourneyFixture.recorder(3), JourneyFixture.recorder(7))));
        assertThat(merged.path("steps").size()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            JsonNode m = merged.path("steps").get(i);
            JsonNode w = whole.path("steps").get(i);
            for (String k : new String[] {"key", "journey", "requests", "errors", "outcomes", "statuses", "checks"}) {
                assertThat(m.path(k)).as(w.path("key") + " " + k).isEqualTo(w.path(k));
            }
            assertThat(m.path("latency")).isEqualTo(w.path("latency"));
            assertThat(RunTag.decode(m.path("histograms").path("corrected").asText()))
                    .isEqualTo(
                            RunTag.decode(w.path("histograms").path("corrected").asText()));
            assertThat(RunTag.decode(m.path("histograms").path("service").asText()))
                    .isEqualTo(
                            RunTag.decode(w.path("histograms").path("service").asText()));
        }
        assertThat(merged.at("/steps/0/requests").asLong()).isEqualTo(12);
        assertThat(merged.at("/steps/0/checks/1").toString())
                .isEqualTo("{\"check\":\"$.token exists\",\"passed\":9,\"failed\":3}");
        JsonNode j = merged.path("journeys");
        for (String k : new String[] {"started", "completed", "failed", "unfinished", "checks"}) {
            assertThat(j.path(k)).as(k).isEqualTo(whole.path("journeys").path(k));
        }
        assertThat(j.path("started").asLong()).isEqualTo(18);
        for (String name : new String[] {"shop", "browse"}) {
            JsonNode m = j.path("each").path(name);
            JsonNode w = whole.path("journeys").path("each").path(name);
            for (String k : new String[] {"started", "completed", "failed", "failed_at", "unfinished", "latency"}) {
                assertThat(m.path(k)).as(name + " " + k).isEqualTo(w.path(k));
            }
            assertThat(RunTag.decode(m.path("histograms").path("corrected").asText()))
                    .isEqualTo(
                            RunTag.decode(w.path("histograms").path("corrected").asText()));
        }
        assertThat(j.at("/each/shop/failed_at").toString()).isEqualTo("{\"login\":3,\"pay\":3}");
        assertThat(j.at("/each/shop/latency/corrected/count").asLong()).isEqualTo(6);
    }

    @Test
    void segmentsWhoseStepsDifferAreRefused() throws Exception {
        RunReport.Run one = segment(0, JourneyFixture.recorder(1));
        RunReport.Run other = segment(1, JourneyFixture.recorder(1));
        ((ObjectNode) other.doc().at("/steps/1")).put("key", "checkout");
        assertThatThrownBy(() -> Merge.merge(List.of(one, other), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("different steps: seg0.json has [shop:login[status == 200, $.token exists], shop:pay, "
                        + "browse:home[body contains \"ok\"], journey shop, journey browse], seg1.json has "
                        + "[shop:login[status == 200, $.token exists], shop:checkout, browse:home[body contains "
                        + "\"ok\"], journey shop, journey browse]");
        RunReport.Run plain = segment(1, JourneyFixture.recorder(1));
        ((ObjectNode) plain.doc()).remove(List.of("steps", "journeys"));
        assertThatThrownBy(() -> Merge.merge(List.of(one, plain), false))
                .hasMessage("a journey run and another: seg0.json has steps, seg1.json has no steps");
    }
}
