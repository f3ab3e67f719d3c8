package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.report.RunTag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SegmentRunTest}'s run across hosts: the packaged jar's {@code zapline serve} in one network namespace, and
 * three {@code zapline load --segment i/3} processes, one in each of three loader namespaces, each reaching the
 * server over its own veth (see {@link NetnsLab}), all started with one {@code --start-at} instant; then the same
 * schedule as one run from one loader namespace, and {@code zapline merge} of the segments, which must add up to it.
 *
 * <p>Needs root (CAP_NET_ADMIN) and iproute2, skipped without them; its outcome goes to {@link NetnsOutcome#FILE}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ExtendWith(NetnsOutcome.class)
class NetnsSegmentsIT {

    private static final Path JAR = Path.of("target", "zapline.jar").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int N = 3;
    private static final int RATE = 300;
    private static final int SECONDS = 3;
    private static final int WAIT_SECONDS = 60;
    /** Far enough ahead for three JVMs sharing two cores to start, connect and warm up for 1 s before it. */
    private static final int START_IN_SECONDS = 8;

    private static NetnsLab lab;

    @TempDir
    Path dir;

    @AfterAll
    static void cleanUp() {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void segmentsRunFromThreeNamespacesMergeIntoTheSingleRunsTotals() throws Exception {
        String why = NetnsLab.unavailable();
        assumeTrue(why == null, why);
        long t0 = System.nanoTime();
        NetnsLab.removeStale();
        lab = NetnsLab.create(N);
        try {
            assertTheNetworkIsOnlyInsideTheNamespaces();
            int port = serve();
            for (int k = 0; k < N; k++) {
                assertConnects(lab.loader(k), NetnsLab.serverAddress(k), port);
            }
            String at = RunTag.rfc3339(Instant.now().plusSeconds(START_IN_SECONDS));
            String runId = "netns-" + ProcessHandle.current().pid();
            List<Process> segments = new ArrayList<>();
            List<String> merge = new ArrayList<>(List.of("merge"));
            for (int k = 0; k < N; k++) {
                merge.add(dir.resolve("seg" + k + ".json").toString());
                merge.add(dir.resolve("seg" + k + ".hlog").toString());
                segments.add(load(k, port, "seg" + k, "--segment", k + "/" + N, "--start-at", at, "--run-id", runId));
            }
            for (int k = 0; k < N; k++) {
                awaitZero(segments.get(k), "seg" + k);
            }
            awaitZero(load(0, port, "single"), "single");
            merge.addAll(List.of("-o", dir.resolve("merged.json").toString()));
            awaitZero(lab.startHere(java(merge), dir.resolve("merge.log")), "merge");

            List<JsonNode> segs = new ArrayList<>();
            List<Long> offsets = new ArrayList<>();
            for (int k = 0; k < N; k++) {
                segs.add(JSON.readTree(dir.resolve("seg" + k + ".json").toFile()));
                offsets.add(assertSegment(segs.get(k), k, port, at, runId));
            }
            assertMerged(JSON.readTree(dir.resolve("merged.json").toFile()), segs, at);
            System.out.printf(
                    "NetnsSegmentsIT: %.1f s; hdr log StartTime - start_at by segment: %s ms%n",
                    (System.nanoTime() - t0) / 1e9, offsets);
        } finally {
            lab.close();
        }
    }

    private void assertTheNetworkIsOnlyInsideTheNamespaces() {
        assertThat(NetnsLab.run(List.of("ip", "-o", "addr", "show", "to", "10.201.0.0/16"))
                        .output())
                .as("no address of the test's in the root namespace")
                .isBlank();
        String server =
                NetnsLab.run(List.of("ip", "-n", lab.server(), "-o", "addr")).output();
        for (int k = 0; k < N; k++) {
            assertThat(server).contains(NetnsLab.serverAddress(k) + "/30");
            assertThat(NetnsLab.run(List.of("ip", "-n", lab.loader(k), "route", "show", "default"))
                            .output())
                    .as("no route out of %s", lab.loader(k))
                    .isBlank();
        }
    }

    /** {@code zapline serve} on all the server namespace's addresses; its port. */
    private int serve() throws Exception {
        Path log = dir.resolve("serve.log");
        lab.start(lab.server(), java(List.of("serve", "--http", "0.0.0.0:0")), log);
        Pattern listening = Pattern.compile("listening on http://0\\.0\\.0\\.0:(\\d+)");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < deadline) {
            Matcher m = listening.matcher(Files.readString(log));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no listening line within " + WAIT_SECONDS + " s: " + Files.readString(log));
    }

    /** A TCP connection from {@code ns} to {@code address:port} opens (bash's /dev/tcp, at most 5 s). */
    private static void assertConnects(String ns, String address, int port) {
        NetnsLab.Result r =
                lab.exec(ns, "timeout", "5", "bash", "-c", "exec 3<>/dev/tcp/$0/$1", address, Integer.toString(port));
        assertThat(r.exit())
                .as("TCP connect from %s to %s:%d: %s", ns, address, port, r.output())
                .isZero();
    }

    /** {@code zapline load} from loader namespace {@code k} to the server's address on its link. */
    private Process load(int k, int port, String name, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "load",
                "http://" + NetnsLab.serverAddress(k) + ":" + port + "/health",
                "--rate",
                Integer.toString(RATE),
                "-d",
                SECONDS + "s",
                "--warmup",
                "1s",
                "-c",
                Integer.toString(N),
                "--threads",
                "1",
                "--quiet",
                "--json",
                dir.resolve(name + ".json").toString(),
                "--hdr-log",
                dir.resolve(name + ".hlog").toString()));
        args.addAll(List.of(extra));
        return lab.start(lab.loader(k), java(args), dir.resolve(name + ".log"));
    }

    private void awaitZero(Process p, String name) throws Exception {
        boolean ended = p.waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
        String log = Files.readString(dir.resolve(name + ".log"));
        assertThat(ended)
                .as("%s ended within %d s: %s", name, WAIT_SECONDS, log)
                .isTrue();
        assertThat(p.exitValue()).as("%s: %s", name, log).isZero();
    }

    /** The jar's {@code args} on this JVM's java, small: five JVMs share the machine. */
    private static List<String> java(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-jar",
                JAR.toString()));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Segment {@code k} ran against its own link and records the clock facts it has: the JSON the wall-clock
     * instant of its time 0 ({@code run.start_at}, as given) and how late it started ({@code run.late_ms}; the
     * offset between hosts' clocks is not known to it), the hdr log that time 0 converted
     * back from the monotonic clock to the wall clock (StartTime), a few ms off at most. The namespaces share this
     * kernel's clock, so the segments' clocks agree by construction.
     *
     * @return the hdr log's StartTime minus {@code run.start_at}, in ms
     */
    private long assertSegment(JsonNode seg, int k, int port, String at, String runId) throws Exception {
        assertThat(seg.at("/summary/target").asText())
                .isEqualTo("http://" + NetnsLab.serverAddress(k) + ":" + port + "/health");
        JsonNode run = seg.path("run");
        List<String> fields = new ArrayList<>();
        run.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("id", "segment", "segments", "start_at", "late_ms", "histograms");
        // connections open before the warm-up's first send (8 s of margin)
        assertThat(run.path("late_ms").asLong()).isZero();
        assertThat(run.path("id").asText()).isEqualTo(runId);
        assertThat(run.path("segment").asInt()).isEqualTo(k);
        assertThat(run.path("segments").asInt()).isEqualTo(N);
        assertThat(run.path("start_at").asText()).isEqualTo(at);
        HistogramLogReader reader =
                new HistogramLogReader(dir.resolve("seg" + k + ".hlog").toFile());
        long corrected = 0;
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            corrected += "service".equals(h.getTag()) ? 0 : ((Histogram) h).getTotalCount();
        }
        assertThat(corrected).isEqualTo(seg.at("/latency/corrected/count").asLong());
        long offset =
                Math.round(reader.getStartTimeSec() * 1e3) - Instant.parse(at).toEpochMilli();
        // two conversions between the clocks, each truncated to the ms, and the thread may be descheduled between
        // its two clock readings on this shared machine
        assertThat(offset).as("hdr log StartTime - start_at, ms").isBetween(-100L, 100L);
        return offset;
    }

    private void assertMerged(JsonNode all, List<JsonNode> segs, String at) throws Exception {
        JsonNode one = JSON.readTree(dir.resolve("single.json").toFile());
        long schedule = (long) RATE * SECONDS;
        assertThat(one.at("/summary/scheduled").asLong()).isEqualTo(schedule);
        assertThat(all.at("/summary/scheduled").asLong()).isEqualTo(schedule);
        assertThat(one.at("/summary/requests").asLong()).isEqualTo(schedule);
        assertThat(all.at("/summary/requests").asLong()).isEqualTo(schedule);
        assertThat(all.at("/summary/outcomes/success").asLong())
                .isEqualTo(one.at("/summary/outcomes/success").asLong());
        assertThat(all.at("/run/segments").asInt()).isEqualTo(N);
        assertThat(all.at("/run/start_at").asText()).isEqualTo(at);
        assertThat(all.at("/run/timeline_percentiles").asText()).isEqualTo("exact");
        assertThat(all.at("/summary/rate_target").asDouble())
                .isEqualTo(one.at("/summary/rate_target").asDouble(), within(0.01));
        for (String which : new String[] {"corrected", "service"}) {
            for (String p : new String[] {"p50_us", "p99_us"}) {
                double lo = Double.MAX_VALUE;
                double hi = 0;
                for (JsonNode s : segs) {
                    double v = s.path("latency").path(which).path(p).asDouble();
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                double merged = all.path("latency").path(which).path(p).asDouble();
                assertThat(merged).as("%s %s within the segments'", which, p).isBetween(lo, hi);
                // the same load from one process: the same order of magnitude (a unit slip would be 1000x off)
                double single = one.path("latency").path(which).path(p).asDouble();
                assertThat(Math.abs(merged - single))
                        .as("%s %s merged %.0f µs, single %.0f µs", which, p, merged, single)
                        .isLessThanOrEqualTo(10 * Math.min(merged, single) + 100_000);
                assertThat(Math.min(merged, single)).isPositive();
            }
        }
        long timeline = 0;
        for (JsonNode s : segs) {
            timeline += SegmentRunTest.timelineResponses(s);
        }
        long merged = SegmentRunTest.timelineResponses(all);
        assertThat(merged).isEqualTo(timeline);
        // the timeline holds the 1 s warm-up (each segment's share rounded) and the measured window, not the drain
        assertThat(merged + all.at("/summary/drain/responses").asLong()).isBetween(schedule, schedule + RATE + N);
    }
}
