package dev.zapline.cli.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --threshold} limits: what they read, what they refuse, and when one is exceeded. */
class LimitTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "p99 +10%|P99||0.1|false",
                "p99 10%|P99||0.1|false",
                "p999 +5%|P999||0.05|false",
                "p99.9+5%|P999||0.05|false",
                "corrected.p50 +2ms|P50||2000.0|true",
                "service.p90 +250us|SERVICE_P90||250.0|true",
                "service.p99 +1s|SERVICE_P99||1000000.0|true",
                "p50 +500ns|P50||0.5|true",
                "rate -5%|RATE||0.05|false",
                "rate 5%|RATE||0.05|false",
                "errors +0.5%|ERRORS||0.005|false",
                "error_rate +1%|ERRORS||0.01|false",
                "dropped +1%|DROPPED||0.01|false",
                "p99{step=login} +20%|P99|login|0.2|false",
                "service.p50{step= pay/checkout } +1ms|SERVICE_P50|pay/checkout|1000.0|true"
            })
    void reads(String text, Figure figure, String step, double amount, boolean absolute) {
        Limit l = Limit.parse(text);
        assertThat(l.figure()).isEqualTo(figure);
        assertThat(l.step()).isEqualTo(step);
        assertThat(l.amount()).isCloseTo(amount, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(l.absolute()).isEqualTo(absolute);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "p99; expected METRIC [+|-]N% or METRIC +N ms|us|s, e.g. 'p99 +10%', 'rate -5%', 'p50 +2ms'",
                "p99 +10; expected METRIC [+|-]N% or METRIC +N ms|us|s, e.g. 'p99 +10%', 'rate -5%', 'p50 +2ms'",
                "p75 +10%;unknown metric 'p75' (expected p50, p90, p99, p999 (each also after service. or corrected.),"
                        + " rate, errors, dropped)",
                "p99 -10%;p99 regresses upwards: use +N",
                "rate +10%;rate regresses downwards: use -N",
                "rate -10ms;rate takes a limit in % (ms is a time)",
                "errors +1ms;error rate takes a limit in % (ms is a time)",
                "rate{step=login} -5%;only latency has a per-step limit",
                "p99{step=} +5%;an empty step key"
            })
    void refuses(String text, String what) {
        assertThatThrownBy(() -> Limit.parse(text)).hasMessage("--threshold '" + text + "': " + what);
    }

    private static Comparison.Row row(Figure f, double base, double neu, Verdict v) {
        return new Comparison.Row(f, null, base, neu, 0.9, 1.1, v, false);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "p99 +10%|1000|1200|REGRESSED|true|exceeded",
                "p99 +10%|1000|1200|WITHIN_NOISE|false|past the limit, but within noise: not exceeded",
                "p99 +10%|1000|1200|NO_INTERVALS|false|past the limit, but no intervals: not exceeded",
                "p99 +25%|1000|1200|REGRESSED|false|held",
                "p99 +150us|1000|1200|REGRESSED|true|exceeded",
                "p99 +250us|1000|1200|REGRESSED|false|held"
            })
    void isExceededOnlyPastTheLimitAndRegressed(
            String text, double base, double neu, Verdict v, boolean exceeded, String says) {
        Limit.Outcome o = Limit.parse(text).judge(List.of(row(Figure.P99, base, neu, v)));
        assertThat(o.exceeded()).isEqualTo(exceeded);
        assertThat(o.text()).isEqualTo(says);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "rate -5%|RATE|1000|900|REGRESSED|true",
                "rate -15%|RATE|1000|900|REGRESSED|false",
                "errors +0.5%|ERRORS|0.001|0.011|REGRESSED|true",
                "errors +2%|ERRORS|0.001|0.011|REGRESSED|false"
            })
    void ratesAndShares(String text, Figure f, double base, double neu, Verdict v, boolean exceeded) {
        assertThat(Limit.parse(text).judge(List.of(row(f, base, neu, v))).exceeded())
                .isEqualTo(exceeded);
    }

    @org.junit.jupiter.api.Test
    void aStepTheRunsDoNotBothHaveIsRefused() {
        List<Comparison.Row> rows = List.of(
                row(Figure.P99, 1, 1, Verdict.WITHIN_NOISE),
                new Comparison.Row(Figure.P99, "login", 1, 1, 1, 1, Verdict.WITHIN_NOISE, true));
        assertThatThrownBy(() -> Limit.parse("p99{step=logn} +5%").judge(rows))
                .hasMessage("--threshold 'p99{step=logn} +5%': no step 'logn' in both runs (the steps: login)");
        assertThatThrownBy(() -> Limit.parse("p99{step=x} +5%").judge(rows.subList(0, 1)))
                .hasMessage("--threshold 'p99{step=x} +5%': no step 'x' in both runs: they have no journeys");
    }
}
