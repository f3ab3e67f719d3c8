package dev.zapline.load.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.report.JourneyFixture;
import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.Summary;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JourneyThresholdTest {

    private static final long MS = 1_000_000;
    private static final List<String> STEPS = List.of("login", "pay", "home");

    private static Summary run() {
        return JourneyFixture.summary(JourneyFixture.recorder(1));
    }

    private static Verdict judge(String expression, Facts f) {
        return Thresholds.parse(List.of(expression))
                .evaluate(f, null)
                .verdicts()
                .get(0);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "p99{step=login}<50ms           | corrected.p99{step=login}<50000us",
                "service.max{ step = pay }<=10ms | service.max{step=pay}<=10000us",
                "error_rate{step=home}<0.1%     | error_rate{step=home}<0.001",
                "checks>=99.9%                  | checks>=0.999",
                "checks{step=login}>=80%        | checks{step=login}>=0.8",
                "journeys_failed<0.1%           | journeys_failed<0.001",
                "requests{step=a/b-c}==4        | requests{step=a/b-c}==4",
                "status_2xx{step=pay}>0         | status_2xx{step=pay}>0"
            })
    void stepAndJourneyFormsParseToTheirCanonicalForm(String expression, String canonical) {
        Threshold t = Threshold.parse(expression);
        assertThat(t.canonical()).isEqualTo(canonical);
        assertThat(Threshold.parse(t.canonical()).canonical()).isEqualTo(canonical);
    }

    @Test
    void theStepIsTheSelectorsName() {
        assertThat(Threshold.parse("p99{step=shop/login}<1ms").step()).isEqualTo("shop/login");
        assertThat(Threshold.parse("p99<1ms").step()).isNull();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "rate{step=login}>1      | threshold 'rate{step=login}>1': column 1: rate has no per-step form",
                "p99{step=}<1ms          | threshold 'p99{step=}<1ms': column 10: expected a step's name after step=",
                "p99{step=login<1ms      | threshold 'p99{step=login<1ms': column 4: unclosed '{' (expected "
                        + "{step=NAME})",
                "p99{stp=login}<1ms      | threshold 'p99{stp=login}<1ms': column 5: expected step=NAME in the "
                        + "braces, found 'stp=login'",
                "journeys_failed{step=a}<1% | threshold 'journeys_failed{step=a}<1%': column 1: journeys_failed has "
                        + "no per-step form"
            })
    void badSelectorsAreRefusedByColumn(String expression, String message) {
        assertThatThrownBy(() -> Threshold.parse(expression)).hasMessageStartingWith(message);
    }

    @Test
    void anUnknownStepIsRefusedListingTheSteps() {
        Thresholds t = Thresholds.parse(List.of("p99<1s", "p99{step=logn}<50ms"));
        assertThatThrownBy(() -> t.checkSteps(STEPS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threshold 'p99{step=logn}<50ms': no step 'logn' (the steps: login, pay, home)");
        assertThatThrownBy(() -> t.checkSteps(List.of()))
                .hasMessage("threshold 'p99{step=logn}<50ms': no step 'logn': the run has no journeys");
        Thresholds.parse(List.of("p99{step=home}<50ms", "checks>1%")).checkSteps(STEPS);
        Verdict v = judge("p99{step=logn}<50ms", Facts.of(run()));
        assertThat(v.passed()).isFalse();
        assertThat(v.actual()).isNull();
        assertThat(v.reason()).isEqualTo("no step 'logn' (the steps: login, pay, home)");
    }

    @Test
    void eachFormReadsItsStepsFiguresOrTheJourneysTotals() {
        Facts f = Facts.of(run());
        Histogram login = LoopRecorder.newHistogram();
        for (long v : new long[] {MS, 2 * MS, 3 * MS, 10 * MS}) {
            login.recordValue(v);
        }
        double p99 = Double.parseDouble(String.format(
                java.util.Locale.ROOT, "%.3f", Summary.Latency.of(login).p(99)));
        Verdict v = judge("p99{step=login}<50ms", f);
        assertThat(v.passed()).isTrue();
        assertThat(v.actual()).isEqualTo(p99);
        assertThat(judge("p99{step=login}<10ms", f).passed()).isFalse();
        assertThat(judge("error_rate{step=login}<=25%", f).actual()).isEqualTo(0.25);
        assertThat(judge("error_rate{step=login}<=25%", f).passed()).isTrue();
        assertThat(judge("error_rate{step=pay}<30%", f).actual()).isEqualTo(1.0 / 3);
        assertThat(judge("error_rate{step=pay}<30%", f).passed()).isFalse();
        assertThat(judge("error_rate{step=home}<1%", f).actual()).isEqualTo(1.0);
        assertThat(judge("error_rate<50%", f).actual()).isEqualTo(4.0 / 9);
        assertThat(judge("checks>=99.9%", f).actual()).isEqualTo(0.8);
        assertThat(judge("checks>=99.9%", f).passed()).isFalse();
        assertThat(judge("checks{step=login}>=87.5%", f).actual()).isEqualTo(0.875);
        assertThat(judge("checks{step=login}>=87.5%", f).passed()).isTrue();
        assertThat(judge("checks{step=pay}>=1%", f).reason()).isEqualTo("no check was evaluated");
        assertThat(judge("journeys_failed<0.1%", f).actual()).isEqualTo(4.0 / 6);
        assertThat(judge("requests{step=pay}==3", f).passed()).isTrue();
        assertThat(judge("timeouts{step=pay}==1", f).passed()).isTrue();
        assertThat(judge("status_500{step=home}==1", f).passed()).isTrue();
    }

    @Test
    void aRunWithoutJourneysHasNoJourneyFigures() {
        Summary s = run();
        Summary plain = JourneyFixture.withoutJourneys(s);
        Facts f = Facts.of(plain);
        assertThat(f.stepKeys()).isEmpty();
        assertThat(judge("journeys_failed<1%", f).reason()).isEqualTo("the run has no journeys");
        assertThat(judge("p99{step=login}<1s", f).reason()).isEqualTo("no step 'login': the run has no journeys");
        assertThat(judge("checks>1%", f).reason()).isEqualTo("no check was evaluated");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJsonFileGivesTheSameVerdictsAsTheLiveSummary() throws Exception {
        List<String> every = List.of(
                "p50{step=login}<2ms",
                "p99.99{step=pay}<5ms",
                "service.mean{step=home}<3ms",
                "max{step=login}<10ms",
                "error_rate{step=pay}<30%",
                "error_rate<50%",
                "checks>=80%",
                "checks{step=home}>50%",
                "journeys_failed<60%",
                "requests{step=login}==4",
                "errors{step=pay}==1",
                "status_201{step=pay}==2");
        Summary s = JourneyFixture.summary(JourneyFixture.recorder(1), JourneyFixture.recorder(3));
        Map<String, Object> root = new ObjectMapper().readValue(JsonReport.render(s), Map.class);
        Facts file = Facts.of(root);
        assertThat(file.stepKeys()).containsExactly("login", "pay", "home");
        Verdicts live = Thresholds.parse(every).evaluate(Facts.of(s), null);
        Verdicts read = Thresholds.parse(every).evaluate(file, null);
        assertThat(read.verdicts()).isEqualTo(live.verdicts());
        assertThat(live.verdicts()).extracting(Verdict::actual).doesNotContainNull();
    }
}
