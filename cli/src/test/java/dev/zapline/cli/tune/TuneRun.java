package dev.zapline.cli.tune;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * The result of one {@code tune} command line run against a fake host.
 *
 * @param exit exit status
 * @param out standard output
 * @param err standard error
 */
record TuneRun(int exit, String out, String err) {

    static TuneRun run(TuneEnv env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new TuneCommand(env))
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new TuneRun(exit, out.toString(), err.toString());
    }

    /** A root process with plain file access and the given NIC tool. */
    static TuneEnv asRoot(Ethtool ethtool) {
        return new TuneEnv(HostFiles.DIRECT, dir -> ethtool, () -> true);
    }
}
