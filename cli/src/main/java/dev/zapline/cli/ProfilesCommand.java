package dev.zapline.cli;

import dev.zapline.cli.load.Durations;
import dev.zapline.cli.load.ProfileChart;
import dev.zapline.load.schedule.Profiles;
import dev.zapline.load.schedule.Stages;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zapline profiles}: the load shapes {@code zapline load --profile} knows, described and drawn. */
@Command(
        name = "profiles",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "List the load shapes of zapline load --profile NAME --peak-rps R -d D, each with its definition (D is "
                    + "the run's length, P the peak rate) and a chart of rate against time.",
            "With NAME: that shape drawn larger, and its stages in --stages syntax for --peak-rps and -d."
        })
final class ProfilesCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "One shape to draw and print.")
    String name;

    @Option(
            names = "--peak-rps",
            paramLabel = "R",
            description = "The peak rate for the printed stages (default ${DEFAULT-VALUE}).")
    double peakRps = 1000;

    @Option(
            names = {"-d", "--duration"},
            description = "The run's length for the printed stages (default ${DEFAULT-VALUE}).")
    String duration = "60s";

    @Option(names = "--ascii", description = "Draw with # : . instead of block characters.")
    boolean ascii;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Duration d = Duration.ofNanos(Durations.nanos(duration));
        if (name == null) {
            for (String shape : Profiles.names()) {
                out.println(shape + ": " + Profiles.describe(shape));
                chart(out, Profiles.stages(shape, peakRps, d), 60, 8, "  ");
                out.println();
            }
        } else {
            Stages stages = Profiles.stages(name, peakRps, d);
            out.println(name + ": " + Profiles.describe(name));
            out.println();
            String peak =
                    java.math.BigDecimal.valueOf(peakRps).stripTrailingZeros().toPlainString();
            chart(out, stages, 72, 16, peak + " req/s ");
            out.printf(
                    Locale.ROOT,
                    "%n%d requests over %s (mean %.3f req/s); as --stages:%n%s%n",
                    stages.count(),
                    duration,
                    stages.expectedCount() / (stages.durationNanos() / 1e9),
                    stages);
        }
        out.flush();
        return 0;
    }

    /** The chart with a left axis (labelled {@code top} at its top row) and a time axis from 0 to -d. */
    private void chart(PrintWriter out, Stages stages, int width, int height, String top) {
        List<String> rows = ProfileChart.draw(stages, width, height, ascii);
        String blank = " ".repeat(top.length());
        char axis = ascii ? '|' : '│';
        for (int r = 0; r < rows.size(); r++) {
            out.println((r == 0 ? top : blank) + axis + rows.get(r));
        }
        String line = String.valueOf(ascii ? '-' : '─').repeat(width);
        out.println(blank + (ascii ? '+' : '└') + line);
        String end = duration;
        out.println(blank + " 0" + " ".repeat(Math.max(1, width - 1 - end.length())) + end);
    }
}
