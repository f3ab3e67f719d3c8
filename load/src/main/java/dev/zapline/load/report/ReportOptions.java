package dev.zapline.load.report;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Where a run reports.
 *
 * @param target the URL, for the files
 * @param json {@code --json} file, or null
 * @param hdrLog {@code --hdr-log} file, or null
 * @param live where the live line goes (stderr), or null for {@code --quiet}
 * @param terminal whether {@code live} is a terminal (one line rewritten in place) or not (plain lines)
 * @param command the command line that started the run, for the JSON file's {@code summary.command}, or null
 */
public record ReportOptions(String target, Path json, Path hdrLog, PrintStream live, boolean terminal, String command) {

    /** Options without a command line to record. */
    public ReportOptions(String target, Path json, Path hdrLog, PrintStream live, boolean terminal) {
        this(target, json, hdrLog, live, terminal, null);
    }
}
