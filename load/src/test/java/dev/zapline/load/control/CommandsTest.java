package dev.zapline.load.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CommandsTest {

    static Stream<Arguments> good() {
        return Stream.of(
                Arguments.of("{\"cmd\":\"rate\",\"rps\":5000}", Command.rate(5000, "stdin")),
                Arguments.of(" { \"cmd\" : \"rate\" , \"rps\" : 2.5e3 } ", Command.rate(2500, "stdin")),
                Arguments.of("{\"cmd\":\"rate\",\"rps\":0}", Command.rate(0, "stdin")),
                Arguments.of("{\"cmd\":\"bias\",\"percent\":-20}", Command.bias(-20, "stdin")),
                Arguments.of("{\"cmd\":\"bias\",\"percent\":12.5}", Command.bias(12.5, "stdin")),
                Arguments.of("{\"cmd\":\"mark\",\"label\":\"deploy\"}", Command.mark("deploy", "stdin")),
                Arguments.of(
                        "{\"cmd\":\"mark\",\"label\":\"a \\\"b\\\" \\u00e9\\n\"}",
                        Command.mark("a \"b\" é\n", "stdin")),
                Arguments.of("{\"cmd\":\"mark\"}", Command.mark("", "stdin")),
                Arguments.of("{\"cmd\":\"mark\",\"label\":\"\uffff\"}", Command.mark("\uffff", "stdin")),
                Arguments.of("{\"cmd\":\"pause\"}", Command.of(Command.Kind.PAUSE, "stdin")),
                Arguments.of("{\"cmd\":\"resume\"}", Command.of(Command.Kind.RESUME, "stdin")),
                Arguments.of("{\"cmd\":\"stop\",\"id\":\"x\"}", Command.of(Command.Kind.STOP, "stdin")),
                Arguments.of("{\"command\":\"stop\",\"id\":\"c4\"}", Command.of(Command.Kind.STOP, "stdin")),
                Arguments.of(
                        "{\"id\":\"c3\",\"command\":\"mark\",\"label\":\"deploy-v2-canary\"}",
                        Command.mark("deploy-v2-canary", "stdin")),
                Arguments.of("{\"command\":\"rate\",\"rps\":10}", Command.rate(10, "stdin")));
    }

    @ParameterizedTest
    @MethodSource("good")
    void readsEveryKindInBothForms(String line, Command expected) {
        assertThat(Commands.parse(line, "stdin")).isEqualTo(expected);
    }

    @Test
    void echoesTheId() {
        assertThat(Commands.read("{\"id\":\"c1\",\"cmd\":\"pause\"}", "http", () -> 0)
                        .id())
                .isEqualTo("c1");
        assertThat(Commands.read("{\"cmd\":\"pause\"}", "http", () -> 0).id()).isNull();
    }

    @Test
    void takesGopherGlidesBiasAsRequestsPerSecondOfTheRateNow() {
        Commands.Line l = Commands.read("{\"id\":\"c1\",\"command\":\"bias\",\"amount\":5}", "stdin", () -> 200);
        assertThat(l.command()).isEqualTo(Command.bias(2.5, "stdin"));
        assertThat(l.id()).isEqualTo("c1");
        assertThat(Commands.read("{\"command\":\"bias\",\"amount\":-50}", "stdin", () -> 400)
                        .command())
                .isEqualTo(Command.bias(-12.5, "stdin"));
        assertThatThrownBy(() -> Commands.read("{\"command\":\"bias\",\"amount\":5}", "stdin", () -> 0))
                .hasMessage("bias: \"amount\" is requests/s added to the target rate, which is 0 now; send "
                        + "{\"cmd\":\"rate\",\"rps\":R}");
        assertThatThrownBy(() -> Commands.parse("{\"command\":\"bias\",\"amount\":5}", "stdin"))
                .hasMessageContaining("which is not known here");
        assertThatThrownBy(() -> Commands.read("{\"command\":\"bias\",\"amount\":-400}", "stdin", () -> 400))
                .hasMessage("bias: the change must be above -100 % and at most 1e6 %, got -100 %");
    }

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of("rate 5000", "column 1: expected a JSON object, '{', found 'r'"),
                Arguments.of("", "column 1: expected a JSON object, '{', found the end of the line"),
                Arguments.of(
                        "{\"cmd\":\"rate\",\"rps\":5000", "column 25: expected ',' or '}', found the end of the line"),
                Arguments.of("{\"cmd\":\"rate\",\"rps\":5000}}", "column 26: text after the object, found '}'"),
                Arguments.of("{'cmd':'stop'}", "column 2: expected a key in double quotes, found '''"),
                Arguments.of(
                        "{\"cmd\":\"rate\",\"rps\":NaN}",
                        "column 21: the value of 'rps' must be a string or a "
                                + "number (in double quotes if text), found 'N'"),
                Arguments.of("{\"cmd\":\"rate\",\"rps\":1e999}", "column 21: number out of range, found '1'"),
                Arguments.of("{\"cmd\":\"rate\",\"rps\":01}", "column 22: expected ',' or '}', found '1'"),
                Arguments.of("{\"cmd\":\"rate\",\"rps\":-}", "column 22: a number needs digits, found '}'"),
                Arguments.of(
                        "{\"cmd\":\"rate\",\"rps\":true}",
                        "column 21: the value of 'rps' must be a string or "
                                + "a number (in double quotes if text), found 't'"),
                Arguments.of(
                        "{\"cmd\":\"rate\",\"rps\":[1]}",
                        "column 21: the value of 'rps' must be a string or "
                                + "a number, not an object or array, found '['"),
                Arguments.of("{\"cmd\":\"stop\",\"cmd\":\"stop\"}", "column 15: key 'cmd' given twice, found '\"'"),
                Arguments.of("{\"cmd\":\"mark\",\"label\":\"a\\qb\"}", "column 25: bad escape in a string, found '\\'"),
                Arguments.of(
                        "{\"cmd\":\"mark\",\"label\":\"ab",
                        "column 26: unterminated string, found the end of the " + "line"),
                Arguments.of(
                        "{\"cmd\":\"mark\",\"label\":\"a\tb\"}",
                        "column 25: control character in a string (escape it), found U+0009"),
                Arguments.of("{}", "missing \"cmd\": which command"),
                Arguments.of("{\"rps\":5}", "missing \"cmd\": which command"),
                Arguments.of(
                        "{\"cmd\":\"faster\"}", "unknown command 'faster': rate, bias, mark, pause, resume or stop"),
                Arguments.of(
                        "{\"cmd\":\"RATE\",\"rps\":1}",
                        "unknown command 'RATE': rate, bias, mark, pause, resume " + "or stop"),
                Arguments.of("{\"cmd\":5}", "\"cmd\" must be a string, got a number"),
                Arguments.of("{\"cmd\":\"rate\"}", "missing \"rps\""),
                Arguments.of("{\"cmd\":\"rate\",\"rsp\":5}", "rate: unknown key 'rsp' (it takes \"rps\")"),
                Arguments.of("{\"cmd\":\"rate\",\"rps\":\"5000\"}", "\"rps\" must be a number, got a string"),
                Arguments.of(
                        "{\"cmd\":\"rate\",\"rps\":-1}", "rate: \"rps\" must be 0 to 1000000000 requests/s, got -1"),
                Arguments.of(
                        "{\"cmd\":\"rate\",\"rps\":2e9}",
                        "rate: \"rps\" must be 0 to 1000000000 requests/s, got " + "2000000000"),
                Arguments.of("{\"cmd\":\"bias\"}", "missing \"percent\""),
                Arguments.of(
                        "{\"cmd\":\"bias\",\"percent\":-100}",
                        "bias: the change must be above -100 % and at " + "most 1e6 %, got -100 %"),
                Arguments.of(
                        "{\"cmd\":\"bias\",\"percent\":5,\"rps\":1}",
                        "bias: unknown key 'rps' (it takes " + "\"percent\")"),
                Arguments.of(
                        "{\"command\":\"bias\",\"amount\":0}",
                        "bias: \"amount\" (requests/s, Gopher Glide's "
                                + "form) must be a non-zero whole number, got 0"),
                Arguments.of(
                        "{\"command\":\"bias\",\"amount\":1.5}",
                        "bias: \"amount\" (requests/s, Gopher Glide's "
                                + "form) must be a non-zero whole number, got 1.5"),
                Arguments.of("{\"command\":\"mark\",\"label\":\"\"}", "\"label\" must not be empty"),
                Arguments.of("{\"cmd\":\"mark\",\"label\":7}", "\"label\" must be a string, got a number"),
                Arguments.of("{\"cmd\":\"stop\",\"now\":1}", "stop: unknown key 'now' (it takes none)"),
                Arguments.of("{\"cmd\":\"pause\",\"label\":\"x\"}", "pause: unknown key 'label' (it takes none)"),
                Arguments.of("{\"cmd\":\"stop\",\"command\":\"stop\"}", "give \"cmd\" or \"command\", not both"),
                Arguments.of("{\"cmd\":\"stop\",\"id\":3}", "\"id\" must be a string, got a number"));
    }

    @ParameterizedTest
    @MethodSource("bad")
    void refusesWithAClearMessage(String line, String message) {
        assertThatThrownBy(() -> Commands.read(line, "stdin", () -> 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void refusesALabelOverTheLimit() {
        String label = "x".repeat(Commands.MAX_LABEL + 1);
        assertThatThrownBy(() -> Commands.parse("{\"cmd\":\"mark\",\"label\":\"" + label + "\"}", "stdin"))
                .hasMessage("mark: the label is 201 characters, at most 200");
        assertThat(Commands.parse("{\"cmd\":\"mark\",\"label\":\"" + label.substring(1) + "\"}", "stdin")
                        .label())
                .hasSize(200);
    }

    static IntStream seeds() {
        return IntStream.range(0, 20);
    }

    /** Random rates and percents, written as Java writes them, read back exactly. */
    @ParameterizedTest
    @MethodSource("seeds")
    void readsNumbersExactly(int seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double rps = r.nextDouble(0, Commands.MAX_RATE);
        double percent = r.nextDouble(-99.999, 1000);
        assertThat(Commands.parse("{\"cmd\":\"rate\",\"rps\":" + rps + "}", "s").value())
                .isEqualTo(rps);
        String p = String.format(Locale.ROOT, "%.6f", percent);
        assertThat(Commands.parse("{\"cmd\":\"bias\",\"percent\":" + p + "}", "s")
                        .value())
                .isEqualTo(Double.parseDouble(p));
    }

    /** Every truncation of a good line is refused, never thrown past as anything but IllegalArgumentException. */
    @ParameterizedTest
    @MethodSource("seeds")
    void everyPrefixOfAGoodLineIsRefusedCleanly(int seed) {
        String line = "{\"cmd\":\"mark\",\"label\":\"d\\u00e9ploy \\\"" + seed + "\\\"\"}";
        for (int n = 0; n < line.length(); n++) {
            String prefix = line.substring(0, n);
            assertThatThrownBy(() -> Commands.parse(prefix, "s"))
                    .as(prefix)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(Commands.parse(line, "s").label()).isEqualTo("déploy \"" + seed + "\"");
    }
}
