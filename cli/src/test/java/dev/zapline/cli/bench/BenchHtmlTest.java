package dev.zapline.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.cli.Main;
import dev.zapline.cli.report.Chromium;
import dev.zapline.load.report.Machine;
import dev.zapline.wire.peer.Peers;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench.html} beside bench.md and bench.json: every round's req/s, the server's CPU per request, and each
 * ratio against its target with its verdict, drawn in headless Chromium (skipped where it is not installed).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BenchHtmlTest {

    @TempDir
    Path dir;

    @Test
    void benchHtmlShowsEveryRoundAndEveryRatioWithItsVerdict() throws Exception {
        BenchResult r = result();
        BenchReport.write(dir, r);
        Path page = dir.resolve("bench.html");
        String html = Files.readString(page);
        assertThat(html)
                .contains("\"kind\":\"bench\"", "zap_vs_http_health_p16")
                .doesNotContainPattern("src=");
        assertThat(r.ratios())
                .extracting(Ratio::verdict)
                .contains("yes", "**no**")
                .anyMatch(v -> v.startsWith("not judged"));

        Peers.require("chromium");
        Chromium chromium = new Chromium(dir);
        Chromium.Status s = chromium.dumpDom(page, "");
        assertThat(s.errors()).as("script errors:\n%s", s.dom()).isZero();
        assertThat(s.state()).isEqualTo("done");
        assertThat(s.charts()).containsOnlyKeys("rps-plain", "cpu-plain", "rps-pipelined", "cpu-pipelined", "ratios");
        int arms = r.sets().get(0).arms().size();
        // the row and each of the three rounds, per arm
        assertThat(s.charts().get("rps-pipelined").points()).isEqualTo(arms * 4);
        assertThat(s.charts().get("rps-pipelined").series()).isEqualTo(4);
        assertThat(s.charts().get("cpu-pipelined").points()).isEqualTo(arms);
        assertThat(s.charts().get("ratios").points()).isEqualTo(r.ratios().size());
        assertThat(s.charts().values()).allMatch(c -> c.drawn() > 0);
        assertThat(s.report()).contains(">met<", ">not met<", ">not judged: ");

        BufferedImage shot = chromium.screenshot(page, "", 1800);
        assertThat(Chromium.colours(shot, 100)).isGreaterThanOrEqualTo(30);
    }

    @Test
    void theOutOptionNamesEveryFileItWrites() throws Exception {
        BenchReport.write(dir, result());
        List<String> written;
        try (Stream<Path> files = Files.list(dir)) {
            written = files.map(f -> f.getFileName().toString()).sorted().toList();
        }
        String help = String.join(
                " ",
                new CommandLine(new Main())
                        .getSubcommands()
                        .get("bench")
                        .getCommandSpec()
                        .findOption("--out")
                        .description());
        assertThat(written).containsExactly("bench.html", "bench.json", "bench.md");
        assertThat(written).allSatisfy(f -> assertThat(help).contains(f));
    }

    private static BenchResult result() {
        List<ArmSet> sets = new ArrayList<>();
        for (int pipeline : new int[] {1, 16}) {
            double k = pipeline == 1 ? 0.3 : 1;
            sets.add(new ArmSet(
                    pipeline,
                    List.of(
                            arm("raw-netty", 0.97, 0.9, 2.1, k * 100_000, k * 98_000, k * 103_000),
                            arm("http-health", 0.97, 0.9, 2.0, k * 101_000, k * 99_500, k * 102_000),
                            arm("zap-health", 0.97, 0.9, 1.6, k * 110_000, k * 112_000, k * 108_000),
                            arm("http-rpc-jackson", 0.80, 0.99, 4.0, k * 60_000, k * 61_000, k * 59_000),
                            arm("zap-rpc-zap", 0.97, 0.9, 2.4, k * 90_000, k * 91_000, k * 89_000))));
        }
        BenchSettings s = new BenchSettings(
                List.of("raw-netty", "http-health"),
                3,
                0,
                1,
                1,
                0,
                false,
                false,
                "zapline bench (test)",
                List.of(1, 16));
        return new BenchResult(
                new Machine("test cpu", 2, "Linux", "JDK 25"), s, "unpinned: --no-pin", List.of(), sets, List.of());
    }

    /** An arm measured in three rounds (the row is their median) with these cores and CPU per request. */
    private static ArmResult arm(String name, double server, double loader, double cpuMicros, double... rounds) {
        List<ArmResult> rows = new ArrayList<>();
        for (double v : rounds) {
            rows.add(new ArmResult(
                    name,
                    v,
                    1,
                    2,
                    3,
                    10,
                    0,
                    0,
                    0,
                    0,
                    cpuMicros * 1e3,
                    server,
                    loader,
                    Double.NaN,
                    null,
                    null,
                    List.of(),
                    null));
        }
        return ArmResult.median(rows);
    }
}
