package dev.zapline.cli;

import dev.zapline.cli.diff.Diff;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zapline diff BASE.json NEW.json}: was NEW slower than BASE, or only noisier? */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Compare two zapline load results (--json files) side by side: p50, p90, p99 and p99.9 of the",
            "corrected latency and of the service time, the achieved rate, the error and drop rates, and each",
            "journey step's. A verdict per figure, regressed, improved or within noise, from a circular block",
            "bootstrap over each run's measured seconds (the files' per-second histograms, 'intervals'): blocks",
            "of round(cbrt(seconds)) seconds drawn with replacement, added, the figure read; the interval of",
            "NEW/BASE at --confidence from --resamples pairs. Regressed only when the whole interval lies past",
            "--min-effect and, for a latency, past --min-abs too (error and drop rates: past 0.1 percentage",
            "point). A step's verdict is derived: its whole-run histogram's order-statistic interval widened by",
            "the run's design effect. Files without intervals are compared side by side, verdict 'no",
            "intervals'. docs/load.md has the method.",
            "Exit status: 0 no limit exceeded; 1 a --threshold exceeded (or, with --fail-on-regression, any",
            "figure regressed, or with --fail-on-shape a response shape broke); 2 bad input.",
            "Response shapes (--sample-responses): removed fields and changed types, listed when both runs",
            "have them."
        })
final class DiffCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE.json", description = "The result to compare against.")
    Path base;

    @Parameters(index = "1", paramLabel = "NEW.json", description = "The result to judge.")
    Path neu;

    @Option(
            names = "--threshold",
            paramLabel = "LIMIT",
            description = "A limit on a change, repeatable: 'p99 +10%%', 'service.p50 +2ms', 'rate -5%%',"
                    + " 'errors +0.5%%' (percentage points), 'p99{step=login} +20%%'. Exceeded only when the change"
                    + " is past it and the figure's verdict is regressed: noise alone never fails.")
    List<String> thresholds = new ArrayList<>();

    @Option(
            names = "--min-effect",
            paramLabel = "PERCENT",
            description = "The smallest change of a latency or the rate that counts (default ${DEFAULT-VALUE}).")
    String minEffect = "10%";

    @Option(
            names = "--min-abs",
            paramLabel = "DURATION",
            description = "The smallest change of a latency that counts, as well (default ${DEFAULT-VALUE}).")
    String minAbs = "100us";

    @Option(
            names = "--confidence",
            paramLabel = "PERCENT",
            description = "Of the intervals (default ${DEFAULT-VALUE}).")
    String confidence = "95%";

    @Option(
            names = "--resamples",
            paramLabel = "N",
            description = "Bootstrap resamples per run, 100 to 100000 (default ${DEFAULT-VALUE}).")
    int resamples = 1000;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "Of the resampling: the same files and seed give the same answer (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--fail-on-regression", description = "Exit 1 when any figure regressed, limit or not.")
    boolean failOnRegression;

    @Option(
            names = "--fail-on-shape",
            description = "Exit 1 when a response shape broke: a field of the base run's samples absent from every new"
                    + " sample, or of another type (both runs need --sample-responses).")
    boolean failOnShape;

    @Option(names = "--md", description = "Print a Markdown table (for a pull-request comment) instead of text.")
    boolean markdown;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the comparison as JSON.")
    Path json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Diff.Result r = Diff.run(
                base,
                neu,
                new Diff.Options(
                        thresholds,
                        minEffect,
                        minAbs,
                        confidence,
                        resamples,
                        seed,
                        failOnRegression,
                        markdown,
                        json,
                        failOnShape));
        out.print(r.output());
        out.flush();
        return r.exit();
    }
}
