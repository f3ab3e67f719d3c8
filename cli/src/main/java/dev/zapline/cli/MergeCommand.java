package dev.zapline.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.merge.Merge;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.threshold.Facts;
import dev.zapline.load.threshold.Thresholds;
import dev.zapline.load.threshold.Verdicts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zapline merge SEG.json ... -o merged.json}: the segments of one run as that run's JSON file. */
@Command(
        name = "merge",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Merge the --json files of a run's segments (zapline load --segment i/n) into one run's file: counts add, "
                    + "the measured phase's histograms are added (exact percentiles), rates are recomputed over the "
                    + "merged window and the timeline is summed per wall-clock second (per-second percentiles but "
                    + "the max are null). Refuses files of different runs, a segment twice and a missing segment "
                    + "(--allow-partial); exit status 2.",
            "--threshold EXPR (repeatable, the grammar of zapline load --threshold) judges the merged run: exit "
                    + "status 99 when one fails."
        })
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "SEGMENT.json", arity = "1..*", description = "Files written by zapline load --json.")
    List<Path> files;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            required = true,
            description = "The merged JSON file to write.")
    Path output;

    @Option(names = "--allow-partial", description = "Merge even when segments are missing (marked run.partial).")
    boolean allowPartial;

    @Option(
            names = "--threshold",
            paramLabel = "EXPR",
            description = "A pass/fail condition on the merged measured phase (repeatable; docs/load.md, Thresholds).")
    List<String> thresholds = new ArrayList<>();

    @Option(names = "--html", paramLabel = "FILE", description = "Also draw the merged run as zapline report does.")
    Path html;

    @Override
    public Integer call() throws Exception {
        Thresholds checks = Thresholds.parse(thresholds);
        List<RunReport.Run> runs = new ArrayList<>();
        for (Path f : files) {
            runs.add(RunReport.Run.read(f, f.toString()));
        }
        ObjectNode merged = Merge.merge(runs, allowPartial);
        RunReport.Run run = new RunReport.Run(output.getFileName().toString().replaceFirst("\\.json$", ""), merged);
        boolean passed = true;
        if (!checks.isEmpty()) {
            Verdicts v = checks.evaluate(Facts.of(run.asMap()), null);
            passed = v.passed();
            spec.commandLine().getOut().print(v.text());
            run = run.withMembers(v.jsonMembers());
        }
        Files.writeString(
                output, new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(run.doc()));
        if (html != null) {
            RunReport.write(html, List.of(run));
        }
        int n = merged.path("run").path("segments").asInt();
        spec.commandLine()
                .getOut()
                .println("zapline merge: wrote " + output + " (" + runs.size() + " of " + n + " segments"
                        + (runs.size() < n ? ", partial" : "") + ")");
        return passed ? 0 : Thresholds.FAILED_EXIT_STATUS;
    }
}
