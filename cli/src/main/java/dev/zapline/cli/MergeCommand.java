package dev.zapline.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.cli.load.Durations;
import dev.zapline.cli.merge.HdrLog;
import dev.zapline.cli.merge.Merge;
import dev.zapline.cli.merge.MergeInputs;
import dev.zapline.cli.report.RunReport;
import dev.zapline.load.threshold.Facts;
import dev.zapline.load.threshold.Thresholds;
import dev.zapline.load.threshold.Verdicts;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
                    + "merged window and the timeline is summed per wall-clock second, its percentiles exact when "
                    + "every segment's --hdr-log is given (else only the max). Refuses files of different runs, a "
                    + "segment twice and a missing segment (--allow-partial); exit status 2.",
            "--threshold EXPR (repeatable, the grammar of zapline load --threshold) judges the merged run: exit "
                    + "status 99 when one fails."
        })
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(
            paramLabel = "FILE|DIR",
            arity = "1..*",
            description = "Files written by zapline load --json (*.json) and --hdr-log (*.hlog or *.hdr), or "
                    + "directories of them (every such file directly inside but merge's outputs).")
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

    @Option(
            names = "--hdr-log",
            paramLabel = "FILE",
            description = "Also write the merged per-second histograms as an HdrHistogram interval log (needs every "
                    + "segment's --hdr-log).")
    Path hdrLog;

    @Option(
            names = "--wait",
            paramLabel = "DURATION",
            description = "Wait up to DURATION (e.g. 30m) for the run's complete set of final segment files, checking "
                    + "each second: for a merge step started beside the segments. With --allow-partial, merge what "
                    + "is final when it passes.")
    String wait;

    @Override
    public Integer call() throws Exception {
        Thresholds checks = Thresholds.parse(thresholds);
        Set<Path> outputs = new HashSet<>();
        for (Path p : new Path[] {output, html, hdrLog}) {
            if (p != null) {
                outputs.add(p);
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        MergeInputs in = wait == null
                ? MergeInputs.read(files, outputs, false)
                : MergeInputs.await(files, outputs, Duration.ofNanos(Durations.nanos(wait)), allowPartial, err);
        if (!in.running().isEmpty() && !allowPartial) {
            throw new IllegalArgumentException("still running (no run member yet): " + String.join(", ", in.running())
                    + "; --wait DURATION waits for them");
        }
        List<RunReport.Run> runs = in.runs();
        ObjectNode merged = Merge.merge(runs, in.logs(), allowPartial);
        if (!in.logs().isEmpty()
                && !"exact"
                        .equals(merged.path("run").path("timeline_percentiles").asText())) {
            err.println("zapline merge: hdr logs for " + in.logs().size() + " of " + runs.size()
                    + " segments: the timeline's per-second percentiles but the max are null");
        }
        if (hdrLog != null) {
            if (in.logs().size() != runs.size()) {
                throw new IllegalArgumentException("--hdr-log needs every segment's hdr log: "
                        + in.logs().size() + " of " + runs.size() + " given");
            }
            HdrLog.write(
                    hdrLog,
                    "zapline merge of " + runs.size() + " segments: corrected latency (untagged) and service time "
                            + "(tag=service), ns; max column in ms",
                    runMember(merged),
                    HdrLog.added(in.logs()));
        }
        RunReport.Run run = new RunReport.Run(output.getFileName().toString().replaceFirst("\\.json$", ""), merged);
        boolean passed = true;
        if (!checks.isEmpty()) {
            Facts facts = Facts.of(run.asMap());
            checks.checkSteps(facts.stepKeys());
            Verdicts v = checks.evaluate(facts, null);
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

    /** The merged run's {@code id, segments, start_at}, for the merged hdr log's comment. */
    private static JsonNode runMember(ObjectNode merged) {
        ObjectNode r = new ObjectMapper().createObjectNode();
        JsonNode run = merged.path("run");
        r.set("id", run.path("id"));
        r.set("segments", run.path("segments"));
        r.set("start_at", run.path("start_at"));
        return r;
    }
}
