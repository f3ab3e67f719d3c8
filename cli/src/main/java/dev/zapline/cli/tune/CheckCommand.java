package dev.zapline.cli.tune;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code zapline tune check}: every setting against its recommendation, and a summary of the interface. */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = "Show each setting, its current and recommended value, and whether it is tuned.",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:every available setting is tuned", "1:something is not tuned", "2:error"})
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    TuneCommand parent;

    @Mixin
    HostOptions host;

    @Mixin
    TargetOptions target;

    @Override
    public Integer call() {
        return TuneCommand.guarded(spec, () -> {
            Survey survey = Survey.take(host, target, parent.env());
            PrintWriter out = spec.commandLine().getOut();
            out.println(survey.heading("check"));
            NicSummary.inspect(survey.host(), survey.iface(), survey.ethtool())
                    .lines()
                    .forEach(out::println);
            out.println();
            SettingTable.print(out, survey.findings());
            out.println();
            out.println(OpenFiles.advice(
                    survey.host()
                            .files()
                            .read(survey.host().resolve("/proc/self/limits"))
                            .flatMap(OpenFiles::softLimit),
                    survey.profile().openFilesAdvice()));
            int tuned = survey.with(Finding.State.TUNED).size();
            int untuned = survey.with(Finding.State.NOT_TUNED).size();
            int absent = survey.with(Finding.State.ABSENT).size();
            out.println("result: " + tuned + " tuned, " + untuned + " not tuned, " + absent + " not available here"
                    + (untuned == 0 ? "; nothing to do." : "; 'zapline tune plan' shows the changes."));
            out.flush();
            return untuned == 0 ? 0 : 1;
        });
    }
}
