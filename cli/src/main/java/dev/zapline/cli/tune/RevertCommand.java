package dev.zapline.cli.tune;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code zapline tune revert}: writes back exactly the values {@code apply} saved, then removes the state file, so
 * a second revert finds nothing to do. Values it cannot restore stay in the state file for another try.
 */
@Command(
        name = "revert",
        mixinStandardHelpOptions = true,
        description = "Restore the values saved by apply, byte for byte (needs root).",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {
            "0:everything restored, or nothing to revert",
            "1:some values could not be restored (kept in the state file)",
            "2:error (not root, unreadable state file)"
        })
final class RevertCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    TuneCommand parent;

    @Mixin
    HostOptions host;

    @Override
    public Integer call() {
        return TuneCommand.guarded(spec, () -> {
            TuneCommand.requireRoot(parent.env(), "revert");
            PrintWriter out = spec.commandLine().getOut();
            TuneState state = host.state();
            if (!state.exists()) {
                out.println("nothing to revert: no saved state at " + state.file());
                out.flush();
                return 0;
            }
            TuneEnv env = parent.env();
            SettingIo io = new SettingIo(
                    new HostLayout(host.root, env.files()), env.ethtool().apply(host.root));
            Map<String, String> failed = new LinkedHashMap<>();
            int restored = 0;
            int unchanged = 0;
            for (Map.Entry<String, String> saved : state.load().entrySet()) {
                Setting s = setting(saved.getKey());
                Optional<String> now = io.read(s);
                if (now.isPresent() && now.get().equals(saved.getValue())) {
                    unchanged++;
                } else if (restore(out, io, s, saved.getValue())) {
                    restored++;
                } else {
                    failed.put(saved.getKey(), saved.getValue());
                }
            }
            if (failed.isEmpty()) {
                state.delete();
            } else {
                state.save(failed);
            }
            out.println("result: " + restored + " restored, " + unchanged + " already at the saved value, "
                    + failed.size() + " failed; "
                    + (failed.isEmpty()
                            ? "state file removed, a second revert does nothing"
                            : "the failed ones stay in " + state.file()));
            out.flush();
            return failed.isEmpty() ? 0 : 1;
        });
    }

    private static boolean restore(PrintWriter out, SettingIo io, Setting s, String value) {
        try {
            io.write(s, value);
        } catch (IOException e) {
            out.println("failed " + s.name() + ": " + ApplyCommand.reason(e));
            return false;
        }
        Optional<String> after = io.read(s);
        if (after.isEmpty() || !after.get().equals(value)) {
            out.println("failed " + s.name() + ": reads back "
                    + after.map(Match::normalise).orElse("nothing") + " instead of " + Match.normalise(value));
            return false;
        }
        out.println("restored " + s.name() + " to " + Match.normalise(value));
        return true;
    }

    private static Setting setting(String key) {
        try {
            return Setting.fromKey(key);
        } catch (IllegalArgumentException e) {
            throw new TuneException(e.getMessage());
        }
    }
}
