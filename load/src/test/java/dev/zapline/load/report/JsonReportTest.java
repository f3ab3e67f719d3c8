package dev.zapline.load.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.LoopRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonReportTest {

    @Test
    void aFileRewrittenEachSecondIsTheWholeRenderingEveryTime(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        JsonReport writer = new JsonReport(file);
        SplittableRandom r = new SplittableRandom(7);
        List<IntervalStats> timeline = new ArrayList<>();
        for (int second = 0; second < 40; second++) {
            timeline.add(new IntervalStats(
                    second,
                    1,
                    1000,
                    r.nextDouble(900, 1100),
                    r.nextDouble(900, 1100),
                    r.nextDouble(100, 200),
                    r.nextDouble(200, 900),
                    r.nextDouble(900, 5000),
                    r.nextDouble(5000, 9000),
                    r.nextInt(3),
                    r.nextInt(3),
                    r.nextInt(50),
                    10_000,
                    second < 3));
            Summary s = summary(second + 1, List.copyOf(timeline), second == 39);
            writer.write(s);
            assertThat(Files.readString(file)).as("after second " + second).isEqualTo(JsonReport.render(s));
        }
        assertThat(Files.readString(file))
                .contains("\"t\":39.000", "\"complete\":true")
                .doesNotContain(".tmp");
    }

    @Test
    void membersGoAtTheTopLevelAfterTheTimeline(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        new JsonReport(file)
                .write(
                        summary(1, List.of(), true),
                        "\"thresholds\": [],\n  \"thresholds_passed\": true,\n  \"aborted\": null");
        com.fasterxml.jackson.databind.JsonNode j =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        List<String> keys = new ArrayList<>();
        j.fieldNames().forEachRemaining(keys::add);
        assertThat(keys)
                .containsExactly("summary", "latency", "timeline", "thresholds", "thresholds_passed", "aborted");
        assertThat(j.path("thresholds_passed").asBoolean()).isTrue();
        // every connect statistic a threshold can name
        assertThat(j.path("summary").path("connect").fieldNames())
                .toIterable()
                .containsExactly(
                        "count",
                        "failures",
                        "p50_us",
                        "max_us",
                        "p75_us",
                        "p90_us",
                        "p99_us",
                        "p999_us",
                        "p9999_us",
                        "mean_us");
    }

    @Test
    void aTimelineThatShrinksIsRefused(@TempDir Path dir) throws Exception {
        JsonReport writer = new JsonReport(dir.resolve("run.json"));
        IntervalStats one = new IntervalStats(0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, false);
        writer.write(summary(1, List.of(one, one), false));
        assertThatThrownBy(() -> writer.write(summary(2, List.of(one), false))).hasMessageContaining("shrank");
    }

    private static Summary summary(double seconds, List<IntervalStats> timeline, boolean complete) {
        Summary.Latency l = Summary.Latency.of(LoopRecorder.newHistogram());
        return new Summary(
                "http://127.0.0.1:1/x",
                "open",
                complete,
                seconds,
                1000,
                1000,
                0,
                0,
                1000,
                999.5,
                0.002,
                1,
                0,
                Map.of("success", 1000L),
                Map.of(200, 1000L),
                1,
                2,
                l,
                l,
                l,
                0,
                null,
                10_000,
                false,
                null,
                timeline);
    }
}
