package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.report.JourneyFixture;
import dev.zapline.load.report.JsonReport;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code zapline report --threshold} on a journey run's file: step thresholds judged, an unknown step refused. */
class JourneyThresholdsCommandTest {

    @Test
    void stepThresholdsAreJudgedAndAnUnknownStepIsABadInput(@TempDir Path dir) throws Exception {
        Path run = Files.writeString(
                dir.resolve("shop.json"), JsonReport.render(JourneyFixture.summary(JourneyFixture.recorder(1))));
        Path out = dir.resolve("shop.html");
        CliRun pass = CliRun.of(
                "report",
                run.toString(),
                "--threshold",
                "p99{step=login}<1s",
                "--threshold",
                "checks{step=login}>=87.5%",
                "-o",
                out.toString());
        assertThat(pass.exit()).as(pass.out() + pass.err()).isZero();
        CliRun fail = CliRun.of("report", run.toString(), "--threshold", "journeys_failed<0.1%", "-o", out.toString());
        assertThat(fail.exit()).as(fail.out() + fail.err()).isEqualTo(99);
        assertThat(fail.out()).contains("journeys_failed = 66.6");
        CliRun unknown = CliRun.of(
                "report",
                run.toString(),
                "--threshold",
                "p99{step=logn}<50ms",
                "-o",
                dir.resolve("no.html").toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err())
                .contains("threshold 'p99{step=logn}<50ms': no step 'logn' (the steps: login, pay, home)");
        assertThat(dir.resolve("no.html")).doesNotExist();
    }
}
