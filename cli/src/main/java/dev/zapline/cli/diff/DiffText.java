package dev.zapline.cli.diff;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.load.report.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code zapline diff}'s outputs of a {@link Comparison} and its limits: a text table (the default), a Markdown table
 * for a pull-request comment ({@code --md}) and a JSON document ({@code --json FILE}).
 *
 * <p>Stateless.
 */
final class DiffText {

    private static final String[] HEAD = {"figure", "BASE", "NEW", "change", "interval", "verdict"};

    private DiffText() {}

    /** The text table, with the method above it and the limits below. */
    static String text(Comparison c, List<Limit.Outcome> limits) {
        List<String[]> cells = cells(c);
        String[] head = HEAD.clone();
        head[4] = percent(c.method().confidence()) + " interval";
        cells.add(0, head);
        int[] width = new int[HEAD.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        b.append("zapline diff: BASE ").append(c.base()).append(' ').append(seconds(c.seconds()[0]));
        b.append(" vs NEW ")
                .append(c.neu())
                .append(' ')
                .append(seconds(c.seconds()[1]))
                .append('\n');
        b.append(method(c)).append("\n\n");
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String pad = " ".repeat(width[i] - row[i].length());
                line.append(i == 0 || i >= 4 ? row[i] + pad : pad + row[i]);
                line.append(i + 1 < row.length ? "  " : "");
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        for (String n : c.notes()) {
            b.append(n).append('\n');
        }
        if (!limits.isEmpty()) {
            b.append("\nlimits:\n");
            for (Limit.Outcome o : limits) {
                b.append("  ")
                        .append(o.limit().text().strip())
                        .append(": ")
                        .append(limitText(o))
                        .append('\n');
            }
        }
        return b.toString();
    }

    /** The Markdown comment. */
    static String markdown(Comparison c, List<Limit.Outcome> limits) {
        StringBuilder b = new StringBuilder("### zapline diff\n\n");
        b.append("BASE `").append(c.base()).append("` ").append(seconds(c.seconds()[0]));
        b.append(" vs NEW `")
                .append(c.neu())
                .append("` ")
                .append(seconds(c.seconds()[1]))
                .append(". ");
        b.append(method(c)).append("\n\n");
        b.append("| figure | BASE | NEW | change | ").append(percent(c.method().confidence()));
        b.append(" interval | verdict |\n|:--|--:|--:|--:|:--|:--|\n");
        for (String[] row : cells(c)) {
            b.append("| ").append(row[0].startsWith("  ") ? row[0].strip() : row[0]);
            for (int i = 1; i < row.length; i++) {
                String cell = i == 5 && row[5].startsWith("regressed") ? "**" + row[5] + "**" : row[i];
                b.append(" | ").append(cell);
            }
            b.append(" |\n");
        }
        for (String n : c.notes()) {
            b.append("\n").append(n).append('\n');
        }
        if (!limits.isEmpty()) {
            b.append("\n**Limits**\n\n");
            for (Limit.Outcome o : limits) {
                b.append("- `")
                        .append(o.limit().text().strip())
                        .append("`: ")
                        .append(limitText(o))
                        .append('\n');
            }
        }
        return b.toString();
    }

    /** The JSON document: the method, each row's numbers and verdict, each limit's outcome, the exit status. */
    static String json(Comparison c, List<Limit.Outcome> limits, int exit) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode doc = m.createObjectNode();
        doc.put("base", c.base());
        doc.put("new", c.neu());
        ObjectNode method = doc.putObject("method");
        method.put("resamples", c.method().resamples());
        method.put("confidence", c.method().confidence());
        method.put("min_effect", c.method().minEffect());
        method.put("min_abs_us", c.method().minAbsUs());
        method.put("share_min_effect", Method.SHARE_MIN_EFFECT);
        method.put("seed", c.method().seed());
        method.put("base_seconds", c.seconds()[0]);
        method.put("new_seconds", c.seconds()[1]);
        ArrayNode rows = doc.putArray("rows");
        for (Comparison.Row r : c.rows()) {
            ObjectNode o = rows.addObject();
            o.put("figure", r.figure().label());
            if (r.step() != null) {
                o.put("step", r.step());
            }
            number(o, "base", r.base());
            number(o, "new", r.neu());
            number(o, "change", r.change());
            number(o, "low", r.low());
            number(o, "high", r.high());
            o.put("verdict", r.verdict().text());
            o.put("derived", r.derived());
        }
        ArrayNode ls = doc.putArray("limits");
        for (Limit.Outcome o : limits) {
            ls.addObject()
                    .put("limit", o.limit().text().strip())
                    .put("exceeded", o.exceeded())
                    .put("says", o.text());
        }
        doc.putArray("notes").addAll(c.notes().stream().map(doc::textNode).toList());
        doc.put("exit", exit);
        return doc.toPrettyString() + "\n";
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }

