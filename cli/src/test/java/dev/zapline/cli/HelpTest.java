package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every subcommand answers --help and -h with its usage on stdout and exit 0, as users try first. */
class HelpTest {

    @ParameterizedTest
    @ValueSource(
            strings = {"serve", "load", "report", "bench", "tune", "inspect", "k8s", "profiles", "diff", "version"})
    void everySubcommandPrintsItsUsageForHelp(String sub) {
        for (String flag : new String[] {"--help", "-h"}) {
            // picocli warns on the process's stderr when a description is not a valid format (a lone '%')
            PrintStream err = System.err;
            ByteArrayOutputStream warnings = new ByteArrayOutputStream();
            CliRun r;
            try {
                System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
                r = CliRun.of(sub, flag);
            } finally {
                System.setErr(err);
            }
            assertThat(r.exit()).as(sub + " " + flag + ": " + r.err()).isZero();
            assertThat(r.out()).as(sub + " " + flag).contains("Usage: zapline " + sub);
            assertThat(warnings.toString(StandardCharsets.UTF_8))
                    .as(sub + " " + flag)
                    .doesNotContain("WARN");
        }
    }

    @Test
    void theTopLevelCommandPrintsItsUsageForHelp() {
        CliRun r = CliRun.of("--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Usage: zapline", "serve", "load", "bench");
    }
}
