package dev.zapline.cli;

import dev.zapline.cli.tune.TuneCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code zapline} command. Each sub-command lives in its own class; this one only wires them together.
 *
 * <p>Exit status: 0 on success, 1 when a check reports something to fix, 2 on bad input or usage.
 */
@Command(
        name = "zapline",
        mixinStandardHelpOptions = true,
        versionProvider = VersionCommand.Provider.class,
        description = "Serve and measure traffic over HTTP/1.1 and the ZAP binary transport.",
        subcommands = {
            BenchCommand.class,
            DiffCommand.class,
            GenCommand.class,
            InspectCommand.class,
            K8sCommand.class,
            LoadCommand.class,
            MergeCommand.class,
            ProfilesCommand.class,
            ReportCommand.class,
            ServeCommand.class,
            TuneCommand.class,
            VersionCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Set by {@link #main}: this JVM is the zapline process, not a test or another program embedding it. */
    private static volatile boolean ownsProcess;

    public static void main(String[] args) {
        ownsProcess = true;
        System.exit(run(args));
    }

    /**
     * Whether this JVM was started for the command line ({@link #main}), so that a command may make process-wide
     * settings (system properties read once by libraries); false when {@link #run} is called from other code.
     */
    static boolean ownsProcess() {
        return ownsProcess;
    }

    /** Runs the command line and returns its exit status (tests call this instead of {@link #main}). */
    public static int run(String... args) {
        return configure(new CommandLine(new Main())).execute(args);
    }

    /** Like {@link #run(String...)}, printing to the given writers instead of standard output and error. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return configure(new CommandLine(new Main())).setOut(out).setErr(err).execute(args);
    }

    private static CommandLine configure(CommandLine cmd) {
        cmd.setExecutionExceptionHandler((ex, line, parsed) -> {
            line.getErr().println("zapline: " + ex.getMessage());
            return 2;
        });
        return cmd;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
