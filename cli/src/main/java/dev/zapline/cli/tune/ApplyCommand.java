package dev.zapline.cli.tune;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code zapline tune apply}: saves the previous value of every setting it is about to change, then changes them.
 * A setting the kernel or driver refuses is reported and skipped; the others are still applied.
 */
@Command(
        name = "apply",
        mixinStandardHelpOptions = true,
        description = "Save the current values to the state file, then apply the recommended ones (needs root).",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {
            "0:every change applied, or nothing to change",
            "1:some settings were refused and skipped (the rest applied)",
            "2:error before anything changed (not root, unknown interface, state not writable)"
        })
final class ApplyCommand implements Callable<Integer> {

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
            TuneCommand.requireRoot(parent.env(), "apply");
            Survey survey = Survey.take(host, target, parent.env());
            PrintWriter out = spec.commandLine().getOut();
            out.println(survey.heading("apply"));
            List<Finding> changes = survey.with(Finding.State.NOT_TUNED);
            int absent = survey.with(Finding.State.ABSENT).size();
            if (changes.isEmpty()) {
                out.println("nothing changed: all "
                        + survey.with(Finding.State.TUNED).size() + " available settings are already tuned (" + absent
                        + " not available here)");
                out.flush();
                return 0;
            }
            save(out, changes);
            int refused = 0;
            for (Finding f : changes) {
                refused += change(out, survey.io(), f) ? 0 : 1;
            }
            out.println("result: " + (changes.size() - refused) + " changed, " + refused + " refused, "
                    + survey.with(Finding.State.TUNED).size() + " already tuned, " + absent + " not available here;"
                    + " 'zapline tune revert' restores the saved values");
            out.flush();
            return refused == 0 ? 0 : 1;
        });
    }

    /** Adds the previous values to the state file, keeping any saved by an earlier apply. */
    private void save(PrintWriter out, List<Finding> changes) {
        TuneState state = host.state();
        Map<String, String> saved = state.load();
        int kept = 0;
        for (Finding f : changes) {
            if (saved.putIfAbsent(f.setting().key(), f.current().orElseThrow()) != null) {
                kept++;
            }
        }
        state.save(saved);
        out.println("saved previous values to " + state.file()
                + (kept == 0 ? "" : " (" + kept + " kept from an earlier apply)"));
    }

    /** Changes one setting and reads it back; false when refused. */
    private static boolean change(PrintWriter out, SettingIo io, Finding f) {
        Setting s = f.setting();
        try {
            io.apply(s);
        } catch (IOException e) {
            out.println("refused " + s.name() + " (" + io.where(s) + "): " + reason(e) + "; skipped");
            return false;
        }
        Optional<String> after = io.read(s);
        if (after.isEmpty() || !s.match().matches(after.get(), s.desired())) {
            out.println("refused " + s.name() + ": accepted the write but reads back "
                    + after.map(Match::normalise).orElse("nothing") + "; skipped");
            return false;
        }
        out.println("changed " + s.name() + ": " + f.shown() + " -> " + Match.normalise(after.get()));
        return true;
    }

    static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
