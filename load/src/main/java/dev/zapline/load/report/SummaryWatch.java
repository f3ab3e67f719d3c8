package dev.zapline.load.report;

/**
 * Follows the summaries a {@link Reporter} makes, on the reporter's thread: thresholds judge them (and may stop the
 * run early), and add their verdicts to the {@code --json} file.
 */
public interface SummaryWatch {

    /**
     * The measured phase so far, at the end of each interval (once a second) while the measured window lasts: not
     * during the warm-up, nor in the drain, nor for the final summary.
     *
     * @return true to stop the run now (the reporter calls {@code Engine.stop()}, as Ctrl-C does)
     */
    boolean interim(Summary s);

    /**
     * The final summary, before the JSON file is written for the last time.
     *
     * @return members to add at the top level of the JSON file ({@code "key": value} pairs joined by commas), or ""
     */
    String complete(Summary s);
}
