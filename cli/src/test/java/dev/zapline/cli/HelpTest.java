package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every subcommand answers --help and -h with its usage on stdout and exit 0, as users try first. */
class HelpTest {

    @ParameterizedTest
    @ValueSource(strings = {"serve", "load", "report", "bench", "tune", "inspect", "k8s", "profiles", "version"})
    void everySubcommandPrintsItsUsageForHelp(String sub) {
        for (String flag : new String[] {"--help", "-h"}) {
            CliRun r = CliRun.of(sub, flag);
            assertThat(r.exit()).as(sub + " " + flag + ": " + r.err()).isZero();
            assertThat(r.out()).as(sub + " " + flag).contains("Usage: zapline " + sub);
        }
    }

    @Test
    void theTopLevelCommandPrintsItsUsageForHelp() {
        CliRun r = CliRun.of("--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Usage: zapline", "serve", "load", "bench");
    }
}
