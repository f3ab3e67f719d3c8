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
        return configure(commandLine(args)).execute(args);
    }

    /** Like {@link #run(String...)}, printing to the given writers instead of standard output and error. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return configure(commandLine(args)).setOut(out).setErr(err).execute(args);
    }

    /**
     * The command line for {@code args}: {@code zapline load ...} gets a {@code zapline} that holds only the load
     * command, since picocli builds the model of every sub-command it is given (their classes, option fields and
     * help texts) before it parses anything; the load command's own parsing, help and errors are the same.
     */
    private static CommandLine commandLine(String... args) {
        return new CommandLine(args.length > 0 && args[0].equals("load") ? new LoadOnly() : new Main());
    }

    private static CommandLine configure(CommandLine cmd) {
        cmd.setExecutionExceptionHandler((ex, line, parsed) -> {
            line.getErr().println("zapline: " + ex.getMessage());
            return 2;
        });
        return cmd;
    }

    /** {@code zapline} with the load command only (see {@link #commandLine}). */
    @Command(
            name = "zapline",
            mixinStandardHelpOptions = true,
            versionProvider = VersionCommand.Provider.class,
            subcommands = LoadCommand.class)
    static final class LoadOnly implements Runnable {

        @Override
        public void run() {
            throw new IllegalStateException("zapline without a sub-command is run by Main");
        }
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
