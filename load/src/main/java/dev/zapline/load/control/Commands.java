package dev.zapline.load.control;

import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;

/**
 * Reads control commands, one JSON object per line (docs/load.md, Control). zapline's own form:
 * {@code {"cmd":"rate","rps":5000}}, {@code {"cmd":"bias","percent":-20}}, {@code {"cmd":"mark","label":"deploy"}},
 * {@code {"cmd":"pause"}}, {@code {"cmd":"resume"}}, {@code {"cmd":"stop"}}. Gopher Glide's headless form is taken
 * too: {@code "command"} in place of {@code "cmd"}, and its {@code {"command":"bias","amount":N}}, where N is a
 * non-zero whole number of requests per second added to the target rate (zapline applies it as the bias of
 * {@code 100 * N / rate} percent of the rest of the profile, the rate being the target rate when it arrives). Any
 * command may carry an {@code "id"} string, echoed in its acknowledgement. Every other key is refused, so a typo
 * never silently does nothing.
 */
public final class Commands {

    /** The longest mark label taken: a label is for a chart, not a log. */
    public static final int MAX_LABEL = 200;

    /** The most a rate may be, requests/s: far above what one process sends, low enough to be a typo's bound. */
    public static final double MAX_RATE = 1e9;

    private Commands() {}

    /** A command as read, with the {@code id} it carried (null for none), for the acknowledgement. */
    public record Line(Command command, String id) {}

    /**
     * The command on {@code line}, from {@code source} ({@code stdin}, {@code http}). A Gopher Glide bias (requests/s)
     * is refused here, as it needs the run's rate: use {@link #read}.
     *
     * @throws IllegalArgumentException for anything but one valid command, saying what and (for bad JSON) where
     */
    public static Command parse(String line, String source) {
        return read(line, source, () -> Double.NaN).command();
    }

    /**
     * The command on {@code line} and its id; {@code rate} gives the target rate now, for a Gopher Glide bias.
     *
     * @throws IllegalArgumentException for anything but one valid command, saying what and (for bad JSON) where
     */
    public static Line read(String line, String source, DoubleSupplier rate) {
        Map<String, Object> m = FlatJson.parse(line);
        boolean gg = m.containsKey("command");
        if (gg && m.containsKey("cmd")) {
            throw new IllegalArgumentException("give \"cmd\" or \"command\", not both");
        }
        String name = text(m, gg ? "command" : "cmd", true);
        String id = m.containsKey("id") ? text(m, "id", false) : null;
        Command.Kind kind = kind(name);
        Command c = switch (kind) {
            case RATE -> {
                only(m, kind, "rps");
                yield Command.rate(rate(number(m, "rps")), source);
            }
            case BIAS -> bias(m, source, rate);
            case MARK -> {
                only(m, kind, "label");
                String label = m.containsKey("label") ? text(m, "label", gg) : "";
                if (label.length() > MAX_LABEL) {
                    throw new IllegalArgumentException(
                            "mark: the label is " + label.length() + " characters, at most " + MAX_LABEL);
                }
                yield Command.mark(label, source);
            }
            default -> {
                only(m, kind, null);
                yield Command.of(kind, source);
            }
        };
        return new Line(c, id);
    }

    private static Command bias(Map<String, Object> m, String source, DoubleSupplier rate) {
        if (m.containsKey("amount")) {
            only(m, Command.Kind.BIAS, "amount");
            double amount = number(m, "amount");
            if (amount == 0 || amount != Math.rint(amount)) {
                throw new IllegalArgumentException(
                        "bias: \"amount\" (requests/s, Gopher Glide's form) must be a non-zero whole number, got "
                                + plain(amount));
            }
            double now = rate.getAsDouble();
            if (!(now > 0)) {
                throw new IllegalArgumentException("bias: \"amount\" is requests/s added to the target rate, which is "
                        + (Double.isNaN(now) ? "not known here" : "0 now") + "; send {\"cmd\":\"rate\",\"rps\":R}");
            }
            return Command.bias(percent(100 * amount / now), source);
        }
        only(m, Command.Kind.BIAS, "percent");
        return Command.bias(percent(number(m, "percent")), source);
    }

    private static double percent(double p) {
        if (!(p > -100) || p > 1e6) {
            throw new IllegalArgumentException(
                    "bias: the change must be above -100 % and at most 1e6 %, got " + plain(p) + " %");
        }
        return p;
    }

    private static double rate(double r) {
        if (r < 0 || r > MAX_RATE) {
            throw new IllegalArgumentException(
                    "rate: \"rps\" must be 0 to " + plain(MAX_RATE) + " requests/s, got " + plain(r));
        }
        return r;
    }

    private static Command.Kind kind(String name) {
        for (Command.Kind k : Command.Kind.values()) {
            if (k.key().equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown command '" + name + "': rate, bias, mark, pause, resume or stop");
    }

    /** Refuses any key but the command's name, {@code id} and {@code allowed} (null: none). */
    private static void only(Map<String, Object> m, Command.Kind kind, String allowed) {
        for (String key : m.keySet()) {
            if (!Set.of("cmd", "command", "id").contains(key) && !key.equals(allowed)) {
                throw new IllegalArgumentException(kind.key() + ": unknown key '" + key + "'"
                        + (allowed == null ? " (it takes none)" : " (it takes \"" + allowed + "\")"));
            }
        }
    }

    private static double number(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing \"" + key + "\"");
        }
        if (!(v instanceof Double d)) {
            throw new IllegalArgumentException("\"" + key + "\" must be a number, got a string");
        }
        return d;
    }

    private static String text(Map<String, Object> m, String key, boolean nonEmpty) {
        Object v = m.get(key);
        if (v == null) {
            throw new IllegalArgumentException(
                    "missing \"" + key + "\"" + (key.equals("cmd") ? ": which command" : ""));
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("\"" + key + "\" must be a string, got a number");
        }
        if (nonEmpty && s.isEmpty()) {
            throw new IllegalArgumentException("\"" + key + "\" must not be empty");
        }
        return s;
    }

    /** {@code v} without a trailing {@code .0}. */
    static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
