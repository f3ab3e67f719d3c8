package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StagesParserTest {

    private static final long S = 1_000_000_000L;

    static Stream<Arguments> valid() {
        return Stream.of(
                Arguments.of(
                        "10s:0->20000,30s:20000,5s:20000->0",
                        List.of(
                                new Stage(10 * S, 0, 20_000_000),
                                new Stage(30 * S, 20_000_000, 20_000_000),
                                new Stage(5 * S, 20_000_000, 0))),
                Arguments.of("250ms:100", List.of(new Stage(250_000_000, 100_000, 100_000))),
                Arguments.of("2m:1.5->0.001", List.of(new Stage(120 * S, 1_500, 1))),
                Arguments.of("1h:10", List.of(new Stage(3_600 * S, 10_000, 10_000))),
                Arguments.of("1.5s:7", List.of(new Stage(1_500_000_000, 7_000, 7_000))),
                Arguments.of("0.000001ms:1", List.of(new Stage(1, 1_000, 1_000))),
                Arguments.of(" 1s : 5 -> 6 , 2s:0 ", List.of(new Stage(S, 5_000, 6_000), new Stage(2 * S, 0, 0))),
                Arguments.of("1s:1000000000", List.of(new Stage(S, Stage.MAX_MILLI, Stage.MAX_MILLI))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void parsesHoldsAndRampsWithUnitsAndDecimals(String text, List<Stage> expected) {
        assertThat(Stages.parse(text).stages()).containsExactlyElementsOf(expected);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of("", "stages are empty; expected e.g. \"10s:0->1000,30s:1000\""),
                Arguments.of("10s", "stage 1 \"10s\": expected duration:rate or duration:from->to"),
                Arguments.of("10s:1:2", "stage 1 \"10s:1:2\": expected duration:rate or duration:from->to"),
                Arguments.of("1s:1,,1s:1", "stage 2 \"\": expected duration:rate or duration:from->to"),
                Arguments.of("1s:1,", "stage 2 \"\": expected duration:rate or duration:from->to"),
                Arguments.of(
                        "10:100",
                        "stage 1 \"10:100\": bad duration \"10\"; expected a number and a unit ms, s, m" + " or h"),
                Arguments.of(
                        "10x:100",
                        "stage 1 \"10x:100\": bad duration \"10x\"; expected a number and a unit ms," + " s, m or h"),
                Arguments.of(
                        "-1s:100",
                        "stage 1 \"-1s:100\": bad duration \"-1s\"; expected a number and a unit ms," + " s, m or h"),
                Arguments.of("0s:100", "stage 1 \"0s:100\": duration must be greater than zero"),
                Arguments.of(
                        "0.0000001ms:1",
                        "stage 1 \"0.0000001ms:1\": duration \"0.0000001ms\" is not a whole"
                                + " number of nanoseconds or too long"),
                Arguments.of(
                        "9999999h:1",
                        "stage 1 \"9999999h:1\": duration \"9999999h\" is not a whole number of"
                                + " nanoseconds or too long"),
                Arguments.of(
                        "1s:abc",
                        "stage 1 \"1s:abc\": bad rate \"abc\"; expected a number of requests per" + " second >= 0"),
                Arguments.of(
                        "1s:-5",
                        "stage 1 \"1s:-5\": bad rate \"-5\"; expected a number of requests per second" + " >= 0"),
                Arguments.of(
                        "1s:5->",
                        "stage 1 \"1s:5->\": bad rate \"\"; expected a number of requests per second" + " >= 0"),
                Arguments.of(
                        "1s:1.0001",
                        "stage 1 \"1s:1.0001\": rate \"1.0001\" has more than 3 decimals or is too" + " large"),
                Arguments.of(
                        "1s:1000000000.5",
                        "stage 1 \"1s:1000000000.5\": rate \"1000000000.5\" is above 1e9" + " req/s"),
                Arguments.of(
                        "1s:1,2s:3->x",
                        "stage 2 \"2s:3->x\": bad rate \"x\"; expected a number of requests per" + " second >= 0"));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @MethodSource("invalid")
    void rejectsMalformedStagesNamingTheStage(String text, String message) {
        assertThatThrownBy(() -> Stages.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void thePeakIsTheHighestRateAtAnyStagesStartOrEnd() {
        assertThat(Stages.parse("5s:1000->40000,10s:40000->2500.5").peakPerSecond())
                .isEqualTo(40000.0);
        assertThat(Stages.parse("5s:0->0.25").peakPerSecond()).isEqualTo(0.25);
        assertThat(Stages.parse("5s:0").peakPerSecond()).isZero();
    }

    @Test
    void roundTripsThroughToString() {
        Stages profile = Stages.parse("10s:0->20000,1.5s:0.25,1ms:3->2,0.000123ms:4");
        assertThat(Stages.parse(profile.toString()).stages()).isEqualTo(profile.stages());
    }

    @Test
    void buildsStagesFromDoublesExactlyOrRefuses() {
        assertThat(Stage.hold(Duration.ofSeconds(1), 0.1)).isEqualTo(new Stage(S, 100, 100));
        assertThat(Stage.ramp(Duration.ofSeconds(1), 0, 333.333)).isEqualTo(new Stage(S, 0, 333_333));
        assertThatThrownBy(() -> Stage.hold(Duration.ofSeconds(1), 0.0001))
                .hasMessage("rate 1.0E-4 has more than 3 decimals or is too large");
        assertThatThrownBy(() -> Stage.hold(Duration.ofSeconds(1), -1))
                .hasMessage("rate must be a finite number >= 0, got -1.0");
        assertThatThrownBy(() -> Stage.hold(Duration.ofSeconds(1), Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Stage.hold(Duration.ZERO, 1))
                .hasMessage("stage duration must be at least 1 ns, got 0 ns");
        assertThatThrownBy(() -> new Stage(1, 0, Stage.MAX_MILLI + 1))
                .hasMessage("rate must be in [0, 1e9] req/s, got 1000000000.001 req/s");
    }

    @Test
    void parsesArrivalNames() {
        assertThat(Arrival.parse("uniform")).isEqualTo(Arrival.UNIFORM);
        assertThat(Arrival.parse(" Poisson ")).isEqualTo(Arrival.POISSON);
        assertThatThrownBy(() -> Arrival.parse("burst"))
                .hasMessage("arrival must be uniform or poisson, got \"burst\"");
        assertThatThrownBy(() -> Arrival.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
