package dev.zapline.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.report.LoaderLoad.Lag;
import dev.zapline.load.report.LoaderLoad.Verdict;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The verdict rules of {@link LoaderLoad#judge} on exact figures, and the send-lag percentiles. */
class LoaderLoadTest {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    private static Lag lag(long count, long p99) {
        return new Lag(count, p99 / 2, p99 / 2, p99, p99, p99);
    }

    private static LoaderLoad judge(
            List<Double> busy, double median, Lag sent, Lag waited, long serviceP99, long dropped, boolean closed) {
        return LoaderLoad.judge(busy, median, sent, waited, serviceP99, 10_000, dropped, closed, 1.5, 150.0);
    }

    @Test
    void aSaturatedLoopSendingLateIsTheLoader() {
        LoaderLoad l = judge(List.of(0.97), 0.96, lag(10_000, 4100 * US), Lag.NONE, 180 * US, 0, false);
        assertThat(l.verdict()).isEqualTo(Verdict.LOADER);
        assertThat(l.reason())
                .isEqualTo("the loader set the pace: loop busy 97%, sends late p99 4.10ms while the target answered"
                        + " in p99 180µs");
        assertThat(l.busyMax()).isEqualTo(0.97);
        assertThat(l.cpuSeconds()).isEqualTo(1.5);
        assertThat(l.cpuMicrosPerResponse()).isEqualTo(150.0);
    }

    @Test
    void theBusiestOfSeveralLoopsIsNamedAndWaitedSendsCountWhenSaturated() {
        // the waits for a slot are the loop's too when it has no time left to read the responses
        LoaderLoad l =
                judge(List.of(0.40, 0.95), Double.NaN, lag(5000, 200 * US), lag(5000, 30 * MS), 20 * MS, 12, false);
        assertThat(l.verdict()).isEqualTo(Verdict.LOADER);
        assertThat(l.reason()).startsWith("the loader set the pace: loop 2 of 2 busy 95%, sends late p99 30.00ms");
    }

    @Test
    void theMedianSecondSaturatesEvenWhenTheWholePhaseReadsLower() {
        LoaderLoad l = judge(List.of(0.85), 0.92, lag(10_000, 2 * MS), Lag.NONE, 100 * US, 0, false);
        assertThat(l.verdict()).isEqualTo(Verdict.LOADER);
    }

    @Test
    void lateSendsFromAnIdleLookingLoopAreTheLoaderStarvedOfCpu() {
        LoaderLoad l = judge(List.of(0.30), 0.30, lag(10_000, 5 * MS), Lag.NONE, 2 * MS, 0, false);
        assertThat(l.verdict()).isEqualTo(Verdict.LOADER);
        assertThat(l.reason()).endsWith("(a loop short of CPU reads idle: other processes or GC took it)");
    }

    @Test
    void sendsLateOnlyAtTheTailOfAnIdleLoopAreNeither() {
        // a busy machine's jitter: the median send on time, p99 2.49 ms against the target's 2.31 ms
        Lag jitter = new Lag(1500, 95 * US, 117 * US, 2490 * US, 7938 * US, 8757 * US);
        LoaderLoad l = judge(List.of(0.03, 0.03), 0.03, jitter, Lag.NONE, 2310 * US, 0, false);
        assertThat(l.verdict()).isEqualTo(Verdict.NEITHER);
        assertThat(l.reason()).isEqualTo("neither: the schedule was held, loop 1 of 2 busy 3%, sends late p99 2.49ms");
    }

    @Test
    void requestsWaitingForAConnectionAreTheTarget() {
        LoaderLoad l = judge(List.of(0.12), 0.11, lag(9000, 50 * US), lag(812, 400 * MS), 52 * MS, 0, false);
        assertThat(l.verdict()).isEqualTo(Verdict.TARGET);
        assertThat(l.reason())
                .isEqualTo("the target set the pace: 812 requests waited for a connection, service p99 52.00ms, "
                        + "loop busy 12%");
    }

    @Test
    void requestsWaitingBehindTheLoadersOwnStallAreTheLoader() {
        // a 41.75 ms start-up stall: sends on free connections 41.75 ms late at worst, 5,295 waited up to 40 ms,
        // the target answering in 820 us
        Lag sent = new Lag(144_705, 0, 10 * US, 1390 * US, 20 * MS, 41_750 * US);
        LoaderLoad l = judge(List.of(0.25), 0.24, sent, lag(5295, 40 * MS), 820 * US, 0, false);
        assertThat(l.verdict()).isEqualTo(Verdict.LOADER);
        assertThat(l.reason())
                .isEqualTo("the loader fell behind: its own sends were up to 41.75ms late (a stall of the loader:"
                        + " start-up compiling, GC or other processes; --warmup leaves the start out) and 5295"
                        + " requests waited for a connection behind them, while the target answered in p99 820µs");
        // the same waits behind a target's stall: the sends that found a connection were on time
        Lag onTime = new Lag(144_705, 0, 10 * US, 90 * US, 300 * US, 900 * US);
        assertThat(judge(List.of(0.25), 0.24, onTime, lag(5295, 40 * MS), 820 * US, 0, false)
                        .verdict())
                .isEqualTo(Verdict.TARGET);
        // late sends far below the waits: the waits are the target's
        Lag late = new Lag(144_705, 0, 10 * US, 1390 * US, 2 * MS, 3 * MS);
        assertThat(judge(List.of(0.25), 0.24, late, lag(5295, 40 * MS), 820 * US, 0, false)
                        .verdict())
                .isEqualTo(Verdict.TARGET);
    }

    @Test
    void aSlowTargetWithTheLoopIdleAndLateSendsBelowServiceTimeIsTheTarget() {
        // sends 3 ms late while the target takes 52 ms: the late sends are not the larger delay
        LoaderLoad l = judge(List.of(0.20), 0.20, lag(9000, 3 * MS), lag(500, 90 * MS), 52 * MS, 7, false);
        assertThat(l.verdict()).isEqualTo(Verdict.TARGET);
        assertThat(l.reason()).contains("500 requests waited for a connection, 7 dropped");
    }

    @Test
    void aClosedModelIsTheTargetsPaceUnlessTheLoopIsSaturated() {
        LoaderLoad target = judge(List.of(0.50), 0.5, lag(100, 10 * US), Lag.NONE, 3 * MS, 0, true);
        assertThat(target.verdict()).isEqualTo(Verdict.TARGET);
        assertThat(target.reason()).startsWith("the target set the pace: each user waits for its response");
        LoaderLoad loader = judge(List.of(0.99), 0.99, lag(100, 2 * MS), Lag.NONE, 3 * MS, 0, true);
        assertThat(loader.verdict()).isEqualTo(Verdict.LOADER);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 100, 200})
    void waitsUpToOnePercentAreNeither(long waited) {
        LoaderLoad l = judge(List.of(0.93), 0.93, lag(10_000, 900 * US), lag(waited, MS), 200 * US, 0, false);
        assertThat(l.verdict()).isEqualTo(waited > 100 ? Verdict.TARGET : Verdict.NEITHER);
        if (waited <= 100) {
            assertThat(l.reason())
                    .isEqualTo("neither: the schedule was held, loop busy 93%, sends late p99 1.00ms (near"
                            + " saturation)");
        }
    }

    @Test
    void unknownBusySharesAreSaidSo() {
        LoaderLoad l =
                judge(java.util.Arrays.asList(Double.NaN), Double.NaN, lag(10, 10 * US), Lag.NONE, 100 * US, 0, false);
        assertThat(l.verdict()).isEqualTo(Verdict.NEITHER);
        assertThat(l.busyMax()).isNaN();
        assertThat(l.reason()).contains("loop CPU time unknown");
    }

    @Test
    void lagPercentilesReadOnTimeAsZeroAndKeepTheHistogramsResolution() {
        Histogram h = LoopRecorder.newHistogram();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 900; i++) {
            h.recordValue(r.nextLong(500)); // below the 1 µs resolution: on time
        }
        for (int i = 0; i < 100; i++) {
            h.recordValue(2 * MS);
        }
        Lag l = Lag.of(h);
        assertThat(l.count()).isEqualTo(1000);
        assertThat(l.p50()).isZero();
        assertThat(l.p90()).isZero();
        assertThat(l.p99()).isEqualTo(h.highestEquivalentValue(2 * MS));
        assertThat(l.max()).isEqualTo(h.highestEquivalentValue(2 * MS));
        assertThat(Lag.of(LoopRecorder.newHistogram())).isEqualTo(Lag.NONE);
    }

    @Test
    void notesAreAppendedAndTheJsonCarriesEverything() {
        LoaderLoad l = judge(List.of(0.97, 0.5), 0.96, lag(10_000, 4100 * US), lag(3, 2 * MS), 180 * US, 0, false)
                .withNotes(List.of("one receive queue on lo", "a \"quoted\" note"));
        assertThat(l.notes()).containsExactly("one receive queue on lo", "a \"quoted\" note");
        String json = LoaderJson.render(new StringBuilder(), l).toString();
        assertThat(json)
                .isEqualTo("\"loader\":{\"busy\":[0.970,0.500],\"busy_max\":0.970,\"busy_second_median\":0.960,"
                        + "\"send_lag\":{\"count\":10000,\"p50_us\":2050.000,\"p90_us\":2050.000,\"p99_us\":4100.000,"
                        + "\"p999_us\":4100.000,\"max_us\":4100.000},\"waited\":{\"count\":3,\"p50_us\":1000.000,"
                        + "\"p90_us\":1000.000,\"p99_us\":2000.000,\"p999_us\":2000.000,\"max_us\":2000.000},"
                        + "\"cpu_s\":1.500,\"cpu_us_per_response\":150.000,\"verdict\":\"loader\",\"reason\":\"the "
                        + "loader set the pace: loop 1 of 2 busy 97%, sends late p99 4.10ms while the target "
                        + "answered in p99 180µs\",\"notes\":[\"one receive queue on lo\",\"a \\\"quoted\\\" "
                        + "note\"]}");
        StringBuilder text = new StringBuilder();
        LoaderText.render(text, l);
        assertThat(text.toString())
                .isEqualTo("Loader      LOADER-BOUND: the loader set the pace: loop 1 of 2 busy 97%, sends late p99 "
                        + "4.10ms while the target answered in p99 180µs\n"
                        + "            loops busy 97% 50%; send lag p50 2.05ms p99 4.10ms max 4.10ms; 3 waited for"
                        + " a connection; CPU 1.50 s, 150.0 µs/response\n"
                        + "  note      one receive queue on lo\n"
                        + "  note      a \"quoted\" note\n");
    }
}
