package dev.zapline.cli.load;

import dev.zapline.cli.tui.Dashboard;
import dev.zapline.cli.tui.TuiStep;
import dev.zapline.load.engine.LoadPlan;
import picocli.CommandLine.Option;

/**
 * {@code zapline load}'s dashboard options ({@code --tui}, {@code --tui-step}; docs/load.md, Dashboard): whether
 * the run is drawn full screen and steered by keys, and how far one Up or Down moves its rate.
 */
public final class TuiFlags {

    @Option(
            names = "--tui",
            description = "Show the run on a full-screen dashboard and steer it by keys: Up/Down rate, p pause, "
                    + "m mark, f failures only, q stop (docs/load.md, Dashboard). Without a terminal: the live line.")
    boolean tui;

    @Option(
            names = "--tui-step",
            paramLabel = "STEP",
            description = "How far Up/Down move the rate: a percentage of it (10%%) or req/s (500) "
                    + "(default ${DEFAULT-VALUE}).")
    String step = "10%";

    /** Whether {@link #open} opened a dashboard. */
    private boolean opened;

    /** {@code plan}, made steerable when the dashboard is asked for (its keys change the rate). */
    public LoadPlan steerable(LoadPlan plan) {
        return tui && !plan.steerable() ? plan.with(b -> b.steerable = true) : plan;
    }

    /**
     * The dashboard, opened on the terminal but not drawing yet ({@link Dashboard#follow}), or null: without
     * {@code --tui}, or without a terminal (then a line on standard error says so and the live line stays).
     *
     * @throws IllegalArgumentException for {@code --tui} with {@code --quiet}, or a bad {@code --tui-step}
     */
    public Dashboard open(boolean quiet) {
        TuiStep s = TuiStep.parse(step);
        if (!tui) {
            return null;
        }
        if (quiet) {
            throw new IllegalArgumentException("--tui draws the run and --quiet hides it: give one of them");
        }
        Dashboard d = Dashboard.open(s, System.err);
        opened = d != null;
        return d;
    }

    /** Where the live line goes: standard error, or nowhere with {@code --quiet} or while the dashboard draws. */
    public java.io.PrintStream liveLine(boolean quiet) {
        return quiet || opened ? null : System.err;
    }
}
