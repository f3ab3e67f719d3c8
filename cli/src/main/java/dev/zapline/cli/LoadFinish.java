package dev.zapline.cli;

import dev.zapline.cli.report.RunReport;
import dev.zapline.load.control.Steering;
import dev.zapline.load.engine.Engine;
import dev.zapline.load.report.EventLines;
import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.report.Text;
import dev.zapline.load.threshold.Gate;
import dev.zapline.load.threshold.Thresholds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The second half of a {@code zapline load} run, once its connections are open: the reporter runs to the run's end,
 * then the summary and the verdicts go to stdout and the HTML report to its file. A shutdown hook stops the engine on
 * Ctrl-C and waits for all that, so an interrupted run still reports what it measured.
 */
final class LoadFinish {

    /** After a stop, how long the shutdown hook waits for the report beyond the plan's grace. */
    private static final long REPORT_WAIT_MILLIS = 5_000;

    private LoadFinish() {}

    /**
     * Runs {@code reporter} on {@code engine}'s run and prints and writes its outcome ({@code html}: the HTML
     * report's file, or null; {@code command}: the command line, for it); {@code control} is handed the run's
     * steering first ({@code --control}).
     *
     * @return the exit status: 0, or {@link Thresholds#FAILED_EXIT_STATUS} when a threshold of {@code gate} failed
     */
    static int run(Engine engine, Reporter reporter, Gate gate, Path html, String command, Consumer<Steering> control)
            throws IOException, InterruptedException {
        CountDownLatch reported = new CountDownLatch(1);
        long waitMillis = engine.plan().graceNanos() / 1_000_000 + REPORT_WAIT_MILLIS;
        Thread hook = new Thread(
                () -> {
                    engine.stop();
                    try {
                        reported.await(waitMillis, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException ignored) {
                        Thread.currentThread().interrupt();
                    }
                },
                "zapline-load-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            control.accept(engine.steering());
            Summary s = reporter.run();
            System.out.print(Text.render(s));
            System.out.print(EventLines.text(engine.steering().events()));
            if (gate != null) {
                System.out.print(gate.verdicts().text());
            }
            System.out.flush();
            if (html != null) {
                // before the latch: on Ctrl-C the shutdown hook waits for it, so the page is complete
                String members = EventLines.withMembers(
                        engine.steering().events(),
                        gate == null || gate.verdicts() == null
                                ? ""
                                : gate.verdicts().jsonMembers());
                RunReport.write(
                        html,
                        List.of(RunReport.Run.parse("the run", JsonReport.render(s, command, members), runName(html))));
            }
        } finally {
            reported.countDown();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running and waits for us
        }
        return gate == null || gate.verdicts().passed() ? 0 : Thresholds.FAILED_EXIT_STATUS;
    }

    /** The run's name in the report's legend: the HTML file's name without its extension. */
    private static String runName(Path html) {
        return html.getFileName().toString().replaceFirst("\\.html?$", "");
    }
}
