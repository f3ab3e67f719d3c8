package dev.zapline.load.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Verdicts over JSON files as {@code zapline load --json} writes them (test resources {@code threshold/}): an open
 * run over plaintext with some 500s, drops and timeouts, and a closed run over TLS. The limits sit at the files'
 * exact values to pin down each operator at its boundary.
 */
class VerdictTest {

    @SuppressWarnings("unchecked")
    static Map<String, Object> fixture(String name) throws IOException {
        try (InputStream in = VerdictTest.class.getResourceAsStream("/threshold/" + name)) {
            return new ObjectMapper().readValue(in, Map.class);
        }
    }

    @ParameterizedTest(name = "[{index}] '{0}'")
    @CsvSource(delimiter = '|', textBlock = """
            p99<=5ms              | true  | 5000
            p99<5ms               | false | 5000
            p99==5000us           | true  | 5000
            p99!=5ms              | false | 5000
            p99>=5ms              | true  | 5000
            p99>5ms               | false | 5000
            p50<=850.123us        | true  | 850.123
            p50<850123ns          | false | 850.123
            corrected.p99.9<12ms  | false | 12000
            p99.99<=25ms          | true  | 25000
            max<31ms              | false | 31000.999
            max<=31.000999ms      | true  | 31000.999
            mean<1.1ms            | false | 1100.25
            mean<=1100.25us       | true  | 1100.25
            service.p99.9<=9ms    | true  | 9000
            service.p75<1.1ms     | false | 1100
            service.max<30.0006ms | true  | 30000.5
            connect.p99<1ms       | true  | 900
            connect.mean<=250.5us | true  | 250.5
            error_rate<=1.25%     | true  | 0.0125
            error_rate<1.25%      | false | 0.0125
            error_rate<=0.0125    | true  | 0.0125
            drop_rate==2%         | true  | 0.02
            drop_rate<2%          | false | 0.02
            drop_rate==0          | false | 0.02
            rate>=977             | true  | 977
            rate>977/s            | false | 977
            rate>=97.7%           | true  | 0.977
            rate>=99%             | false | 0.977
            requests==3920        | true  | 3920
            requests>3920         | false | 3920
            dropped<=80           | true  | 80
            dropped<80            | false | 80
            errors==9             | true  | 9
            timeouts<10           | true  | 9
            status_5xx<40         | false | 40
            status_5xx<=40        | true  | 40
            status_500==30        | true  | 30
            status_503!=10        | false | 10
            status_2xx==3871      | true  | 3871
            status_404==0         | true  | 0
            status_4xx<1          | true  | 0
            """)
    void judgesAnOpenRunAtItsExactValues(String expr, boolean passed, double actual) throws IOException {
        Verdict v = Threshold.parse(expr).evaluate(Facts.of(fixture("open-run.json")));
        assertThat(v.passed()).as(v.line()).isEqualTo(passed);
        assertThat(v.actual()).isEqualTo(actual);
        assertThat(v.reason()).isNull();
        assertThat(v.expression()).isEqualTo(expr);
    }

    @Test
    void aMetricTheRunDoesNotHaveFailsWithAReason() throws IOException {
        Facts open = Facts.of(fixture("open-run.json"));
        Verdict tls = Threshold.parse("handshake.p99<10ms").evaluate(open);
        assertThat(tls.passed()).isFalse();
        assertThat(tls.actual()).isNull();
        assertThat(tls.reason()).isEqualTo("no TLS handshakes: the target is not TLS");

        Facts closed = Facts.of(fixture("closed-tls-run.json"));
        Verdict relative = Threshold.parse("rate>=99%").evaluate(closed);
        assertThat(relative.passed()).isFalse();
        assertThat(relative.actual()).isNull();
        assertThat(relative.reason()).startsWith("no target rate: a closed run has no schedule");
        Verdict hs = Threshold.parse("handshake.p99<=3.05ms").evaluate(closed);
        assertThat(hs.passed()).isTrue();
        assertThat(hs.actual()).isEqualTo(3050.0);
        assertThat(Threshold.parse("handshake.mean<2575us").evaluate(closed).passed())
                .isFalse();
        assertThat(Threshold.parse("rate>=600").evaluate(closed).passed()).isTrue();
    }

