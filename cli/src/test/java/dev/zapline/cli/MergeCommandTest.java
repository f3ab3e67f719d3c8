package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.report.RunTag;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code zapline merge} on JSON files made here: the arithmetic exactly, and what it refuses. */
class MergeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} segments")
    @ValueSource(ints = {1, 2, 3, 5})
    void mergedHistogramsAreTheInputsAddedAndCountsAdd(int n) throws Exception {
        SplittableRandom random = new SplittableRandom(n * 31L);
        Histogram corrected = LoopRecorder.newHistogram();
        Histogram service = LoopRecorder.newHistogram();
        List<String> args = new ArrayList<>(List.of("merge"));
        long requests = 0;
        long timelineSuccess = 0;
        for (int i = 0; i < n; i++) {
            Histogram c = LoopRecorder.newHistogram();
            Histogram s = LoopRecorder.newHistogram();
            int count = random.nextInt(100, 2_000);
            for (int k = 0; k < count; k++) {
                long v = random.nextLong(10_000, 50_000_000);
                c.recordValue(v);
                s.recordValue(v / 2);
            }
            corrected.add(c);
            service.add(s);
            requests += count;
            timelineSuccess += count;
            args.add(write("s" + i + ".json", doc("run-a", i, n, count, c, s)).toString());
        }
        Path out = dir.resolve("merged.json");
        args.addAll(List.of("-o", out.toString()));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode m = JSON.readTree(out.toFile());
        assertThat(RunTag.decode(m.at("/run/histograms/corrected").asText())).isEqualTo(corrected);
        assertThat(RunTag.decode(m.at("/run/histograms/service").asText())).isEqualTo(service);
        assertThat(m.at("/latency/corrected/count").asLong()).isEqualTo(corrected.getTotalCount());
        assertThat(m.at("/latency/corrected/p99_us").asDouble())
                .isEqualTo(Math.round(corrected.getValueAtPercentile(99) / 1e3 * 1e3) / 1e3, within());
        assertThat(m.at("/summary/requests").asLong()).isEqualTo(requests);
        assertThat(m.at("/summary/outcomes/success").asLong()).isEqualTo(requests);
        assertThat(m.at("/run/segments").asInt()).isEqualTo(n);
        assertThat(m.at("/run/inputs")).hasSize(n);
        long sum = 0;
        for (JsonNode e : m.path("timeline")) {
            sum += e.at("/outcomes/success").asLong();
            assertThat(e.path("p99_us").isNull()).isTrue();
        }
        assertThat(sum).isEqualTo(timelineSuccess);
        assertThat(m.path("timeline")).hasSize(2);
        // zapline report draws it
        CliRun report =
                CliRun.of("report", out.toString(), "-o", dir.resolve("m.html").toString());
        assertThat(report.exit()).as(report.err()).isZero();
    }

    @Test
    void thresholdsAreJudgedOnTheMergedRun() throws Exception {
        Histogram c = LoopRecorder.newHistogram();
        c.recordValue(20_000_000);
        Path a = write("a.json", doc("r", 0, 2, 1, c, c));
        Path b = write("b.json", doc("r", 1, 2, 1, c, c));
        Path out = dir.resolve("m.json");
        CliRun fail = CliRun.of("merge", a.toString(), b.toString(), "-o", out.toString(), "--threshold", "p99<5ms");
        assertThat(fail.exit()).as(fail.err()).isEqualTo(99);
        CliRun pass = CliRun.of("merge", a.toString(), b.toString(), "-o", out.toString(), "--threshold", "p99<50ms");
        assertThat(pass.exit()).as(pass.err()).isZero();
        assertThat(JSON.readTree(out.toFile()).path("thresholds_passed").asBoolean())
                .isTrue();
    }

    @Test
    void tlsCountsAddAndHandshakeTimesTakeTheLargest() throws Exception {
        Histogram c = LoopRecorder.newHistogram();
        c.recordValue(1_000_000);
        List<String> args = new ArrayList<>(List.of("merge"));
        for (int i = 0; i < 2; i++) {
            ObjectNode doc = doc("t", i, 2, 1, c, c);
            String tls = """
                    {"handshakes":%1$d,"full":%1$d,"resumed":0,"failed":0,
                    "handshake":{"count":%1$d,"p50_us":%2$d.0,"max_us":%2$d.0,"mean_us":%2$d.0},
                    "protocols":{"TLSv1.3":%1$d},"ciphers":{},"groups":{},"alpn":{},"failures":{}}
                    """.formatted(i + 2, 100 * (i + 1));
            ((ObjectNode) doc.get("summary")).set("tls", JSON.readTree(tls));
            args.add(write("t" + i + ".json", doc).toString());
        }
        Path out = dir.resolve("t.json");
        args.addAll(List.of("-o", out.toString()));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode tls = JSON.readTree(out.toFile()).at("/summary/tls");
        assertThat(tls.path("handshakes").asLong()).isEqualTo(5);
        assertThat(tls.at("/protocols/TLSv1.3").asLong()).isEqualTo(5);
        assertThat(tls.at("/handshake/count").asLong()).isEqualTo(5);
        assertThat(tls.at("/handshake/p50_us").asDouble()).isEqualTo(200.0);
    }

    @Test
    void refusesDifferentRunsOverlapsAndMissingSegments() throws Exception {
        Histogram c = LoopRecorder.newHistogram();
        c.recordValue(1_000_000);
        Path a0 = write("a0.json", doc("a", 0, 3, 1, c, c));
        Path a1 = write("a1.json", doc("a", 1, 3, 1, c, c));
        Path a1again = write("a1b.json", doc("a", 1, 3, 1, c, c));
        Path b2 = write("b2.json", doc("b", 2, 3, 1, c, c));
        Path half = write("h.json", doc("a", 1, 2, 1, c, c));
        String out = dir.resolve("m.json").toString();
        assertRefused(CliRun.of("merge", a0.toString(), b2.toString(), "-o", out), "different runs", "run b");
        assertRefused(
                CliRun.of("merge", a0.toString(), a1.toString(), a1again.toString(), "-o", out), "segment 1/3 twice");
        assertRefused(CliRun.of("merge", a0.toString(), half.toString(), "-o", out), "overlapping segments");
        assertRefused(CliRun.of("merge", a0.toString(), a1.toString(), "-o", out), "segment 2/3 missing");
        CliRun partial = CliRun.of("merge", a0.toString(), a1.toString(), "-o", out, "--allow-partial");
        assertThat(partial.exit()).as(partial.err()).isZero();
        JsonNode m = JSON.readTree(Path.of(out).toFile());
        assertThat(m.at("/run/partial").asBoolean()).isTrue();
        assertThat(m.at("/summary/complete").asBoolean()).isFalse();
    }

    private static void assertRefused(CliRun run, String... message) {
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(message);
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(0.001);
    }

    private Path write(String name, ObjectNode doc) throws Exception {
        return SegmentFiles.write(dir, name, doc);
    }

    private static ObjectNode doc(String id, int segment, int segments, long count, Histogram c, Histogram s)
            throws Exception {
        return SegmentFiles.doc(id, segment, segments, count, c, s);
    }
}
