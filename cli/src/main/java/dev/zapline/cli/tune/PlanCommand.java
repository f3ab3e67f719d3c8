package dev.zapline.cli.tune;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code zapline tune plan}: the exact changes {@code apply} would make, as shell commands. Changes nothing. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description = "Print the changes apply would make, as shell commands.",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:plan printed (possibly empty)", "2:error"})
final class PlanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    TuneCommand parent;

    @Mixin
    HostOptions host;

    @Mixin
    TargetOptions target;

    @Option(
            names = "--print-script",
            description = "Print only an idempotent bash script equivalent to apply (it keeps no state for revert).")
    boolean printScript;

    @Override
    public Integer call() {
        return TuneCommand.guarded(spec, () -> {
            Survey survey = Survey.take(host, target, parent.env());
            List<Finding> changes = survey.with(Finding.State.NOT_TUNED);
            PrintWriter out = spec.commandLine().getOut();
            if (printScript) {
                ShellScript.script(survey, changes).forEach(out::println);
            } else if (changes.isEmpty()) {
                out.println(survey.heading("plan"));
                out.println("nothing to change: all "
                        + survey.with(Finding.State.TUNED).size() + " available settings are tuned");
            } else {
                out.println(
                        survey.heading("plan") + ": " + changes.size() + " change" + (changes.size() == 1 ? "" : "s"));
                for (Finding f : changes) {
                    out.println("# " + f.setting().name() + ": " + f.shown() + " -> "
                            + f.setting().desired());
                    out.println(ShellScript.command(survey.io(), f.setting()));
                }
            }
            out.flush();
            return 0;
        });
    }
}
