package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.cli.merge.HdrLog;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.report.RunTag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * N segments of one run ({@code --segment i/N}, one {@code --start-at} instant), each its own {@code Main.run} at
 * the same time in this JVM, against one loopback server, merged; and the same schedule as one run.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SegmentRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RATE = "400";

    private static HealthServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void serve() {
        server = new HealthServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0} segments")
    @ValueSource(ints = {1, 3, 4})
    void segmentsMergeIntoTheSingleRunsTotals(int n) throws Exception {
        String at = RunTag.rfc3339(Instant.now().plusSeconds(3));
        List<CompletableFuture<CliRun>> runs = new ArrayList<>();
        // a thread each: the common pool may have one on a small machine, and the segments run side by side
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(n);
        // the segments' files in a directory of their own, merged as that directory
        Path segs = Files.createDirectory(dir.resolve("segments"));
        List<String> merge = new ArrayList<>(List.of("merge", segs.toString()));
        for (int i = 0; i < n; i++) {
            Path json = segs.resolve("seg" + i + ".json");
            String hdr = segs.resolve("seg" + i + ".hdr").toString();
            String segment = i + "/" + n;
            runs.add(CompletableFuture.supplyAsync(
                    () -> load("--segment", segment, "--start-at", at, "--json", json.toString(), "--hdr-log", hdr),
                    threads));
        }
        long inputsTimeline = 0;
        try {
            for (int i = 0; i < n; i++) {
                CliRun done = runs.get(i).get(30, TimeUnit.SECONDS);
                assertThat(done.exit()).as(done.err()).isZero();
                inputsTimeline += timelineResponses(
                        JSON.readTree(segs.resolve("seg" + i + ".json").toFile()));
            }
        } finally {
            threads.shutdownNow();
        }
        Path merged = dir.resolve("merged.json");
        merge.addAll(List.of("-o", merged.toString()));
        CliRun m = CliRun.of(merge.toArray(String[]::new));
        assertThat(m.exit()).as(m.err()).isZero();
        Path single = dir.resolve("single.json");
        CliRun whole = load("--start-at", "+2s", "--json", single.toString());
        assertThat(whole.exit()).as(whole.err()).isZero();

        JsonNode one = JSON.readTree(single.toFile());
        JsonNode all = JSON.readTree(merged.toFile());
        assertThat(all.at("/summary/scheduled").asLong())
                .isEqualTo(one.at("/summary/scheduled").asLong());
        assertThat(all.at("/summary/requests").asLong()).isEqualTo(Long.parseLong(RATE));
        assertThat(all.at("/summary/outcomes/success").asLong())
                .isEqualTo(one.at("/summary/outcomes/success").asLong());
        assertThat(all.at("/run/segments").asInt()).isEqualTo(n);
        assertThat(all.at("/run/start_at").asText()).isEqualTo(at);
        assertThat(all.at("/summary/rate_target").asDouble())
                .isEqualTo(one.at("/summary/rate_target").asDouble(), org.assertj.core.data.Offset.offset(0.01));
        for (String p : new String[] {"p50_us", "p99_us"}) {
            for (String which : new String[] {"corrected", "service"}) {
                double lo = Double.MAX_VALUE;
                double hi = 0;
                for (int i = 0; i < n; i++) {
                    double v = JSON.readTree(segs.resolve("seg" + i + ".json").toFile())
                            .path("latency")
                            .path(which)
                            .path(p)
                            .asDouble();
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                assertThat(all.path("latency").path(which).path(p).asDouble())
                        .as(which + " " + p)
                        .isBetween(lo, hi);
            }
        }
        perSecondPercentiles(all, segs, n);
        long mergedTimeline = timelineResponses(all);
        assertThat(mergedTimeline).isEqualTo(inputsTimeline);
        // the run's responses: the warm-up's (500 ms at the rate, each segment's rounded) and the measured window's.
        // The timeline holds those that ended by its last entry, the drain those that ended after the window, and a
        // response of the drain may end before the last entry closes and be in both: how many depends on the
        // machine, so the timeline holds at most all of them, and the two together at least all of them
        long total = Long.parseLong(RATE) * 3 / 2;
        assertThat(mergedTimeline).isLessThanOrEqualTo(total + n);
        assertThat(mergedTimeline + all.at("/summary/drain/responses").asLong()).isGreaterThanOrEqualTo(total - n);
    }

    /**
     * A segment that starts after the shared instant (a pod scheduled late) still runs its part of the schedule: its
     * requests due meanwhile go out late, counted from their intended times, so the merge still has every request
     * and the lateness shows in the late segment's corrected latency and its {@code run.late_ms}.
     */
    @org.junit.jupiter.api.Test
    void aSegmentStartedAfterTheInstantRunsLateAndStillMerges() throws Exception {
        // 4 s: segment 0 must be connected before the warm-up starts, 500 ms before the instant, even on a loaded
        // machine, for its late_ms to be 0
        Instant instant = Instant.now().plusSeconds(4);
        String at = RunTag.rfc3339(instant);
        Path segs = Files.createDirectory(dir.resolve("late"));
        CompletableFuture<CliRun> first = CompletableFuture.supplyAsync(() -> load(
                "--segment",
                "0/2",
                "--start-at",
                at,
                "--json",
                segs.resolve("a.json").toString()));
        Thread.sleep(
                Math.max(0, java.time.Duration.between(Instant.now(), instant).toMillis() + 300));
        CliRun second = load(
                "--segment",
                "1/2",
                "--start-at",
                at,
                "--json",
                segs.resolve("b.json").toString());
        assertThat(second.exit()).as(second.err()).isZero();
        CliRun a = first.get(30, TimeUnit.SECONDS);
        assertThat(a.exit()).as(a.err()).isZero();
        JsonNode late = JSON.readTree(segs.resolve("b.json").toFile());
        assertThat(late.at("/run/late_ms").asLong()).isGreaterThanOrEqualTo(300);
        assertThat(late.at("/latency/corrected/max_us").asDouble()).isGreaterThan(300_000);
        assertThat(JSON.readTree(segs.resolve("a.json").toFile())
                        .at("/run/late_ms")
                        .asLong())
                .isZero();
        Path merged = dir.resolve("late.json");
        CliRun m = CliRun.of("merge", segs.toString(), "-o", merged.toString());
        assertThat(m.exit()).as(m.err()).isZero();
        JsonNode all = JSON.readTree(merged.toFile());
        assertThat(all.at("/summary/requests").asLong()).isEqualTo(Long.parseLong(RATE));
        assertThat(all.at("/summary/outcomes/success").asLong()).isEqualTo(Long.parseLong(RATE));
    }

    /**
     * With every segment's hdr log the merged measured seconds have exact percentiles: one segment's are its own log's
     * interval for that second, and several segments' lie between theirs (a quantile of a union of samples lies
     * between the samples' quantiles); the warm-up's stay null. The segments' figures come from their logs, not their
     * timelines: a timeline second's percentiles also hold the warm-up's requests ending in it, the log's and the
     * merge's only the measured phase's.
     */
    private static void perSecondPercentiles(JsonNode all, Path segs, int n) throws Exception {
        assertThat(all.at("/run/timeline_percentiles").asText()).isEqualTo("exact");
        List<HdrLog> logs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // every segment cuts the same seconds, however late its reporter ran: the warm-up's and the window's
            assertThat(JSON.readTree(segs.resolve("seg" + i + ".json").toFile()).path("timeline"))
                    .as("segment %d's timeline", i)
                    .extracting(e -> e.path("t").asDouble() + (e.path("warmup").asBoolean() ? " warmup" : ""))
                    .containsExactly("0.0 warmup", "1.0");
            logs.add(HdrLog.read(segs.resolve("seg" + i + ".hdr")));
        }
        int measured = 0;
        for (JsonNode e : all.path("timeline")) {
            if (e.path("warmup").asBoolean()) {
                assertThat(e.path("p50_us").isNull())
                        .as("warm-up second %s", e.path("t"))
                        .isTrue();
                continue;
            }
            measured++;
            double end = e.path("t").asDouble();
            double start = end - e.path("seconds").asDouble();
            for (boolean service : new boolean[] {false, true}) {
                List<IntervalStats.Latencies> own = new ArrayList<>();
                for (HdrLog log : logs) {
                    for (HdrLog.Interval i : log.intervals()) {
                        if (i.service() == service
                                && millis(i.start()) == millis(start)
                                && millis(i.end()) == millis(end)) {
                            own.add(IntervalStats.Latencies.of(i.histogram()));
                        }
                    }
                }
                assertThat(own).as("the segments' intervals for second %s", end).hasSize(n);
                JsonNode m = service ? e.path("service") : e;
                assertBetween(
                        m,
                        "p50_us",
                        own.stream().mapToDouble(IntervalStats.Latencies::p50Us).toArray());
                assertBetween(
                        m,
                        "p99_us",
                        own.stream().mapToDouble(IntervalStats.Latencies::p99Us).toArray());
            }
        }
        assertThat(measured).isGreaterThan(0);
    }

    private static long millis(double seconds) {
        return Math.round(seconds * 1000);
    }

    private static void assertBetween(JsonNode merged, String p, double[] segments) {
        assertThat(merged.path(p).isNumber()).as(p).isTrue();
        double lo = java.util.Arrays.stream(segments).min().orElseThrow();
        double hi = java.util.Arrays.stream(segments).max().orElseThrow();
        assertThat(merged.path(p).asDouble()).as("%s of %s", p, merged).isBetween(lo - 0.001, hi + 0.001);
    }

    /** The timeline's responses: every outcome but dropped, warm-up entries included. */
    static long timelineResponses(JsonNode doc) {
        long n = 0;
        for (JsonNode e : doc.path("timeline")) {
            for (var o : e.path("outcomes").properties()) {
                n += o.getKey().equals("dropped") ? 0 : o.getValue().asLong();
            }
        }
        return n;
    }

    private static CliRun load(String... extra) {
        String[] base = {"--warmup", "500ms"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return server.load("/health", Integer.parseInt(RATE), "1s", args);
    }
}
