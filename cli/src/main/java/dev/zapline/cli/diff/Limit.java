package dev.zapline.cli.diff;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code --threshold} of {@code zapline diff}: how far a figure may move the bad way, {@code METRIC[{step=KEY}]
 * [+|-]N UNIT}: {@code p99 +10%} (NEW/BASE - 1 above 10 %), {@code service.p50 +2ms} (NEW - BASE above 2 ms; also
 * {@code us}, {@code ns}, {@code s}), {@code rate -5%} (NEW/BASE - 1 below -5 %), {@code errors +0.5%} and
 * {@code dropped +1%} (the rate's difference in percentage points), {@code p99{step=login} +20%} (a journey step's
 * latency). The sign may be left out; given, it must be the bad way's.
 *
 * <p>A limit is exceeded only when the change is past it and the figure's verdict is {@link Verdict#REGRESSED}: a
 * change past a limit that the runs' noise covers does not fail a build. Immutable.
 *
 * @param text as given
 * @param figure the figure it limits
 * @param step the journey step's key, or null
 * @param amount the limit: a fraction for {@code %}, microseconds for a time
 * @param absolute whether {@code amount} is a time (latency only) rather than a share
 */
record Limit(String text, Figure figure, String step, double amount, boolean absolute) {

    private static final Pattern SYNTAX = Pattern.compile(
            "\\s*([A-Za-z_][A-Za-z0-9_.]*)(\\{\\s*step\\s*=([^}]*)\\})?(?:\\s*([+-])\\s*|\\s+)([0-9]+(?:\\.[0-9]+)?)"
                    + "\\s*(%|ms|us|µs|ns|s)\\s*");

    private static final String METRICS =
            "p50, p90, p99, p999 (each also after service. or corrected.), rate, " + "errors, dropped";

    /**
     * Reads {@code text}.
     *
     * @throws IllegalArgumentException {@code "--threshold 'TEXT': what"} for anything else
     */
    static Limit parse(String text) {
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw error(text, "expected METRIC [+|-]N% or METRIC +N ms|us|s, e.g. 'p99 +10%', 'rate -5%', 'p50 +2ms'");
        }
        Figure f = Figure.named(m.group(1));
        if (f == null) {
            throw error(text, "unknown metric '" + m.group(1) + "' (expected " + METRICS + ")");
        }
        String step = m.group(2) == null ? null : m.group(3).strip();
        if (step != null && (step.isEmpty() || f.kind() != Figure.Kind.LATENCY)) {
            throw error(text, step.isEmpty() ? "an empty step key" : "only latency has a per-step limit");
        }
        String sign = m.group(4);
        boolean worseUp = f.kind() != Figure.Kind.RATE;
        if (sign != null && sign.equals("+") != worseUp) {
            throw error(text, f.label() + (worseUp ? " regresses upwards: use +N" : " regresses downwards: use -N"));
        }
        double n = Double.parseDouble(m.group(5));
        String unit = m.group(6).toLowerCase(Locale.ROOT);
        if (unit.equals("%")) {
            return new Limit(text, f, step, n / 100, false);
        }
        if (f.kind() != Figure.Kind.LATENCY) {
            throw error(text, f.label() + " takes a limit in % (" + unit + " is a time)");
        }
        double us = switch (unit) {
            case "ns" -> n / 1e3;
            case "ms" -> n * 1e3;
            case "s" -> n * 1e6;
            default -> n;
        };
        return new Limit(text, f, step, us, true);
    }

    private static IllegalArgumentException error(String text, String what) {
        return new IllegalArgumentException("--threshold '" + text + "': " + what);
    }

    /**
     * This limit judged against {@code rows}.
     *
     * @throws IllegalArgumentException when it names a step the runs do not both have
     */
    Outcome judge(List<Comparison.Row> rows) {
        Comparison.Row row = rows.stream()
                .filter(r -> r.figure() == figure && java.util.Objects.equals(r.step(), step))
                .findFirst()
                .orElse(null);
        if (row == null) {
            List<String> steps = rows.stream()
                    .map(Comparison.Row::step)
                    .filter(java.util.Objects::nonNull)
                    .distinct()
                    .toList();
            throw error(
                    text,
                    "no step '" + step + "' in both runs"
                            + (steps.isEmpty()
                                    ? ": they have no journeys"
                                    : " (the steps: " + String.join(", ", steps) + ")"));
        }
        double change = absolute ? row.neu() - row.base() : row.change();
        boolean past = figure.kind() == Figure.Kind.RATE ? change < -amount : change > amount;
        boolean regressed = row.verdict() == Verdict.REGRESSED;
        String why;
        if (past && regressed) {
            why = "exceeded";
        } else if (past) {
            why = "past the limit, but " + row.verdict().text() + ": not exceeded";
        } else if (Double.isNaN(change)) {
            why = "no change to judge: not exceeded";
        } else {
            why = "held";
        }
        return new Outcome(this, row, past && regressed, why);
    }

    /**
     * A limit judged.
     *
     * @param limit which
     * @param row the figure it judged
     * @param exceeded whether it fails the build
     * @param text what it says ({@code exceeded}, {@code held}, or why a change past it does not count)
     */
    record Outcome(Limit limit, Comparison.Row row, boolean exceeded, String text) {}
}
