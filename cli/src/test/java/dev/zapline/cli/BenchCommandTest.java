package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BenchCommandTest {

    @Test
    void unknownArmIsAUsageError() {
        CliRun r = CliRun.of("bench", "--arms", "http-health,warp-drive");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no arm 'warp-drive'");
    }

    @Test
    void runsTheChosenArmsAndWritesBothFiles(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of(
                "bench",
                "--arms",
                "raw-netty,http-health",
                "--warmup",
                "1s",
                "-d",
                "500ms",
                "-c",
                "2",
                "--no-pin",
                "--out",
                dir.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(
                        "# zapline bench",
                        "| raw-netty |",
                        "| http-health |",
                        "`zapline bench --arms raw-netty,http-health --warmup 1s -d 500ms -c 2 --no-pin --out " + dir
                                + "`",
                        "zapline HTTP /health vs raw Netty");
        assertThat(Files.readString(dir.resolve("bench.md"))).isEqualTo(r.out());
        assertThat(Files.readString(dir.resolve("bench.json"))).contains("\"zapline_vs_raw_netty\"");

        CliRun again = CliRun.of(
                "bench",
                "--arms",
                "http-health",
                "--rounds",
                "2",
                "--warmup",
                "1s",
                "-d",
                "500ms",
                "-c",
                "2",
                "--no-pin",
                "--compare",
                dir.resolve("bench.json").toString());
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out())
                .contains(
                        "## Compared with",
                        "| http-health |",
                        "| raw-netty | ",
                        "| not run |",
                        "2 rounds in rotating order, interleaved",
                        "| arm | req/s per round |")
                .doesNotContain("- one round: ");
    }
}
