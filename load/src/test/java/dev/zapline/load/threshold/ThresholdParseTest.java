package dev.zapline.load.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThresholdParseTest {

    @ParameterizedTest(name = "[{index}] '{0}'")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            p99<5ms                  | corrected.p99<5000us        | us       | 5000
            "  p99 <  5 ms  "        | corrected.p99<5000us        | us       | 5000
            service.p99.9<=20ms      | service.p99.9<=20000us      | us       | 20000
            corrected.p50>=1.5us     | corrected.p50>=1.5us        | us       | 1.5
            p75>0.25ms               | corrected.p75>250us         | us       | 250
            p90!=3us                 | corrected.p90!=3us          | us       | 3
            p99.99<1s                | corrected.p99.99<1000000us  | us       | 1000000
            max<2.5s                 | corrected.max<2500000us     | us       | 2500000
            mean<500ns               | corrected.mean<0.5us        | us       | 0.5
            p50<250µs                | corrected.p50<250us         | us       | 250
            p50<250μs                | corrected.p50<250us         | us       | 250
            connect.p99<10ms         | connect.p99<10000us         | us       | 10000
            handshake.p99.99<=1.25ms | handshake.p99.99<=1250us    | us       | 1250
            service.max==7000us      | service.max==7000us         | us       | 7000
            error_rate<0.1%          | error_rate<0.001            | fraction | 0.001
            error_rate <= 0.001      | error_rate<=0.001           | fraction | 0.001
            error_rate<100%          | error_rate<1                | fraction | 1
            drop_rate==0             | drop_rate==0                | fraction | 0
            drop_rate<1              | drop_rate<1                 | fraction | 1
            rate>=99%                | rate_of_target>=0.99        | fraction | 0.99
            rate<=105%               | rate_of_target<=1.05        | fraction | 1.05
            rate_of_target>=0.95     | rate_of_target>=0.95        | fraction | 0.95
            rate>=1000               | rate>=1000                  | req/s    | 1000
            rate > 1000/s            | rate>1000                   | req/s    | 1000
            rate>=2.5req/s           | rate>=2.5                   | req/s    | 2.5
            status_5xx<10            | status_5xx<10               | count    | 10
            status_2xx>=100          | status_2xx>=100             | count    | 100
            status_404==0            | status_404==0               | count    | 0
            requests>=1000.0         | requests>=1000              | count    | 1000
            errors!=3                | errors!=3                   | count    | 3
            dropped==0               | dropped==0                  | count    | 0
            timeouts<1               | timeouts<1                  | count    | 1
            """)
    void parsesValidExpressionsToTheirCanonicalForm(String expr, String canonical, String unit, double limit) {
        Threshold t = Threshold.parse(expr);
        assertThat(t.canonical()).isEqualTo(canonical);
        assertThat(t.unit()).isEqualTo(unit);
        assertThat(t.limit()).isEqualTo(limit);
        assertThat(t.expression()).isEqualTo(expr);
        assertThat(t.metric()).isEqualTo(canonical.split("[<>=!]")[0]);
        // the canonical form is a threshold too, the same one
        Threshold again = Threshold.parse(canonical);
        assertThat(again.canonical()).isEqualTo(canonical);
        assertThat(again.limit()).isEqualTo(t.limit());
        assertThat(again.op()).isEqualTo(t.op());
    }

    @Test
    void readsEveryOperator() {
        assertThat(Threshold.parse("p99<1ms").op()).isEqualTo(Op.LT);
        assertThat(Threshold.parse("p99<=1ms").op()).isEqualTo(Op.LE);
        assertThat(Threshold.parse("p99>1ms").op()).isEqualTo(Op.GT);
        assertThat(Threshold.parse("p99>=1ms").op()).isEqualTo(Op.GE);
        assertThat(Threshold.parse("p99==1ms").op()).isEqualTo(Op.EQ);
        assertThat(Threshold.parse("p99!=1ms").op()).isEqualTo(Op.NE);
    }

    @Test
    void percentageLimitsAreTheNearestDoubleToTheDecimalNotAProductOfRoundings() {
        // 0.7 / 100 in doubles is 0.006999999999999999; a run with 7 errors in 1000 must meet error_rate<=0.7%
        assertThat(0.7 / 100).isNotEqualTo(7.0 / 1000);
        assertThat(Threshold.parse("error_rate<=0.7%").limit()).isEqualTo(7.0 / 1000);
        assertThat(Threshold.parse("error_rate<=1.1%").limit()).isEqualTo(11.0 / 1000);
        assertThat(Threshold.parse("p99<=1.1ms").limit()).isEqualTo(1100.0);
    }

    @Test
    void quotesTheExpressionTheColumnAndWhatWasExpected() {
        assertThatThrownBy(() -> Threshold.parse("p99<5mss"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threshold 'p99<5mss': column 6: unknown unit 'mss' (expected ns, us, µs, ms or s)");
    }

    @ParameterizedTest(name = "[{index}] '{0}'")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            p98<5ms            | 1  | unknown metric 'p98' (expected p50, p75, p90, p99, p99.9, p99.99, max or mean
            P99<5ms            | 1  | unknown metric 'P99'
            service.p98<1ms    | 1  | unknown metric 'service.p98'
            status_600<1       | 1  | unknown metric 'status_600'
            latency<1ms        | 1  | unknown metric 'latency'
            ""                 | 1  | expected a metric, found the end
            <5ms               | 1  | expected a metric, found '<'
            "  <5ms"           | 3  | expected a metric, found '<'
            p99 5ms            | 5  | expected an operator, found '5' (expected <, <=, >, >=, == or !=)
            p99                | 4  | expected an operator, found the end
            p99=5ms            | 4  | unknown operator '=' (expected <, <=, >, >=, == or !=)
            p99=<5ms           | 4  | unknown operator '=<'
            p99<>5ms           | 4  | unknown operator '<>'
            p99<               | 5  | expected a number, found the end
            p99<-5ms           | 5  | expected a number, found '-'
            p99<ms             | 5  | expected a number, found 'm'
            p99<5.ms           | 5  | bad number '5.'
            p99<.5ms           | 5  | bad number '.5'
            p99<1.2.3ms        | 5  | bad number '1.2.3'
            p99<5              | 6  | missing unit (expected ns, us, µs, ms or s)
            "p99 < 5 "         | 8  | missing unit (expected ns, us, µs, ms or s)
            p99<5%             | 6  | unknown unit '%' (expected ns, us, µs, ms or s)
            p99<5MS            | 6  | unknown unit 'MS'
            p99<5ms garbage    | 9  | unexpected 'garbage' after the value
            p99<5ms<6ms        | 8  | unexpected '<6ms' after the value
            p99<5 ms 7         | 10 | unexpected '7' after the value
            requests<5ms       | 11 | a count takes no unit, found 'ms'
            status_5xx<1%      | 13 | '%' does not apply to a count: status_5xx takes a number of requests
            errors<0.5         | 8  | a count is a whole number, found 0.5
            error_rate<5       | 12 | a fraction is at most 1, found 5 (write 5% for a percentage)
            error_rate<101%    | 12 | a percentage of requests is at most 100%, found 101%
            drop_rate<1ms      | 12 | unknown unit 'ms' (expected % or none for a fraction from 0 to 1)
            rate>=99ms         | 9  | unknown unit 'ms' (expected none or /s for requests per second, or % of the
            """)
    void refusesMalformedExpressionsAtTheirColumn(String expr, int column, String fragment) {
        assertThatThrownBy(() -> Threshold.parse(expr))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("threshold '" + expr + "': column " + column + ": ")
                .hasMessageContaining(fragment);
    }
}
