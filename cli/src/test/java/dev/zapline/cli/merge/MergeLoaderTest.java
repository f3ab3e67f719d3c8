package dev.zapline.cli.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.report.RunReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A merged run's loader object: every segment's kept, the worst figures and verdict on top. */
class MergeLoaderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static RunReport.Run segment(int i, String loader) throws Exception {
        return new RunReport.Run(
                "s" + i, JSON.readTree("{\"summary\":{" + loader + "},\"run\":{\"segment\":" + i + "}}"));
    }

    private static String loader(double busy, double p99, String verdict) {
        return "\"loader\":{\"busy\":[" + busy + "],\"busy_max\":" + busy + ",\"send_lag\":{\"p99_us\":" + p99
                + "},\"verdict\":\"" + verdict + "\",\"reason\":\"" + verdict + " because\"}";
    }

    @Test
    void theWorstSegmentSpeaksForTheRun() throws Exception {
        ObjectNode summary = JSON.createObjectNode();
        MergeLoader.merge(
                List.of(
                        segment(0, loader(0.2, 40.5, "target")),
                        segment(1, loader(0.95, 3000.0, "loader")),
                        segment(2, loader(0.5, 10.0, "neither"))),
                summary);
        assertThat(summary.path("loader").path("busy_max").asDouble()).isEqualTo(0.95);
        assertThat(summary.path("loader").path("send_lag").path("p99_us").asDouble())
                .isEqualTo(3000.0);
        assertThat(summary.path("loader").path("verdict").asText()).isEqualTo("loader");
        assertThat(summary.path("loader").path("reason").asText()).isEqualTo("segment 1: loader because");
        assertThat(summary.path("loader").path("segments")).hasSize(3);
        assertThat(summary.path("loader")
                        .path("segments")
                        .get(2)
                        .path("segment")
                        .asInt())
                .isEqualTo(2);
    }

    @Test
    void aSegmentWithoutALoaderLeavesTheRunWithout() throws Exception {
        ObjectNode summary = (ObjectNode) JSON.readTree("{\"loader\":{\"busy_max\":0.1}}");
        MergeLoader.merge(List.of(segment(0, loader(0.2, 40.5, "target")), segment(1, "\"x\":1")), summary);
        assertThat(summary.has("loader")).isFalse();
    }
}
