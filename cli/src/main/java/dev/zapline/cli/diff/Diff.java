package dev.zapline.cli.diff;

import dev.zapline.cli.report.RunReport;
import dev.zapline.load.shape.ShapeDiff;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code zapline diff}'s work, apart from its flags: read both files, compare ({@link Comparison}), judge the limits
 * ({@link Limit}), compare the response shapes when both runs sampled them ({@link ShapeDiff}), render ({@link
 * DiffText}) and decide the exit status.
 *
 * <p>Stateless.
 */
public final class Diff {

    private Diff() {}

    /**
     * The command's settings as given on its command line.
     *
     * @param thresholds the {@code --threshold} limits
     * @param minEffect {@code --min-effect}, a percentage ({@code 5%} or {@code 5})
     * @param minAbs {@code --min-abs}, a duration ({@code 100us})
     * @param confidence {@code --confidence}, a percentage
     * @param resamples {@code --resamples}
     * @param seed {@code --seed}
     * @param failOnRegression exit 1 on any regressed figure
     * @param markdown print Markdown rather than text
     * @param json where to write the JSON document too, or null
     * @param failOnShape exit 1 when a response shape broke (a field removed or its type changed)
     */
    public record Options(
            List<String> thresholds,
            String minEffect,
            String minAbs,
            String confidence,
            int resamples,
            long seed,
            boolean failOnRegression,
            boolean markdown,
            Path json,
            boolean failOnShape) {}

    /**
     * What the command prints and its exit status.
     *
     * @param output the table
     * @param exit 0 nothing past a limit, 1 a limit exceeded (or a regression with {@code --fail-on-regression}, or
     *     a broken response shape with {@code --fail-on-shape})
     */
    public record Result(String output, int exit) {}

    /**
     * Compares {@code base} and {@code neu}.
     *
     * @throws IllegalArgumentException ({@code "FILE: what"}, {@code "--threshold 'X': what"}, …) for bad input: the
     *     caller exits 2
     */
    public static Result run(Path base, Path neu, Options o) throws IOException {
        Method method = new Method(
                percent("--min-effect", o.minEffect()),
                micros(o.minAbs()),
                percent("--confidence", o.confidence()),
                o.resamples(),
                o.seed());
        List<Limit> limits = new ArrayList<>();
        for (String t : o.thresholds()) {
            limits.add(Limit.parse(t));
        }
        RunFile b = RunFile.read(base);
        RunFile n = RunFile.read(neu);
        Comparison c = Comparison.of(b, n, method);
        List<Limit.Outcome> outcomes = new ArrayList<>();
        for (Limit l : limits) {
            outcomes.add(l.judge(c.rows()));
        }
        boolean exceeded = outcomes.stream().anyMatch(Limit.Outcome::exceeded);
        boolean regressed = c.rows().stream().anyMatch(r -> r.verdict() == Verdict.REGRESSED);
        ShapeDiff shapes = ShapeDiff.compare(
                RunReport.Run.read(base, null).doc(),
                RunReport.Run.read(neu, null).doc());
        if (o.failOnShape() && !shapes.compared()) {
            throw new IllegalArgumentException(
                    "--fail-on-shape: " + shapes.text().strip());
        }
        boolean broke = o.failOnShape() && shapes.breaking();
        int exit = exceeded || (o.failOnRegression() && regressed) || broke ? 1 : 0;
        if (o.json() != null) {
            Files.writeString(o.json(), DiffText.json(c, outcomes, exit));
        }
        String out = o.markdown() ? DiffText.markdown(c, outcomes) : DiffText.text(c, outcomes);
        if (shapes.compared()) {
            out += "\n" + (o.markdown() ? shapes.markdown() : shapes.text());
        }
        return new Result(out, exit);
    }

    /** {@code --min-abs}: a duration ({@code 100us}, {@code 0.5ms}) in microseconds. */
    static double micros(String text) {
        try {
            return dev.zapline.cli.load.Durations.nanos(text) / 1e3;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--min-abs '" + text + "': expected a duration, e.g. 100us");
        }
    }

    /** {@code 5%} or {@code 5} as 0.05. @throws IllegalArgumentException naming {@code flag} */
    static double percent(String flag, String text) {
        String t = text.strip();
        t = t.endsWith("%") ? t.substring(0, t.length() - 1).strip() : t;
        try {
            double v = Double.parseDouble(t);
            if (Double.isFinite(v)) {
                return v / 100;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(flag + " '" + text + "': expected a percentage, e.g. 5%");
    }
}
