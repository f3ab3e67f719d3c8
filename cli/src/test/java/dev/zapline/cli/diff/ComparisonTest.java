package dev.zapline.cli.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Verdicts of the bootstrap over seconds on synthetic runs whose difference is known. */
class ComparisonTest {

    /** Each figure's verdict, by its label. */
    private static Map<String, String> verdicts(Comparison c) {
        Map<String, String> out = new TreeMap<>();
        for (Comparison.Row r : c.rows()) {
            out.put(
                    (r.step() == null ? "" : r.step() + " ") + r.figure().label(),
                    r.verdict().text());
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void twoRunsOfOneDistributionAreWithinNoiseOnEveryFigure(long seed) {
        RunFile base = new Synthetic(60, 1000, 1, 0, seed).run("a");
        RunFile neu = new Synthetic(60, 1000, 1, 0, seed + 100).run("b");
        Comparison c = Comparison.of(base, neu, Method.DEFAULT);
        assertThat(c.rows()).hasSize(11);
        assertThat(c.rows()).allSatisfy(r -> assertThat(r.verdict()).isEqualTo(Verdict.WITHIN_NOISE));
        // the interval holds no change for a latency (the runs differ only by chance)
        Comparison.Row p99 = c.rows().get(Figure.P99.ordinal());
        assertThat(p99.low()).isLessThan(1.05);
        assertThat(p99.high()).isGreaterThan(0.95);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aTailSlowerBy25PercentRegressesP99AndP999ButNotP50OrP90(long seed) {
        RunFile base = new Synthetic(60, 1000, 1, 0, seed).run("a");
        RunFile neu = new Synthetic(60, 1000, 1.25, 0, seed + 100).run("b");
        Map<String, String> v = verdicts(Comparison.of(base, neu, Method.DEFAULT));
        assertThat(v)
                .containsEntry("p50", "within noise")
                .containsEntry("p90", "within noise")
                .containsEntry("p99", "regressed")
                .containsEntry("p99.9", "regressed")
                .containsEntry("service.p50", "within noise")
                .containsEntry("service.p99", "regressed")
                .containsEntry("rate", "within noise");
        // and the other way round it improved
        Map<String, String> back = verdicts(Comparison.of(neu, base, Method.DEFAULT));
        assertThat(back).containsEntry("p99", "improved").containsEntry("p50", "within noise");
    }

    @Test
    void aLowerRateAndMoreFailuresRegressTheRateAndTheErrorRate() {
        RunFile base = new Synthetic(30, 1000, 1, 0, 7).run("a");
        RunFile neu = new Synthetic(30, 800, 1, 50, 8).run("b");
        Comparison c = Comparison.of(base, neu, Method.DEFAULT);
        Map<String, String> v = verdicts(c);
        assertThat(v).containsEntry("rate", "regressed").containsEntry("error rate", "regressed");
        assertThat(v).containsEntry("drop rate", "within noise").containsEntry("p50", "within noise");
        Comparison.Row rate = c.rows().get(Figure.RATE.ordinal());
        assertThat(rate.base()).isEqualTo(1000.0);
        assertThat(rate.neu()).isEqualTo(800.0);
        assertThat(rate.low()).isEqualTo(0.8);
        assertThat(rate.high()).isEqualTo(0.8);
        Comparison.Row errors = c.rows().get(Figure.ERRORS.ordinal());
        assertThat(errors.neu()).isEqualTo(0.02);
        assertThat(errors.change()).isEqualTo(0.02);
    }

    @Test
    void theWholeRunsValuesAreThoseOfItsSummedHistograms() {
        Synthetic s = new Synthetic(10, 500, 1, 0, 3);
        Histogram all = new Histogram(s.corrected.get(0));
        all.reset();
        s.corrected.forEach(all::add);
        double[] p = Bootstrap.point(s.seconds());
        assertThat(p[Figure.P50.ordinal()]).isEqualTo(all.getValueAtPercentile(50) / 1e3);
        assertThat(p[Figure.P99.ordinal()]).isEqualTo(all.getValueAtPercentile(99) / 1e3);
        assertThat(p[Figure.P999.ordinal()]).isEqualTo(all.getValueAtPercentile(99.9) / 1e3);
    }

    @Test
    void theSameFilesAndSeedGiveTheSameIntervals() {
        RunFile base = new Synthetic(20, 300, 1, 0, 1).run("a");
        RunFile neu = new Synthetic(20, 300, 1, 0, 2).run("b");
        List<Comparison.Row> one = Comparison.of(base, neu, Method.DEFAULT).rows();
        List<Comparison.Row> two = Comparison.of(base, neu, Method.DEFAULT).rows();
        List<Comparison.Row> other =
                Comparison.of(base, neu, new Method(0.05, 0, 0.95, 1000, 2)).rows();
        assertThat(two).isEqualTo(one);
        assertThat(other).isNotEqualTo(one);
    }

    @Test
    void filesWithoutIntervalsAreComparedSideBySideWithoutAVerdict() {
        Synthetic s = new Synthetic(10, 100, 1, 0, 1);
        RunFile base = new RunFile("a", Bootstrap.point(s.seconds()), null, List.of());
        RunFile neu = new Synthetic(10, 100, 2, 0, 2).run("b");
        Comparison c = Comparison.of(base, neu, Method.DEFAULT);
        assertThat(c.rows()).allSatisfy(r -> {
            assertThat(r.verdict()).isEqualTo(Verdict.NO_INTERVALS);
            assertThat(r.low()).isNaN();
        });
        assertThat(c.rows().get(0).base()).isEqualTo(base.summary()[0]);
        assertThat(c.rows().get(0).neu()).isEqualTo(neu.summary()[0]);
        assertThat(c.seconds()).containsExactly(-1, 10);
    }

    @Test
    void runsOfTooFewSecondsAreNotResampled() {
        Comparison c = Comparison.of(
                new Synthetic(2, 100, 1, 0, 1).run("a"), new Synthetic(2, 100, 3, 0, 2).run("b"), Method.DEFAULT);
        assertThat(c.rows()).allSatisfy(r -> assertThat(r.verdict()).isEqualTo(Verdict.TOO_SHORT));
    }

    @Test
    void aStepsVerdictIsDerivedFromItsHistogramAndTheRunsDesignEffect() {
        Synthetic a = new Synthetic(30, 1000, 1, 0, 1);
        Synthetic b = new Synthetic(30, 1000, 1.5, 0, 2);
        RunFile base = withStep(a, "login", new Synthetic(1, 20_000, 1, 0, 11));
        RunFile same = withStep(new Synthetic(30, 1000, 1, 0, 3), "login", new Synthetic(1, 20_000, 1, 0, 12));
        RunFile slower = withStep(b, "login", new Synthetic(1, 20_000, 1.5, 0, 13));
        Map<String, String> v = verdicts(Comparison.of(base, slower, Method.DEFAULT));
        assertThat(v).containsEntry("login p99", "regressed").containsEntry("login p50", "within noise");
        assertThat(v).containsEntry("login error rate", "not judged");
        Map<String, String> w = verdicts(Comparison.of(base, same, Method.DEFAULT));
        assertThat(w).containsEntry("login p99", "within noise").containsEntry("login p99.9", "within noise");
        Comparison.Row row = Comparison.of(base, slower, Method.DEFAULT).rows().stream()
                .filter(r -> "login".equals(r.step()) && r.figure() == Figure.P99)
                .findFirst()
                .orElseThrow();
        assertThat(row.derived()).isTrue();
        assertThat(row.low()).isLessThan(row.neu() / row.base());
        assertThat(row.high()).isGreaterThan(row.neu() / row.base());
    }

    private static RunFile withStep(Synthetic run, String key, Synthetic step) {
        RunFile r = run.run(key + "-run");
        double[] us = new double[8];
        RunFile.Step s = new RunFile.Step(key, 20_000, step.corrected.get(0), step.service.get(0), us, 0);
        return new RunFile(r.name(), r.summary(), r.seconds(), List.of(s));
    }

    @Test
    void aLatencyChangeMustPassTheAbsoluteMinimumToo() {
        // +30 % to +50 %: on a 100 µs figure at least 30 µs, below the 100 µs default; on 1 ms, 300 µs
        assertThat(Comparison.judge(Figure.Kind.LATENCY, 100, 1.3, 1.5, Method.DEFAULT))
                .isEqualTo(Verdict.WITHIN_NOISE);
        assertThat(Comparison.judge(Figure.Kind.LATENCY, 1000, 1.3, 1.5, Method.DEFAULT))
                .isEqualTo(Verdict.REGRESSED);
        assertThat(Comparison.judge(Figure.Kind.LATENCY, 400, 0.5, 0.7, Method.DEFAULT))
                .isEqualTo(Verdict.IMPROVED);
        assertThat(Comparison.judge(Figure.Kind.LATENCY, 300, 0.5, 0.7, Method.DEFAULT))
                .isEqualTo(Verdict.WITHIN_NOISE);
        Method noFloor = new Method(0.10, 0, 0.95, 1000, 1);
        assertThat(Comparison.judge(Figure.Kind.LATENCY, 100, 1.3, 1.5, noFloor))
                .isEqualTo(Verdict.REGRESSED);
        // the rate has no absolute minimum
        assertThat(Comparison.judge(Figure.Kind.RATE, 10, 0.5, 0.8, Method.DEFAULT))
                .isEqualTo(Verdict.REGRESSED);
    }
}
