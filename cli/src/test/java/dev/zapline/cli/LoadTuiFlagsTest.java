package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.cli.load.TuiFlags;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --tui} and {@code --tui-step} on the command line, where there is no terminal (as under a test runner). */
class LoadTuiFlagsTest {

    @TempDir
    Path dir;

    @Test
    void tuiWithQuietIsRefused() {
        CliRun r = CliRun.of("load", "http://127.0.0.1:9/", "--rate", "10", "-d", "1s", "--tui", "--quiet");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("zapline: --tui draws the run and --quiet hides it: give one of them\n");
    }

    @Test
    void aBadStepIsRefusedBeforeAnythingConnects() {
        CliRun r = CliRun.of("load", "http://127.0.0.1:9/", "--rate", "10", "-d", "1s", "--tui", "--tui-step", "1x");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("zapline: --tui-step: expected a percentage such as 10% or a rate such as 500, got '1x'\n");
    }

    @Test
    void withoutATerminalOneLineSaysSoAndTheLiveLineStays() throws Exception {
        Path json = dir.resolve("run.json");
        PrintStream stderr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliRun r;
        try (HealthServer server = new HealthServer()) {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            r = CliRun.of(
                    "load",
                    server.url("/health"),
                    "--rate",
                    "50",
                    "-d",
                    "1s",
                    "--warmup",
                    "0s",
                    "-c",
                    "1",
                    "--threads",
                    "1",
                    "--tui",
                    "--json",
                    json.toString());
        } finally {
            System.setErr(stderr);
        }
        assertThat(r.exit()).isZero();
        String lines = err.toString(StandardCharsets.UTF_8);
        assertThat(lines)
                .contains("zapline load: --tui needs a terminal (standard input, output and error on a tty, TERM set "
                        + "and not dumb); showing the live line instead\n")
                .contains(" done  rate ");
        assertThat(new ObjectMapper()
                        .readTree(json.toFile())
                        .path("summary")
                        .path("complete")
                        .asBoolean())
                .isTrue();
        assertThat(new TuiFlags().liveLine(false)).isSameAs(System.err);
        assertThat(new TuiFlags().liveLine(true)).isNull();
    }
}
