package dev.zapline.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.threshold.Facts;
import dev.zapline.load.threshold.Thresholds;
import dev.zapline.load.threshold.Verdicts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zapline report RUN.json [MORE.json ...] -o report.html}: one self-contained HTML page of the runs. */
@Command(
        name = "report",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Draw one or more zapline load --json results as one self-contained HTML file (no network access needed "
                    + "to open it): rate, latency over time and its distribution, corrected and service, outcomes, "
                    + "in-flight and connections, connect and handshake times. Several runs are overlaid, one legend "
                    + "entry each.",
            "--threshold EXPR (repeatable, the grammar of zapline load --threshold) judges each run's measured phase "
                    + "again: the verdicts are printed and drawn (they replace those the file carries), and the exit "
                    + "status is 99 when one fails in any run, 0 when all pass, 2 on bad input."
        })
final class ReportCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "RUN.json", arity = "1..*", description = "Files written by zapline load --json.")
    List<Path> files;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            required = true,
            description = "The HTML file to write.")
    Path output;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The legend's name of each run, in the files' order (repeatable; default: the file name).")
    List<String> names = new ArrayList<>();

    @Option(
            names = "--threshold",
            paramLabel = "EXPR",
            description = "A pass/fail condition on each run's measured phase, e.g. p99<5ms or error_rate<0.1%% "
                    + "(repeatable; docs/load.md, Thresholds).")
    List<String> thresholds = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Thresholds checks = Thresholds.parse(thresholds);
        if (names.size() > files.size()) {
            throw new IllegalArgumentException(
                    names.size() + " --name for " + files.size() + " file" + (files.size() == 1 ? "" : "s"));
        }
        List<RunReport.Run> runs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            runs.add(RunReport.Run.read(files.get(i), i < names.size() ? names.get(i) : null));
        }
        boolean passed = true;
        if (!checks.isEmpty()) {
            List<RunReport.Run> judged = new ArrayList<>();
            for (RunReport.Run run : runs) {
                Verdicts v = judge(checks, run);
                passed &= v.passed();
                spec.commandLine().getOut().print(run.name() + ":\n" + v.text());
                judged.add(run.withMembers(v.jsonMembers()));
            }
            runs = judged;
        }
        RunReport.write(output, runs);
        spec.commandLine()
                .getOut()
                .println("zapline report: wrote " + output + " (" + runs.size() + " run" + (runs.size() == 1 ? "" : "s")
                        + ")");
        return passed ? 0 : Thresholds.FAILED_EXIT_STATUS;
    }

    /**
     * {@code checks} on a run's file, as {@code zapline load} judges it at its end; a run stopped by
     * {@code --abort-on-fail} keeps its abort (the threshold that stopped it fails whatever the figures say).
     */
    private static Verdicts judge(Thresholds checks, RunReport.Run run) {
        Map<String, ?> root = run.asMap();
        JsonNode a = run.doc().path("aborted");
        Verdicts.Abort aborted = a.isObject()
                ? new Verdicts.Abort(a.path("by").asText(), a.path("at_s").asDouble())
                : null;
        try {
            Facts facts = Facts.of(root);
            checks.checkSteps(facts.stepKeys());
            return checks.evaluate(facts, aborted);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(run.name() + ": " + e.getMessage(), e);
        }
    }
}