    @Test
    void aFigureAnOlderFileLacksFailsNamingIt() throws IOException {
        Map<String, Object> root = fixture("open-run.json");
        @SuppressWarnings("unchecked")
        Map<String, Object> connect = (Map<String, Object>) ((Map<String, Object>) root.get("summary")).get("connect");
        connect.keySet().retainAll(List.of("count", "failures", "p50_us", "max_us")); // as before thresholds
        Facts f = Facts.of(root);
        assertThat(Threshold.parse("connect.p50<1ms").evaluate(f).passed()).isTrue();
        Verdict v = Threshold.parse("connect.p99<1ms").evaluate(f);
        assertThat(v.passed()).isFalse();
        assertThat(v.reason()).isEqualTo("the JSON file has no connect.p99");
    }

    @Test
    void nothingMeasuredIsNotAPass() throws IOException {
        Map<String, Object> root = fixture("open-run.json");
        @SuppressWarnings("unchecked")
        Map<String, Object> corrected =
                (Map<String, Object>) ((Map<String, Object>) root.get("latency")).get("corrected");
        corrected.replaceAll((k, v) -> 0);
        @SuppressWarnings("unchecked")
        Map<String, Object> outcomes =
                (Map<String, Object>) ((Map<String, Object>) root.get("summary")).get("outcomes");
        outcomes.replaceAll((k, v) -> 0);
        ((Map<String, Object>) root.get("summary")).put("errors", 0);
        Facts f = Facts.of(root);
        Verdict p99 = Threshold.parse("p99<5ms").evaluate(f);
        assertThat(p99.passed()).isFalse();
        assertThat(p99.reason()).isEqualTo("no latency was recorded in the measured phase");
        Verdict errors = Threshold.parse("error_rate<1%").evaluate(f);
        assertThat(errors.passed()).isFalse();
        assertThat(errors.reason()).isEqualTo("no request ended");
    }

    @Test
    void refusesAFileThatIsNotOneOfZaplineLoad() {
        Map<String, Object> root = new HashMap<>();
        root.put("summary", Map.of("model", "open"));
        assertThatThrownBy(() -> Facts.of(root))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no summary.outcomes");
    }

    @Test
    void linesShowTheActualValueInTheExpressionsUnit() throws IOException {
        Facts f = Facts.of(fixture("open-run.json"));
        assertThat(Threshold.parse("p99<5ms").evaluate(f).line())
                .isEqualTo("  FAIL  p99<5ms                  corrected.p99 = 5ms");
        assertThat(Threshold.parse("max < 40 ms").evaluate(f).line()).endsWith("corrected.max = 31.000999ms");
        assertThat(Threshold.parse("p50<1000000ns").evaluate(f).line()).endsWith("corrected.p50 = 850123ns");
        assertThat(Threshold.parse("error_rate<2%").evaluate(f).line())
                .startsWith("  pass  error_rate<2%")
                .endsWith("error_rate = 1.25%");
        assertThat(Threshold.parse("drop_rate<0.5").evaluate(f).line()).endsWith("drop_rate = 0.02");
        assertThat(Threshold.parse("rate>=99%").evaluate(f).line()).endsWith("rate_of_target = 97.7%");
        assertThat(Threshold.parse("rate>=900").evaluate(f).line()).endsWith("rate = 977 req/s");
        assertThat(Threshold.parse("status_5xx==0").evaluate(f).line()).endsWith("status_5xx = 40");
        assertThat(Threshold.parse("handshake.p99<1ms").evaluate(f).line())
                .endsWith("FAIL  handshake.p99<1ms        no TLS handshakes: the target is not TLS");
    }

