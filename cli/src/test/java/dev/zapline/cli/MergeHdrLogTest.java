package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.report.RunTag;
import dev.zapline.wire.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline merge} with the segments' {@code --hdr-log} files and directories of files: exact per-second
 * percentiles, the merged interval log, what it refuses, and {@code --wait}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MergeHdrLogTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double[] ENDS = {0.5, 1.0};

    @TempDir
    Path dir;

    @Test
    void perSecondPercentilesAreThoseOfTheAddedIntervalHistograms() throws Exception {
        int n = 3;
        Histogram[][] sums = segments("run-a", n, new SplittableRandom(7));
        Path out = dir.resolve("out");
        Files.createDirectory(out);
        CliRun run = CliRun.of(
                "merge",
                dir.toString(),
                "-o",
                out.resolve("m.json").toString(),
                "--hdr-log",
                out.resolve("m.hdr").toString());
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode m = JSON.readTree(out.resolve("m.json").toFile());
        assertThat(m.at("/run/timeline_percentiles").asText()).isEqualTo("exact");
        assertThat(m.at("/run/inputs")).hasSize(n);
        JsonNode timeline = m.path("timeline");
        assertThat(timeline).hasSize(ENDS.length);
        for (int i = 0; i < ENDS.length; i++) {
            JsonNode e = timeline.get(i);
            assertThat(e.path("t").asDouble()).isEqualTo(ENDS[i]);
            assertLatencies(e, IntervalStats.Latencies.of(sums[0][i]));
            assertLatencies(e.path("service"), IntervalStats.Latencies.of(sums[1][i]));
        }
        // the corrected and service seconds differ, so a mix-up of the tags would show
        assertThat(timeline.get(0).path("p99_us").asDouble())
                .isNotEqualTo(timeline.get(0).at("/service/p99_us").asDouble());

        // the merged log, read by HdrHistogram's own reader, holds the added intervals on the wall clock
        HistogramLogReader reader = new HistogramLogReader(out.resolve("m.hdr").toFile());
        long t0 = Instant.parse(SegmentFiles.START_AT).toEpochMilli();
        for (int i = 0; i < ENDS.length; i++) {
            for (int k = 0; k < 2; k++) {
                Histogram h = (Histogram) reader.nextIntervalHistogram();
                assertThat(h).isNotNull();
                assertThat(h.getTag()).isEqualTo(k == 1 ? "service" : null);
                assertThat(h).isEqualTo(sums[k][i]);
                assertThat(h.getEndTimeStamp()).isEqualTo(t0 + Math.round(ENDS[i] * 1000));
            }
        }
        assertThat(reader.nextIntervalHistogram()).isNull();
    }

    /**
     * A segment whose last response comes 0.4 ms after the window's end logs that drain as an interval from 1.000 of
     * length 0.000 (the log's millisecond): it ends where the window's last second ends, but is not part of it.
     */
    @Test
    void aDrainShorterThanTheLogsMillisecondIsNotAddedIntoTheWindowsLastSecond() throws Exception {
        Histogram drain = LoopRecorder.newHistogram();
        drain.recordValueWithCount(79_000_000, 10_000);
        Histogram[][] sums = segments("run-a", 2, new SplittableRandom(11), drain);
        // as the log has it: ending at 1.000, as the window's last second does
        assertThat(Files.readAllLines(dir.resolve("s0.hdr"))).anyMatch(l -> l.startsWith("1.000,0.000,"));
        Path out = dir.resolve("m.json");
        CliRun run = CliRun.of("merge", dir.toString(), "-o", out.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode timeline = JSON.readTree(out.toFile()).path("timeline");
        assertThat(timeline).hasSize(ENDS.length);
        JsonNode last = timeline.get(ENDS.length - 1);
        assertThat(last.path("t").asDouble()).isEqualTo(1.0);
        assertLatencies(last, IntervalStats.Latencies.of(sums[0][ENDS.length - 1]));
        assertLatencies(last.path("service"), IntervalStats.Latencies.of(sums[1][ENDS.length - 1]));
    }

    @Test
    void withoutEveryLogThePercentilesStayNullAndItSaysSo() throws Exception {
        segments("run-a", 2, new SplittableRandom(8));
        Files.delete(dir.resolve("s1.hdr"));
        Path out = dir.resolve("m.json");
        CliRun run = CliRun.of("merge", dir.toString(), "-o", out.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.err()).contains("hdr logs for 1 of 2 segments");
        JsonNode m = JSON.readTree(out.toFile());
        assertThat(m.at("/run/timeline_percentiles").asText()).isEqualTo("max only");
        assertThat(m.at("/timeline/0/p99_us").isNull()).isTrue();
        CliRun log = CliRun.of("merge", dir.toString(), "-o", out.toString(), "--hdr-log", "x.hdr");
        assertThat(log.exit()).isEqualTo(2);
        assertThat(log.err()).contains("--hdr-log needs every segment's hdr log: 1 of 2");
    }

    @Test
    void refusesLogsOfOtherRunsTwiceOrUnnamed() throws Exception {
        segments("run-a", 2, new SplittableRandom(9));
        Path m = dir.resolve("m.json");
        Histogram[] one = {hist(1), hist(2)};
        Files.createDirectory(dir.resolve("x"));
        Path other = SegmentFiles.hdrLog(dir.resolve("x"), "o.hdr", tag("run-b", 0, 2), ENDS, one, one);
        assertRefused(CliRun.of("merge", dir.toString(), other.toString(), "-o", m.toString()), "run run-b");
        Path again = SegmentFiles.hdrLog(dir.resolve("x"), "a.hdr", tag("run-a", 1, 2), ENDS, one, one);
        assertRefused(
                CliRun.of("merge", dir.toString(), again.toString(), "-o", m.toString()), "segment 1's hdr log twice");
        Path plain = dir.resolve("x").resolve("p.hdr");
        Files.writeString(plain, "#[StartTime: 1.000 (seconds since epoch)]\n");
        assertRefused(CliRun.of("merge", dir.toString(), plain.toString(), "-o", m.toString()), "no #zapline-run");
        Path bad = dir.resolve("x").resolve("b.hdr");
        Files.writeString(bad, "0.000,1.000,0.5,notbase64!\n");
        assertRefused(CliRun.of("merge", dir.toString(), bad.toString(), "-o", m.toString()), "b.hdr:1");
    }

    @Test
    void aDirectoryWithARunningSegmentIsRefusedOrWaitedFor() throws Exception {
        Histogram c = hist(1_000_000);
        Path seg = dir.resolve("segs");
        Files.createDirectory(seg);
        SegmentFiles.write(seg, "s0.json", SegmentFiles.doc("run-a", 0, 2, 1, c, c));
        ObjectNode running = SegmentFiles.doc("run-a", 1, 2, 1, c, c);
        ObjectNode last = running.deepCopy();
        running.remove("run");
        SegmentFiles.write(seg, "s1.json", running);
        // the output in the same directory, from an earlier merge, is not an input
        SegmentFiles.write(seg, "m.json", SegmentFiles.doc("run-a", 0, 2, 1, c, c));
        String out = seg.resolve("m.json").toString();

        assertRefused(CliRun.of("merge", seg.toString(), "-o", out), "still running", "s1.json", "--wait");
        assertRefused(
                CliRun.of("merge", seg.toString(), "-o", out, "--wait", "1s"),
                "waited 1 s, still missing segments still running",
                "s1.json");

        // standard error read while the merge runs: it says when it has seen the running segment and waits
        java.io.StringWriter err = new java.io.StringWriter();
        CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(() -> Main.run(
                new java.io.PrintWriter(new java.io.StringWriter(), true),
                new java.io.PrintWriter(err, true),
                "merge",
                seg.toString(),
                "-o",
                out,
                "--wait",
                "60s"));
        String waitingFor = "waiting for segments still running: " + seg.resolve("s1.json");
        Await.until("the merge to wait for s1.json", () -> err.toString().contains(waitingFor));
        assertThat(waiting).isNotDone();
        // zapline load's last write: a sibling renamed over the file
        Path tmp = SegmentFiles.write(seg, ".s1.json.tmp", last);
        Files.move(tmp, seg.resolve("s1.json"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        assertThat(waiting.get(30, TimeUnit.SECONDS)).as(err.toString()).isZero();
        JsonNode m = JSON.readTree(Path.of(out).toFile());
        assertThat(m.at("/run/inputs")).hasSize(2);
        assertThat(m.at("/run/partial").asBoolean()).isFalse();
    }

    @Test
    void waitingForAMissingSegmentEndsWithWhatIsMissing() throws Exception {
        Histogram c = hist(1_000_000);
        SegmentFiles.write(dir, "s0.json", SegmentFiles.doc("run-a", 0, 3, 1, c, c));
        String out = dir.resolve("out.json").toString();
        assertRefused(
                CliRun.of("merge", dir.toString(), "-o", out, "--wait", "1200ms"),
                "waited 1 s, still missing segments 1/3, 2/3");
        CliRun partial = CliRun.of("merge", dir.toString(), "-o", out, "--wait", "500ms", "--allow-partial");
        assertThat(partial.exit()).as(partial.err()).isZero();
        assertThat(JSON.readTree(Path.of(out).toFile()).at("/run/partial").asBoolean())
                .isTrue();
    }

    /**
     * {@code n} segments' JSON files and hdr logs in {@link #dir} ({@code s<i>.json}, {@code s<i>.hdr}), each second
     * of each made of random values; returns the seconds' histograms added over the segments, [corrected, service].
     */
    private Histogram[][] segments(String id, int n, SplittableRandom random) throws Exception {
        return segments(id, n, random, null);
    }

    /** {@link #segments(String, int, SplittableRandom)}, segment 0's log ending with {@code drain} ([1.0, 1.0004]). */
    private Histogram[][] segments(String id, int n, SplittableRandom random, Histogram drain) throws Exception {
        Histogram[][] sums = new Histogram[2][ENDS.length];
        for (int k = 0; k < 2; k++) {
            for (int i = 0; i < ENDS.length; i++) {
                sums[k][i] = LoopRecorder.newHistogram();
            }
        }
        for (int seg = 0; seg < n; seg++) {
            Histogram[] c = new Histogram[ENDS.length];
            Histogram[] s = new Histogram[ENDS.length];
            Histogram wholeC = LoopRecorder.newHistogram();
            Histogram wholeS = LoopRecorder.newHistogram();
            int count = 0;
            for (int i = 0; i < ENDS.length; i++) {
                c[i] = LoopRecorder.newHistogram();
                s[i] = LoopRecorder.newHistogram();
                int m = random.nextInt(50, 500);
                for (int r = 0; r < m; r++) {
                    long v = random.nextLong(10_000, 80_000_000);
                    c[i].recordValue(v);
                    s[i].recordValue(v / 3);
                }
                count += m;
                wholeC.add(c[i]);
                wholeS.add(s[i]);
                sums[0][i].add(c[i]);
                sums[1][i].add(s[i]);
            }
            SegmentFiles.write(dir, "s" + seg + ".json", SegmentFiles.doc(id, seg, n, count, wholeC, wholeS));
            if (seg == 0 && drain != null) {
                double[] ends = java.util.Arrays.copyOf(ENDS, ENDS.length + 1);
                ends[ENDS.length] = 1.0004;
                c = java.util.Arrays.copyOf(c, ENDS.length + 1);
                s = java.util.Arrays.copyOf(s, ENDS.length + 1);
                c[ENDS.length] = drain;
                s[ENDS.length] = drain.copy();
                SegmentFiles.hdrLog(dir, "s" + seg + ".hdr", tag(id, seg, n), ends, c, s);
            } else {
                SegmentFiles.hdrLog(dir, "s" + seg + ".hdr", tag(id, seg, n), ENDS, c, s);
            }
        }
        return sums;
    }

    private static void assertLatencies(JsonNode e, IntervalStats.Latencies l) {
        assertThat(e.path("p50_us").asDouble()).isEqualTo(l.p50Us());
        assertThat(e.path("p90_us").asDouble()).isEqualTo(l.p90Us());
        assertThat(e.path("p99_us").asDouble()).isEqualTo(l.p99Us());
        assertThat(e.path("p999_us").asDouble()).isEqualTo(l.p999Us());
        assertThat(e.path("max_us").asDouble()).isEqualTo(l.maxUs());
    }

    private static RunTag tag(String id, int segment, int segments) {
        return new RunTag(id, segment, segments, Instant.parse(SegmentFiles.START_AT), 0);
    }

    private static Histogram hist(long v) {
        Histogram h = LoopRecorder.newHistogram();
        h.recordValue(v);
        return h;
    }

    private static void assertRefused(CliRun run, String... message) {
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.err()).contains(message);
    }
}
