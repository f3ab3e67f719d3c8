package dev.zapline.load.control;

import java.util.Objects;

/**
 * One steering command, from whichever source: the dashboard's keys, a line of {@code --control stdin} or a {@code
 * POST /control} body.
 *
 * @param kind what to do
 * @param value {@link Kind#RATE}: the new target rate, requests (or journeys) per second; {@link Kind#BIAS}: the
 *     change in percent of the current rate ({@code 10} is +10 %, {@code -25} is −25 %); otherwise 0
 * @param label {@link Kind#MARK}: the mark's label (may be empty); otherwise empty
 * @param source where it came from, for the event and the acknowledgement: {@code tui}, {@code stdin} or {@code http}
 */
public record Command(Kind kind, double value, String label, String source) {

    /** The commands a run takes. */
    public enum Kind {
        /** Set the target rate from now to the run's end. */
        RATE("rate"),
        /** Scale the rest of the profile by a percentage (Gopher Glide's {@code bias}). */
        BIAS("bias"),
        /** Stop the schedule: nothing is due (nor dropped) until {@link #RESUME}; the run's end does not move. */
        PAUSE("pause"),
        /** Go on with the profile from where the run now is. */
        RESUME("resume"),
        /** A labelled instant, drawn in the report. */
        MARK("mark"),
        /** End the run as Ctrl-C does: every result is written. */
        STOP("stop");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** The name in JSON ({@code "cmd"} of a command line, {@code kind} of an event). */
        public String key() {
            return key;
        }
    }

    public Command {
        Objects.requireNonNull(kind, "kind");
        label = label == null ? "" : label;
        source = source == null ? "" : source;
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(kind.key() + ": value must be a finite number, got " + value);
        }
    }

    public static Command rate(double perSecond, String source) {
        return new Command(Kind.RATE, perSecond, "", source);
    }

    public static Command bias(double percent, String source) {
        return new Command(Kind.BIAS, percent, "", source);
    }

    public static Command mark(String label, String source) {
        return new Command(Kind.MARK, 0, label, source);
    }

    /** {@link Kind#PAUSE}, {@link Kind#RESUME} or {@link Kind#STOP}. */
    public static Command of(Kind kind, String source) {
        return new Command(kind, 0, "", source);
    }
}
