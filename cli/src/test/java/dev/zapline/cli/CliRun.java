package dev.zapline.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the whole {@code zapline} command line with captured output. */
record CliRun(int exit, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(exit, out.toString(), err.toString());
    }
}
