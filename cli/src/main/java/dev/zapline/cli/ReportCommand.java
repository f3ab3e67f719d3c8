package dev.zapline.cli;

import dev.zapline.cli.report.RunReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
                    + "entry each."
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

    @Override
    public Integer call() throws Exception {
        if (names.size() > files.size()) {
            throw new IllegalArgumentException(
                    names.size() + " --name for " + files.size() + " file" + (files.size() == 1 ? "" : "s"));
        }
        List<RunReport.Run> runs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            runs.add(RunReport.Run.read(files.get(i), i < names.size() ? names.get(i) : null));
        }
        RunReport.write(output, runs);
        spec.commandLine()
                .getOut()
                .println("zapline report: wrote " + output + " (" + runs.size() + " run" + (runs.size() == 1 ? "" : "s")
                        + ")");
        return 0;
    }
}
