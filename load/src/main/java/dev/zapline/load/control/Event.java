package dev.zapline.load.control;

/**
 * A command as the run applied it: a timestamped event of the results (JSON {@code events[]}, the HTML report's
 * timeline, Prometheus).
 *
 * @param t when it took effect, seconds from the measured phase's start (negative in the warm-up)
 * @param kind the command's kind
 * @param value the command's value ({@link Command#value()})
 * @param rate the target rate from this instant on (requests or journeys per second of this process's share), 0
 *     while paused; for a mark or a stop, the rate at that instant
 * @param label a mark's label, otherwise empty
 * @param source {@code tui}, {@code stdin} or {@code http}
 */
public record Event(double t, Command.Kind kind, double value, double rate, String label, String source) {}
