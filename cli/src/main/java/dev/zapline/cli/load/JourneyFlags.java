package dev.zapline.cli.load;

import dev.zapline.load.journey.DataMode;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.load.journey.JourneyPlans;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code zapline load}'s journey options ({@code FILE.http[:WEIGHT]...}, docs/journeys.md): the environment, the data
 * file and how its rows are taken; the plan they make with the files, read once before anything connects.
 */
public final class JourneyFlags {

    @Option(
            names = "--env",
            paramLabel = "NAME",
            description = "Journeys: the environment of http-client.env.json (and http-client.private.env.json) "
                    + "beside each .http file.")
    String env;

    @Option(
            names = "--data",
            paramLabel = "FILE",
            description = "Journeys: rows of variables, FILE.csv (a header row names them) or FILE.json (an array "
                    + "of objects); each journey takes one row.")
    Path data;

    @Option(
            names = "--data-mode",
            paramLabel = "sequential|random|unique",
            description = "Journeys: which row each journey takes: the next (wrapping around), one drawn at random "
                    + "(--seed), or each row at most once per run (then no journey starts once they run out) "
                    + "(default ${DEFAULT-VALUE}).")
    String dataMode = "sequential";

    private JourneyPlan plan;

    /** Whether {@code first}, the command's first argument, is a journey file. */
    public static boolean runsJourneys(String first) {
        return first != null && JourneyPlan.isJourneyArg(first);
    }

    /**
     * The journeys the arguments name ({@code first}, then {@code more}), read once; null when {@code first} is
     * not a journey file.
     *
     * @param targets {@code --targets}, refused with journeys
     * @param expectStatus {@code --expect-status}: a journey's steps say their own
     * @throws IllegalArgumentException for options that do not go with journeys, or journey options without them
     * @throws dev.zapline.load.journey.JourneyException for a file that cannot be run ({@code file:line:column})
     */
    public JourneyPlan plan(String first, List<String> more, Path targets, String expectStatus, long seed) {
        if (!runsJourneys(first)) {
            if (!more.isEmpty() || env != null || data != null) {
                throw new IllegalArgumentException(
                        "more than one target, --env and --data are for journeys: zapline load FILE.http ...");
            }
            return null;
        }
        if (targets != null) {
            throw new IllegalArgumentException("give journeys (FILE.http) or --targets FILE, not both");
        }
        if (!expectStatus.equals("2xx")) {
            throw new IllegalArgumentException(
                    "--expect-status is for a URL: a journey's step says its own with '# @expect status ...'");
        }
        if (plan == null) {
            plan = JourneyPlans.load(files(first, more), env, data, DataMode.parse(dataMode), seed);
        }
        return plan;
    }

    /** Every journey argument, {@code first} first. */
    public static List<String> files(String first, List<String> more) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(more);
        return all;
    }

    /** The line to print when unique rows ran out during the run. */
    public String rowsOutLine() {
        return "zapline load: every row of --data " + data
                + " was taken (--data-mode unique): no journey started after that";
    }
}
