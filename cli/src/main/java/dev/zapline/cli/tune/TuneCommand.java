package dev.zapline.cli.tune;

import java.io.PrintWriter;
import java.util.function.IntSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code zapline tune}: check, plan, apply and revert the Linux network settings that decide a box's ceiling
 * (receive packet steering, backlog, socket buffers, CPU governor, NIC rings and offloads).
 *
 * <pre>{@code
 * zapline tune check              # exit 0 when tuned, 1 when not, 2 on error
 * zapline tune plan --print-script > tune.sh
 * sudo zapline tune apply         # saves previous values first
 * sudo zapline tune revert        # restores them byte for byte
 * }</pre>
 *
 * <p>Every value and the reason for it are in {@code docs/tuning.md}. Not thread-safe; one instance per run.
 */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        description = "Check, plan, apply and revert the Linux network settings that decide the ceiling.",
        subcommands = {CheckCommand.class, PlanCommand.class, ApplyCommand.class, RevertCommand.class})
public final class TuneCommand implements Runnable {

    @Spec
    CommandSpec spec;

    private final TuneEnv env;

    /** The command for the real machine. */
    public TuneCommand() {
        this(TuneEnv.real());
    }

    TuneCommand(TuneEnv env) {
        this.env = env;
    }

    TuneEnv env() {
        return env;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs a sub-command's body, turning a {@link TuneException} into a message and exit status 2. */
    static int guarded(CommandSpec spec, IntSupplier body) {
        try {
            return body.getAsInt();
        } catch (TuneException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("zapline tune " + spec.name() + ": " + e.getMessage());
            err.flush();
            return 2;
        }
    }

    /** Fails unless the process may change settings. */
    static void requireRoot(TuneEnv env, String command) {
        if (!env.root().getAsBoolean()) {
            throw new TuneException(command + " changes kernel settings and must run as root (try sudo)");
        }
    }
}
