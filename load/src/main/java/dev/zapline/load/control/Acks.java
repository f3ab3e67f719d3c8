package dev.zapline.load.control;

import dev.zapline.load.report.JsonReport;
import java.util.Locale;

/**
 * Acknowledgements as one JSON line each (docs/load.md, Control): {@code {"ack":"rate","ok":true,"t":12.345,
 * "rate":5000.0,"line":3}} for a command applied ({@code t}: when it took effect, seconds from the measured phase's
 * start; {@code rate}: the target rate from then on; a bias adds {@code value}, a mark {@code label}), {@code
 * {"ack":"rate","ok":false,"line":4,"error":"..."}} for one the run refused, and {@code {"ok":false,"line":4,
 * "error":"..."}} for a line that is no command. An {@code id} the command carried is echoed after {@code ok}.
 */
public final class Acks {

    private Acks() {}

    /** The line for {@code a}, the answer to {@code c} (with {@code id}, or null) read from line {@code line}. */
    public static String of(Command c, Ack a, String id, long line) {
        StringBuilder b = new StringBuilder(128)
                .append("{\"ack\":\"")
                .append(c.kind().key())
                .append('"');
        b.append(",\"ok\":").append(a.ok());
        id(b, id);
        if (!a.ok()) {
            b.append(",\"line\":").append(line).append(",\"error\":");
            return JsonReport.quote(b, a.error()).append('}').toString();
        }
        Event e = a.event();
        b.append(String.format(Locale.ROOT, ",\"t\":%.3f", e.t()));
        b.append(",\"rate\":").append(rounded(e.rate()));
        if (e.kind() == Command.Kind.BIAS) {
            b.append(",\"value\":").append(rounded(e.value()));
        }
        if (e.kind() == Command.Kind.MARK) {
            JsonReport.quote(b.append(",\"label\":"), e.label());
        }
        return b.append(",\"line\":").append(line).append('}').toString();
    }

    /** The line for line {@code line}, which is no command: {@code error} says why. */
    public static String malformed(String error, long line) {
        StringBuilder b = new StringBuilder(128)
                .append("{\"ok\":false,\"line\":")
                .append(line)
                .append(",\"error\":");
        return JsonReport.quote(b, error).append('}').toString();
    }

    private static void id(StringBuilder b, String id) {
        if (id != null) {
            JsonReport.quote(b.append(",\"id\":"), id);
        }
    }

    /** {@code v} to thousandths, as Java writes a double ({@code 5000.0}): a JSON number. */
    static String rounded(double v) {
        return Double.toString(Math.round(v * 1000) / 1000.0);
    }
}
