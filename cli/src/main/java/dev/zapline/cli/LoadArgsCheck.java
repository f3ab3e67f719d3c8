package dev.zapline.cli;

import dev.zapline.cli.k8s.JobSpec;
import dev.zapline.cli.load.Durations;
import dev.zapline.cli.load.LoadTarget;
import dev.zapline.cli.load.RpcTarget;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.threshold.Thresholds;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine;

/**
 * Checks the command line each pod of a {@link JobSpec} will run with {@code zapline load}'s own parser and plan,
 * so that {@code zapline k8s job} refuses what {@code zapline load} would refuse in the pod instead of printing a
 * manifest whose every pod fails. Files named by the arguments ({@code --targets}, certificates) are the pod's, not
 * this machine's: they are not read, and with {@code --targets} only the arguments' syntax is checked.
 */
final class LoadArgsCheck {

    private LoadArgsCheck() {}

    /**
     * Checks pod 0's and pod n-1's arguments (the first has the most of a closed model's users, the last the
     * fewest) as of {@code now}; returns the measured phase plus the request timeout in ns, after which the last
     * segment has written its final file.
     *
     * @throws IllegalArgumentException with zapline load's message
     */
    static long check(JobSpec spec, Instant now) {
        try {
            return end(spec, now);
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith(REFUSED) ? e : new IllegalArgumentException(REFUSED + e.getMessage(), e);
        }
    }

    private static final String REFUSED = "zapline load would refuse the arguments after --: ";

    private static long end(JobSpec spec, Instant now) {
        long end = 0;
        for (int k : new int[] {0, spec.segments() - 1}) {
            LoadCommand load = parse(spec.podArgs(k));
            load.split.startAt(now);
            if ((load.url == null) == (load.targets == null)) {
                throw new IllegalArgumentException(
                        "give zapline load a URL or --targets FILE" + (load.url == null ? "" : ", not both"));
            }
            long measured;
            if (load.targets == null) {
                if (RpcTarget.isRpc(load.url)) {
                    RpcTarget.parse(load.url);
                } else {
                    LoadTarget.parse(load.url);
                }
                LoadPlan plan = load.plan();
                // the merge judges them (JobSpec#mergeArgs): checked here as zapline load would check them
                Thresholds.parse(JobSpec.thresholds(spec.loadArgs())).checkModel(plan.isOpen());
                Thresholds.parse(load.thresholds).checkModel(plan.isOpen());
                measured = plan.measuredNanos();
            } else {
                String stages = load.profile.stages(load.stages, load.rate, load.concurrency, load.duration);
                measured = stages != null ? Stages.parse(stages).durationNanos() : Durations.nanos(load.duration);
            }
            end = Math.max(end, measured + Durations.nanos(load.timeout));
        }
        return end;
    }

    /**
     * {@code args} ({@code load} first) parsed by {@code zapline load}'s parser, without running anything.
     *
     * @throws IllegalArgumentException with the parser's message
     */
    static LoadCommand parse(List<String> args) {
        LoadCommand load = new LoadCommand();
        try {
            new CommandLine(load).parseArgs(args.subList(1, args.size()).toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(REFUSED + e.getMessage(), e);
        }
        return load;
    }
}
