package dev.zapline.cli.load;

import dev.zapline.load.engine.Segment;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code zapline load}'s options for one segment of a run split across machines: which part it runs, the instant
 * every part starts its measured phase on, and the id the parts share (docs/load.md, "Segments and merge").
 */
public final class SegmentFlags {

    @Option(
            names = "--segment",
            paramLabel = "I/N",
            description = "Run part I (0-based) of N of the run the other flags describe, e.g. on N machines: the open"
                    + " model's requests whose index is I mod N, the closed model's users u with u mod N = I, and"
                    + " a share of -c; --rate, --stages and --concurrency stay the whole run's (docs/load.md,"
                    + " Segments and merge).")
    String segment;

    @Option(
            names = "--start-at",
            paramLabel = "TIME",
            description = "Start the measured phase at TIME, an RFC 3339 instant (2026-12-01T23:50:00Z) or +DURATION"
                    + " from now (+5s); connections and the warm-up come before it. Give every segment the same"
                    + " instant.")
    String startAt;

    @Option(
            names = "--run-id",
            paramLabel = "ID",
            description = "The run's id in the JSON, shared by its segments (default: a hash of the command line "
                    + "without --segment).")
    String runId;

    /** {@code --segment}, or the whole run. */
    public Segment segment() {
        return segment == null ? Segment.WHOLE : Segment.parse(segment);
    }

    /** {@code --start-at} resolved against {@code now}, or null without it. */
    public StartAt startAt(Instant now) {
        return startAt == null ? null : StartAt.parse(startAt, now);
    }

    /** {@code --run-id}, or {@link RunId#of} the command line {@code args} and {@code start}. */
    public String runId(List<String> args, StartAt start) {
        return runId != null ? runId : RunId.of(args, start);
    }
}
