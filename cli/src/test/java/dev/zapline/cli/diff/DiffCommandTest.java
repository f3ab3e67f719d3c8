package dev.zapline.cli.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code zapline diff} on files: its exit statuses and messages. */
class DiffCommandTest {

    @TempDir
    Path dir;

    private Path base;
    private Path same;
    private Path slower;

    private record Run(int exit, String out, String err) {}

    private static Run diff(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 1];
        all[0] = "diff";
        System.arraycopy(args, 0, all, 1, args.length);
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), all);
        return new Run(exit, out.toString(), err.toString());
    }

    @BeforeEach
    void files() throws Exception {
        base = write("base.json", new Synthetic(20, 500, 1, 0, 1).json(true));
        same = write("same.json", new Synthetic(20, 500, 1, 0, 2).json(true));
        slower = write("slower.json", new Synthetic(20, 500, 1.5, 0, 3).json(true));
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void nothingPastALimitExitsZero() {
        Run r = diff(base.toString(), same.toString(), "--threshold", "p99 +10%", "--fail-on-regression");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).doesNotContain("regressed").contains("p99 +10%: held (p99 ");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void aLimitExceededExitsOne() {
        Run r = diff(base.toString(), slower.toString(), "--threshold", "p50 +10%", "--threshold", "p99 +10%");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("p99 +10%: exceeded (p99 +").contains("p50 +10%: held (p50 ");
    }

    @Test
    void aRegressionWithinTheLimitExitsZeroUnlessAskedToFailOnIt() {
        assertThat(diff(base.toString(), slower.toString(), "--threshold", "p99 +80%")
                        .exit())
                .isZero();
        assertThat(diff(base.toString(), slower.toString()).exit()).isZero();
        assertThat(diff(base.toString(), slower.toString(), "--fail-on-regression")
                        .exit())
                .isEqualTo(1);
    }

    @Test
    void filesWithoutIntervalsGetNoVerdictAndFailNoLimit() throws Exception {
        Path old = write("old.json", new Synthetic(20, 500, 1, 0, 1).json(false));
        Run r = diff(old.toString(), slower.toString(), "--threshold", "p99 +10%", "--fail-on-regression");
        assertThat(r.exit()).isZero();
        assertThat(r.out())
                .contains("BASE " + old + " (no intervals)")
                .contains("p99 +10%: past the limit, but no intervals: not exceeded");
        assertThat(r.out().lines().filter(l -> l.endsWith("no intervals")).count())
                .isEqualTo(11);
    }

    @Test
    void markdownAndJson() throws Exception {
        Path json = dir.resolve("diff.json");
        Run r = diff(base.toString(), slower.toString(), "--md", "--json", json.toString(), "--threshold", "p99 +10%");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out())
                .startsWith("### zapline diff\n")
                .contains("| p99 | ")
                .contains("**regressed**");
        JsonNode doc = new ObjectMapper().readTree(json.toFile());
        assertThat(doc.path("exit").asInt()).isEqualTo(1);
        assertThat(doc.path("rows").size()).isEqualTo(11);
        assertThat(doc.path("rows").get(2).path("figure").asText()).isEqualTo("p99");
        assertThat(doc.path("rows").get(2).path("verdict").asText()).isEqualTo("regressed");
        assertThat(doc.path("limits").get(0).path("exceeded").asBoolean()).isTrue();
        assertThat(doc.path("method").path("base_seconds").asInt()).isEqualTo(20);
    }

    @Test
    void journeyStepsAreComparedWithDerivedVerdicts() throws Exception {
        Path a = write(
                "ja.json", new Synthetic(20, 500, 1, 0, 1).json(true, "login", new Synthetic(1, 20_000, 1, 0, 5)));
        Path b = write(
                "jb.json", new Synthetic(20, 500, 1, 0, 2).json(true, "login", new Synthetic(1, 20_000, 1.5, 0, 6)));
        Run r = diff(a.toString(), b.toString(), "--threshold", "p99{step=login} +20%");
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out())
                .contains("\nstep login\n")
                .containsPattern("\n  p99 .* regressed \\(derived\\)\n")
                .containsPattern("\n  p50 .* within noise \\(derived\\)\n")
                .contains("p99{step=login} +20%: exceeded (p99{step=login} +");
        assertThat(diff(a.toString(), b.toString(), "--threshold", "p99{step=logn} +20%"))
                .isEqualTo(new Run(
                        2,
                        "",
                        "zapline: --threshold 'p99{step=logn} +20%': no step 'logn' in both runs"
                                + " (the steps: login)\n"));
    }

    @Test
    void theHtmlReportLeavesTheSecondsHistogramsOut() {
        String json = new Synthetic(3, 10, 1, 0, 1).json(true);
        assertThat(json).contains("\"intervals\":[");
        String page = dev.zapline.cli.report.RunReport.render(
                java.util.List.of(dev.zapline.cli.report.RunReport.Run.parse("r", json, "r")));
        assertThat(page).doesNotContain("intervals");
    }

    @Test
    void badInputExitsTwoWithTheFileAndWhat() throws Exception {
        Path missing = dir.resolve("missing.json");
        Path text = write("text.json", "hello");
        Path empty = write("empty.json", "{}");
        String broken = new Synthetic(5, 10, 1, 0, 1)
                .json(true)
                .replaceFirst("\"corrected\":\"[^\"]*\"", "\"corrected\":\"AAAA\"");
        Path bad = write("bad.json", broken);
        assertThat(diff(missing.toString(), base.toString()))
                .isEqualTo(new Run(2, "", "zapline: " + missing + ": no such file\n"));
        assertThat(diff(base.toString(), empty.toString()))
                .isEqualTo(new Run(
                        2,
                        "",
                        "zapline: " + empty + ": not a zapline load result (--json): it has no summary.target\n"));
        Run notJson = diff(text.toString(), base.toString());
        assertThat(notJson.exit()).isEqualTo(2);
        assertThat(notJson.err()).startsWith("zapline: " + text + ": not JSON (");
        Run corrupt = diff(base.toString(), bad.toString());
        assertThat(corrupt.exit()).isEqualTo(2);
        assertThat(corrupt.err())
                .startsWith("zapline: " + bad + ": intervals[0].corrected: not an encoded HdrHistogram");
        assertThat(diff(base.toString(), same.toString(), "--threshold", "p99 +10"))
                .isEqualTo(new Run(
                        2,
                        "",
                        "zapline: --threshold 'p99 +10': expected METRIC [+|-]N% or METRIC +N"
                                + " ms|us|s, e.g. 'p99 +10%', 'rate -5%', 'p50 +2ms'\n"));
        assertThat(diff(base.toString(), same.toString(), "--min-effect", "lots"))
                .isEqualTo(new Run(2, "", "zapline: --min-effect 'lots': expected a percentage, e.g. 5%\n"));
        assertThat(diff(base.toString(), same.toString(), "--confidence", "40%"))
                .isEqualTo(new Run(2, "", "zapline: --confidence must be at least 50% and below 100%\n"));
        assertThat(diff(base.toString()).exit()).isEqualTo(2);
    }
}
