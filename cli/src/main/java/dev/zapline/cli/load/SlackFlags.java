package dev.zapline.cli.load;

import dev.zapline.load.engine.LoadPlan;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zapline load --send-slack DURATION}: how far ahead of its intended time an open-model request may go out,
 * so that one wake-up of a loop sends every request due within that window, one flush per connection, instead of
 * waking once per request (docs/load.md, "Send slack"). A request sent early is timed from its write, never from
 * its later intended time, so the slack never shortens a latency; it shifts sends on the wire by at most itself.
 */
public final class SlackFlags {

    /** The default: the window measured to halve the wake-ups at 10,000 req/s (docs/benchmarks.md). */
    public static final String DEFAULT = "100us";

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private long nanos = Durations.nanos(DEFAULT);

    @Option(
            names = "--send-slack",
            paramLabel = "DURATION",
            description = "Open model: a wake-up also sends the requests due within DURATION after it, early, in "
                    + "one flush per connection (0: wake for every request; at most 10ms; default " + DEFAULT
                    + "). Early requests are timed from their write.")
    void slack(String text) {
        long n;
        try {
            n = text.strip().equals("0") ? 0 : Durations.nanos(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--send-slack " + text + ": " + e.getMessage());
        }
        if (n > LoadPlan.MAX_SLACK) {
            throw new ParameterException(
                    mixee.commandLine(), "--send-slack " + text + ": at most 10ms (the pacing buckets' width)");
        }
        nanos = n;
    }

    /** The slack in nanoseconds. */
    public long nanos() {
        return nanos;
    }
}