    private static List<String[]> cells(Comparison c) {
        List<String[]> out = new ArrayList<>();
        String step = null;
        for (Comparison.Row r : c.rows()) {
            if (r.step() != null && !r.step().equals(step)) {
                step = r.step();
                out.add(new String[] {"step " + step, "", "", "", "", ""});
            }
            String change = Double.isNaN(r.change()) ? "-" : change(r.figure(), r.change());
            String iv = Double.isNaN(r.low())
                    ? "-"
                    : r.figure().kind() == Figure.Kind.SHARE
                            ? "[" + points(r.low()) + ", " + points(r.high()) + "]"
                            : "[" + signed(r.low() - 1) + ", " + signed(r.high() - 1) + "]";
            out.add(new String[] {
                (r.step() == null ? "" : "  ") + r.figure().label(),
                value(r.figure(), r.base()),
                value(r.figure(), r.neu()),
                change,
                iv,
                r.verdict().text() + (r.derived() ? " (derived)" : "")
            });
        }
        return out;
    }

    private static String method(Comparison c) {
        Method m = c.method();
        int[] s = c.seconds();
        String blocks = s[0] >= Comparison.MIN_SECONDS && s[1] >= Comparison.MIN_SECONDS
                ? ", blocks of " + Bootstrap.blockLength(s[0]) + " s (BASE) and " + Bootstrap.blockLength(s[1])
                        + " s (NEW)"
                : "";
        return "Circular block bootstrap over seconds: " + m.resamples() + " resamples" + blocks + ", "
                + percent(m.confidence()) + " intervals of NEW/BASE, min effect " + percent(m.minEffect())
                + " and " + micros(m.minAbsUs()) + " for a latency (error and drop rates: 0.1 point), seed " + m.seed()
                + ".";
    }

    private static String limitText(Limit.Outcome o) {
        Comparison.Row r = o.row();
        String change = o.limit().absolute()
                ? signedMicros(r.neu() - r.base())
                : Double.isNaN(r.change()) ? "-" : change(r.figure(), r.change());
        return o.text() + " (" + label(r) + " " + change + ", " + r.verdict().text() + ")";
    }

    private static String label(Comparison.Row r) {
        return r.figure().label() + (r.step() == null ? "" : "{step=" + r.step() + "}");
    }

    private static String seconds(int n) {
        return n < 0 ? "(no intervals)" : "(" + n + " s)";
    }

    private static String value(Figure f, double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return switch (f.kind()) {
            case LATENCY -> micros(v);
            case RATE -> String.format(Locale.ROOT, "%.1f/s", v);
            case SHARE -> String.format(Locale.ROOT, "%.2f%%", v * 100);
        };
    }

    private static String change(Figure f, double change) {
        return f.kind() == Figure.Kind.SHARE ? points(change) + " pt" : signed(change);
    }

    /** 850µs, 1.23ms, 2.50s, as the summary writes them. */
    static String micros(double us) {
        return Text.micros(us);
    }

    private static String signedMicros(double us) {
        return (us < 0 ? "-" : "+") + micros(Math.abs(us));
    }

    private static String signed(double fraction) {
        return String.format(Locale.ROOT, "%+.1f%%", fraction * 100).replace("-0.0%", "+0.0%");
    }

    private static String points(double fraction) {
        String s = String.format(Locale.ROOT, "%+.2f", fraction * 100);
        return s.equals("-0.00") ? "+0.00" : s;
    }

    private static String percent(double fraction) {
        String s = String.format(Locale.ROOT, "%.1f", fraction * 100);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
    }
}
