package dev.zapline.cli.load;

import dev.zapline.load.engine.LoadPlan;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zapline load --send-slack DURATION|auto}: how far ahead of its intended time an open-model request may go
 * out, so that one wake-up of a loop sends every request due within that window, one flush per connection, instead
 * of waking once per request (docs/load.md, "Send slack"). A request sent early is timed from its write, never from
 * its later intended time, so the slack never shortens a latency; it shifts sends on the wire by at most itself.
 *
 * <p>{@code auto}, the default, is {@link #CAP} or less: at most what keeps the requests one window moves across a
 * 10 ms bucket's edge within the pacing check's tolerance at the run's peak rate R, (1 + R / 10,000) / R seconds
 * (that tolerance is 1 + 1 % of the bucket's R / 100 requests): 200 µs up to 10,000 req/s, 120 µs at 50,000, 101 µs
 * at 1,000,000. 200 µs was the best of 0, 100 and 200 µs measured at 5,000 and 10,000 req/s
 * (bench/run-loader-options.sh, docs/benchmarks.md).
 */
public final class SlackFlags {

    /** The default: the slack follows the run's peak rate, up to {@link #CAP}. */
    public static final String DEFAULT = "auto";

    /** The automatic slack's largest value, 200 µs. */
    public static final long CAP = 200_000;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** The slack asked for, or -1 for auto. */
    private long nanos = -1;

    @Option(
            names = "--send-slack",
            paramLabel = "DURATION",
            description = "Open model: a wake-up also sends the requests due within DURATION after it, early, in "
                    + "one flush per connection (0: wake for every request; at most 10ms). Default auto: 200us, "
                    + "less above 10,000 req/s (120us at 50,000), so that on the wire each 10 ms holds its count "
                    + "within 1 + 1%%. Early requests are timed from their write.")
    void slack(String text) {
        if (text.strip().equals(DEFAULT)) {
            nanos = -1;
            return;
        }
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

    /** The slack in nanoseconds for a run whose peak rate is {@code peakPerSecond}. */
    public long nanos(double peakPerSecond) {
        return nanos >= 0 ? nanos : auto(peakPerSecond);
    }

    /** The automatic slack at peak rate {@code r}: min(200 µs, (1 + r / 10,000) / r s). */
    static long auto(double r) {
        if (!(r > 0)) {
            return CAP;
        }
        return Math.min(CAP, Math.round(1e9 * (1 + r / 10_000) / r));
    }
}
