package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.schedule.Profiles;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code zapline profiles} and {@code zapline load --profile}: what they print, take and refuse. */
class ProfilesCommandTest {

    @Test
    void listsEveryShapeWithItsDefinitionAndAChart() {
        CliRun r = CliRun.of("profiles");
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        // per shape: its line, 8 rows, the axis, its labels and a blank line
        assertThat(lines).hasSize(12 * Profiles.names().size());
        for (String name : Profiles.names()) {
            int at = lines.indexOf(name + ": " + Profiles.describe(name));
            assertThat(at).as(name).isNotNegative();
            assertThat(lines.get(at + 1)).hasSize(63).startsWith("  │");
            assertThat(lines.get(at + 9)).isEqualTo("  └" + "─".repeat(60));
            assertThat(lines.get(at + 10)).isEqualTo("   0" + " ".repeat(56) + "60s");
        }
        assertThat(lines.get(1)).isEqualTo("  │" + "█".repeat(60));
    }

    @Test
    void oneShapeIsDrawnLargerWithItsStagesToCopy() {
        CliRun r = CliRun.of("profiles", "spike", "--peak-rps", "500", "-d", "20s", "--ascii");
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("spike: " + Profiles.describe("spike"));
        String pad = " ".repeat("500 req/s ".length());
        // the jump covers 0.6 of columns 32 and 39 (of 72): 0.68 P there, 87 of 128 eighths
        String top = " ".repeat(33) + "#".repeat(6) + " ".repeat(33);
        assertThat(lines.get(2)).isEqualTo("500 req/s |" + top);
        assertThat(lines.subList(3, 7)).allSatisfy(l -> assertThat(l).isEqualTo(pad + "|" + top));
        assertThat(lines.get(7)).isEqualTo(pad + "|" + " ".repeat(32) + ":######:" + " ".repeat(32));
        String jump = " ".repeat(32) + "#".repeat(8) + " ".repeat(32);
        assertThat(lines.subList(8, 14)).allSatisfy(l -> assertThat(l).isEqualTo(pad + "|" + jump));
        // 0.2 P: 26 of 128 eighths, three rows full and the fourth a quarter
        assertThat(lines.get(14)).isEqualTo(pad + "|" + ".".repeat(32) + "#".repeat(8) + ".".repeat(32));
        assertThat(lines.subList(15, 18)).allSatisfy(l -> assertThat(l).isEqualTo(pad + "|" + "#".repeat(72)));
        assertThat(lines.get(18)).isEqualTo(pad + "+" + "-".repeat(72));
        assertThat(r.out())
                .endsWith("\n2800 requests over 20s (mean 140.000 req/s); as --stages:\n"
                        + "9000ms:100,2000ms:500,9000ms:100\n");
    }

    @Test
    void anUnknownShapeIsAUsageErrorNamingTheKnownOnes() {
        CliRun r = CliRun.of("profiles", "bursty");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unknown shape \"bursty\"; known shapes: steady, ramp, ramp-and-hold");
    }

    @Test
    void loadTakesAShapeAsTheStagesItMakes() {
        LoadCommand c = new LoadCommand();
        new picocli.CommandLine(c)
                .parseArgs("http://127.0.0.1:1/", "--profile", "step", "--peak-rps", "400", "-d", "8s");
        // the warm-up (1 s by default) runs at the first stage's rate, as with --stages
        assertThat(c.plan().schedule().stages().toString())
                .isEqualTo("1000ms:100,2000ms:100,2000ms:200,2000ms:300,2000ms:400");
        assertThat(c.plan().measuredNanos()).isEqualTo(8_000_000_000L);
    }

    static Stream<Arguments> refused() {
        String url = "http://127.0.0.1:1/";
        String shape = "--profile";
        return Stream.of(
                Arguments.of(
                        new String[] {url, shape, "ramp", "--peak-rps", "10", "--rate", "5"},
                        "--profile gives the run its rates: it does not mix with --rate"),
                Arguments.of(
                        new String[] {url, shape, "ramp", "--peak-rps", "10", "--stages", "1s:5"},
                        "--profile gives the run its rates: it does not mix with --stages"),
                Arguments.of(
                        new String[] {url, shape, "ramp", "--peak-rps", "10", "--concurrency", "5"},
                        "--profile gives the run its rates: it does not mix with --concurrency"),
                Arguments.of(new String[] {url, shape, "ramp"}, "--profile ramp needs --peak-rps R, its highest rate"),
                Arguments.of(
                        new String[] {url, "--peak-rps", "10"},
                        "--peak-rps is the peak of a --profile: add --profile NAME"),
                Arguments.of(
                        new String[] {url, "--peak-rps", "10", "--rate", "5"},
                        "--peak-rps is the peak of a --profile: add --profile NAME"),
                Arguments.of(new String[] {url, shape, "nope", "--peak-rps", "10"}, "unknown shape \"nope\""),
                Arguments.of(
                        new String[] {url, shape, "ramp", "--peak-rps", "0"},
                        "peak rate 0.0 req/s: need a number in [0.001, 1e9]"),
                Arguments.of(
                        new String[] {url, shape, "ramp", "--peak-rps", "10", "-d", "500ms"},
                        "a shape runs over at least 1s and at most 104 days, got PT0.5S"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void loadRefusesAShapeThatClashesOrIsIncomplete(String[] args, String message) {
        String[] all = Stream.concat(Stream.of("load"), Stream.of(args)).toArray(String[]::new);
        CliRun r = CliRun.of(all);
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message).doesNotContain("Exception", "\tat ");
    }
}