    @Test
    void verdictsRenderTheJsonMembersTheReportReads() throws IOException {
        Thresholds t = Thresholds.parse(List.of("p99<=5ms", "status_5xx<10", "handshake.p99<1ms"));
        Verdicts v = t.evaluate(Facts.of(fixture("open-run.json")), null);
        assertThat(v.passed()).isFalse();
        @SuppressWarnings("unchecked")
        Map<String, Object> parsed = new ObjectMapper().readValue("{" + v.jsonMembers() + "}", Map.class);
        assertThat(parsed.keySet()).containsExactly("thresholds", "thresholds_passed", "aborted");
        assertThat(parsed.get("thresholds_passed")).isEqualTo(false);
        assertThat(parsed.get("aborted")).isNull();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> list = (List<Map<String, Object>>) parsed.get("thresholds");
        assertThat(list).hasSize(3);
        for (Map<String, Object> m : list) {
            assertThat(m.keySet())
                    .containsExactly(
                            "expression", "metric", "op", "limit", "actual", "unit", "shown", "passed", "reason");
        }
        assertThat(list.get(0))
                .containsEntry("expression", "p99<=5ms")
                .containsEntry("metric", "corrected.p99")
                .containsEntry("op", "<=")
                .containsEntry("limit", 5000)
                .containsEntry("actual", 5000)
                .containsEntry("unit", "us")
                .containsEntry("shown", "ms")
                .containsEntry("passed", true)
                .containsEntry("reason", null);
        assertThat(list.get(1))
                .containsEntry("metric", "status_5xx")
                .containsEntry("actual", 40)
                .containsEntry("unit", "count")
                .containsEntry("passed", false);
        assertThat(list.get(2)).containsEntry("actual", null).containsEntry("passed", false);
        assertThat((String) list.get(2).get("reason")).contains("not TLS");
        assertThat(v.text())
                .startsWith("Thresholds  2 of 3 failed")
                .contains("  pass  p99<=5ms", "  FAIL  status_5xx<10");
    }

    @Test
    void theThresholdThatStoppedTheRunFailsWhateverTheFinalFigures() throws IOException {
        Thresholds t = Thresholds.parse(List.of("p99<=5ms", "requests>0"));
        Verdicts v = t.evaluate(Facts.of(fixture("open-run.json")), new Verdicts.Abort("p99<=5ms", 2.0));
        assertThat(v.verdicts().get(0).passed()).isFalse();
        assertThat(v.verdicts().get(0).actual()).isEqualTo(5000.0);
        assertThat(v.verdicts().get(0).reason()).isEqualTo("stopped the run 2.0 s into the measured phase");
        assertThat(v.verdicts().get(1).passed()).isTrue();
        assertThat(v.passed()).isFalse();
        assertThat(v.jsonMembers()).endsWith("\"aborted\": {\"by\":\"p99<=5ms\",\"at_s\":2.000}");
        assertThat(v.text()).contains("Aborted     2.0 s into the measured phase: 'p99<=5ms' could no longer pass");
    }

    @ParameterizedTest(name = "{0} at {1}")
    @CsvSource(delimiter = '|', textBlock = """
            requests<3920    | true
            requests<=3919   | true
            requests==3919   | true
            requests==3921   | false
            requests>3920    | false
            requests>=4000   | false
            requests!=3920   | false
            p99<5ms          | true
            p99>5ms          | true
            error_rate<1%    | true
            rate>=99%        | true
            """)
    void anAbortWaitsForAFailureNoLaterDataCanUndo(String expr, boolean decided) throws IOException {
        // the fixture as if it were a second of a run still going: 3920 sent so far, p99 5 ms, error_rate 1.25%
        Thresholds t = Thresholds.parse(List.of(expr));
        Threshold failing = t.decidedFailure(Facts.of(fixture("open-run.json")));
        assertThat(failing == null ? null : failing.expression()).isEqualTo(decided ? expr : null);
    }

    @Test
    void anAbortLeavesMetricsWithoutDataToTheEnd() throws IOException {
        Thresholds t = Thresholds.parse(List.of("handshake.p99<1ms", "rate<=1"));
        assertThat(t.decidedFailure(Facts.of(fixture("open-run.json"))).expression())
                .isEqualTo("rate<=1");
    }

    @Test
    void aRateInPercentNeedsAnOpenRun() {
        Thresholds t = Thresholds.parse(List.of("p99<5ms", "rate>=99%"));
        t.checkModel(true);
        assertThatThrownBy(() -> t.checkModel(false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("threshold 'rate>=99%': a rate in % of the target needs an open-model run");
    }
}
