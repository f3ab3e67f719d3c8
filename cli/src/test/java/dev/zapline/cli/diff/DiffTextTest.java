package dev.zapline.cli.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code zapline diff}'s text and Markdown tables, exactly. */
class DiffTextTest {

    private static final Comparison C = new Comparison(
            "base.json",
            "new.json",
            Method.DEFAULT,
            new int[] {60, 30},
            List.of(
                    new Comparison.Row(Figure.P50, null, 1000, 1010, 0.98, 1.04, Verdict.WITHIN_NOISE, false),
                    new Comparison.Row(Figure.P99, null, 5000, 6500, 1.2, 1.4, Verdict.REGRESSED, false),
                    new Comparison.Row(Figure.RATE, null, 1000, 990, 0.98, 1.005, Verdict.WITHIN_NOISE, false),
                    new Comparison.Row(Figure.ERRORS, null, 0, 0.002, 0.0015, 0.0025, Verdict.REGRESSED, false),
                    new Comparison.Row(Figure.P99, "login", 2000, 2100, 0.9, 1.2, Verdict.WITHIN_NOISE, true),
                    new Comparison.Row(
                            Figure.ERRORS, "login", 0, 0, Double.NaN, Double.NaN, Verdict.NOT_JUDGED, false)),
            List.of("step pay: only in NEW"));

    private static List<Limit.Outcome> limits() {
        return List.of(
                Limit.parse("p99 +10%").judge(C.rows()),
                Limit.parse("p99{step=login} +1%").judge(C.rows()));
    }

    @Test
    void markdown() {
        assertThat(DiffText.markdown(C, limits())).isEqualTo("""
                        ### zapline diff

                        BASE `base.json` (60 s) vs NEW `new.json` (30 s). Circular block bootstrap over seconds: \
                        1000 resamples, blocks of 4 s (BASE) and 3 s (NEW), 95% intervals of NEW/BASE, min effect 10% \
                        and 100µs for a latency (error and drop rates: 0.1 point), seed 1.

                        | figure | BASE | NEW | change | 95% interval | verdict |
                        |:--|--:|--:|--:|:--|:--|
                        | p50 | 1.00ms | 1.01ms | +1.0% | [-2.0%, +4.0%] | within noise |
                        | p99 | 5.00ms | 6.50ms | +30.0% | [+20.0%, +40.0%] | **regressed** |
                        | rate | 1000.0/s | 990.0/s | -1.0% | [-2.0%, +0.5%] | within noise |
                        | error rate | 0.00% | 0.20% | +0.20 pt | [+0.15, +0.25] | **regressed** |
                        | step login |  |  |  |  |  |
                        | p99 | 2.00ms | 2.10ms | +5.0% | [-10.0%, +20.0%] | within noise (derived) |
                        | error rate | 0.00% | 0.00% | +0.00 pt | - | not judged |

                        step pay: only in NEW

                        **Limits**

                        - `p99 +10%`: exceeded (p99 +30.0%, regressed)
                        - `p99{step=login} +1%`: past the limit, but within noise: not exceeded \
                        (p99{step=login} +5.0%, within noise)
                        """);
    }

    @Test
    void aChangeThatRoundsToNothingHasNoMinusSign() {
        Comparison c = new Comparison(
                "a",
                "b",
                Method.DEFAULT,
                new int[] {-1, -1},
                List.of(new Comparison.Row(
                        Figure.RATE, null, 1000, 999.9999, Double.NaN, Double.NaN, Verdict.NO_INTERVALS, false)),
                List.of());
        assertThat(DiffText.text(c, List.of())).contains("  +0.0%  -  ");
    }

    @Test
    void text() {
        assertThat(DiffText.text(C, List.of(limits().get(0)))).isEqualTo("""
                        zapline diff: BASE base.json (60 s) vs NEW new.json (30 s)
                        Circular block bootstrap over seconds: 1000 resamples, blocks of 4 s (BASE) and 3 s (NEW), \
                        95% intervals of NEW/BASE, min effect 10% and 100µs for a latency (error and drop rates: 0.1 \
                        point), seed 1.

                        figure            BASE      NEW    change  95% interval      verdict
                        p50             1.00ms   1.01ms     +1.0%  [-2.0%, +4.0%]    within noise
                        p99             5.00ms   6.50ms    +30.0%  [+20.0%, +40.0%]  regressed
                        rate          1000.0/s  990.0/s     -1.0%  [-2.0%, +0.5%]    within noise
                        error rate       0.00%    0.20%  +0.20 pt  [+0.15, +0.25]    regressed
                        step login
                          p99           2.00ms   2.10ms     +5.0%  [-10.0%, +20.0%]  within noise (derived)
                          error rate     0.00%    0.00%  +0.00 pt  -                 not judged
                        step pay: only in NEW

                        limits:
                          p99 +10%: exceeded (p99 +30.0%, regressed)
                        """);
    }
}
