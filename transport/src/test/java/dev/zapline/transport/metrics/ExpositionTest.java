package dev.zapline.transport.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpositionTest {

    @Test
    void writesHelpAndTypeOnceThenTheSamplesOfTheFamily() {
        Exposition e = new Exposition();
        e.family("a_total", Exposition.Type.COUNTER, "Things counted.")
                .sample(3, "k", "x")
                .sample(4, "k", "y");
        e.family("b", Exposition.Type.GAUGE, "A level.").sample(1.5);
        assertThat(e.toString()).isEqualTo("""
                        # HELP a_total Things counted.
                        # TYPE a_total counter
                        a_total{k="x"} 3
                        a_total{k="y"} 4
                        # HELP b A level.
                        # TYPE b gauge
                        b 1.5
                        """);
    }

    @Test
    void refusesToDeclareAFamilyTwice() {
        Exposition e = new Exposition();
        e.family("a_total", Exposition.Type.COUNTER, "x").sample(1);
        e.family("b", Exposition.Type.GAUGE, "y").sample(1);
        assertThatThrownBy(() -> e.family("a_total", Exposition.Type.COUNTER, "x"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a_total declared twice");
    }

    @Test
    void escapesBackslashQuoteAndNewlineInLabelValuesAndBackslashNewlineInHelp() {
        Exposition e = new Exposition();
        e.family("c", Exposition.Type.GAUGE, "line one\nback\\slash \"quoted\"").sample(0, "v", "a\\b\"c\nd");
        assertThat(e.toString().split("\n"))
                .containsExactly(
                        "# HELP c line one\\nback\\\\slash \"quoted\"", "# TYPE c gauge", "c{v=\"a\\\\b\\\"c\\nd\"} 0");
    }

    @Test
    void keepsOtherCharactersOfLabelValuesAsTheyAre() {
        Exposition e = new Exposition();
        e.family("r", Exposition.Type.GAUGE, "h").sample(1, "route", "/users/:id/*rest", "x", "café {}=,");
        assertThat(e.toString()).endsWith("r{route=\"/users/:id/*rest\",x=\"café {}=,\"} 1\n");
    }

    @Test
    void writesAHistogramCumulativeWithInfEqualToCountAndTheSum() {
        Exposition e = new Exposition();
        e.family("d_seconds", Exposition.Type.HISTOGRAM, "Latency.")
                .histogram(new double[] {0.00005, 0.001, 2.5}, new long[] {1, 4, 4, 6}, 0.25, "route", "/r");
        assertThat(e.toString().split("\n"))
                .containsExactly(
                        "# HELP d_seconds Latency.",
                        "# TYPE d_seconds histogram",
                        "d_seconds_bucket{route=\"/r\",le=\"0.00005\"} 1",
                        "d_seconds_bucket{route=\"/r\",le=\"0.001\"} 4",
                        "d_seconds_bucket{route=\"/r\",le=\"2.5\"} 4",
                        "d_seconds_bucket{route=\"/r\",le=\"+Inf\"} 6",
                        "d_seconds_sum{route=\"/r\"} 0.25",
                        "d_seconds_count{route=\"/r\"} 6");
    }

    @Test
    void refusesHistogramCountsThatAreNotCumulativeOrMissTheInfBucket() {
        Exposition e = new Exposition();
        e.family("d_seconds", Exposition.Type.HISTOGRAM, "h");
        assertThatThrownBy(() -> e.histogram(new double[] {1, 2}, new long[] {3, 2, 5}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("decrease at 1: 3, 2");
        assertThatThrownBy(() -> e.histogram(new double[] {1, 2}, new long[] {1, 2}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 counts for 2 bounds");
        assertThatThrownBy(() -> e.histogram(new double[] {2, 1}, new long[] {1, 2, 3}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not ascending");
        assertThatThrownBy(() -> e.sample(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void writesASummaryWithTheQuantileLabelLastAndOptionalTotals() {
        Exposition e = new Exposition();
        e.family("l_seconds", Exposition.Type.SUMMARY, "p")
                .quantile(0.5, 0.001, "w", "s")
                .quantile(0.999, Double.NaN, "w", "s")
                .summaryTotals(0.5, 9, "w", "s");
        assertThat(e.toString().split("\n"))
                .containsExactly(
                        "# HELP l_seconds p",
                        "# TYPE l_seconds summary",
                        "l_seconds{w=\"s\",quantile=\"0.5\"} 0.001",
                        "l_seconds{w=\"s\",quantile=\"0.999\"} NaN",
                        "l_seconds_sum{w=\"s\"} 0.5",
                        "l_seconds_count{w=\"s\"} 9");
        assertThatThrownBy(() -> e.quantile(1.5, 1)).hasMessageContaining("not in 0..1");
        assertThatThrownBy(() -> e.sample(1)).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0",
        "-0.0, 0",
        "42, 42",
        "-7, -7",
        "1.5, 1.5",
        "0.00005, 0.00005",
        "0.0001, 0.0001",
        "1e-9, 0.000000001",
        "12345678901, 12345678901",
        "Infinity, +Inf",
        "-Infinity, -Inf",
        "NaN, NaN"
    })
    void writesNumbersAsTheFormatReadsThem(double value, String text) {
        assertThat(Exposition.number(value)).isEqualTo(text);
    }

    @Test
    void refusesBadNamesOddLabelsAndCountersWithoutTotal() {
        Exposition e = new Exposition();
        for (String bad : List.of("1abc", "a-b", "", "a b")) {
            assertThatThrownBy(() -> e.family(bad, Exposition.Type.GAUGE, "h"))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> e.family("requests", Exposition.Type.COUNTER, "h"))
                .hasMessageContaining("must end in _total");
        e.family("g", Exposition.Type.GAUGE, "h");
        assertThatThrownBy(() -> e.sample(1, "only-name")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> e.sample(1, "k")).hasMessageContaining("pairs");
        assertThatThrownBy(() -> e.sample(1, "__reserved", "v")).hasMessageContaining("not a label name");
        assertThat(Arrays.asList(e.toString().split("\n"))).containsExactly("# HELP g h", "# TYPE g gauge");
    }
}
