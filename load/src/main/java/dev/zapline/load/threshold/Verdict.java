package dev.zapline.load.threshold;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * How one threshold came out.
 *
 * @param expression the threshold as given
 * @param metric the metric's canonical name ({@code corrected.p99})
 * @param op the comparison ({@code <=})
 * @param limit the limit in {@code unit}
 * @param actual the metric's value in {@code unit}, or null when the run does not have it (then {@code reason} says
 *     why)
 * @param unit {@code us}, {@code fraction}, {@code req/s} or {@code count}
 * @param shown the unit the expression gave ({@code ms}, {@code %}, or "" for none), in which {@link #line()}
 *     shows the actual value
 * @param passed whether {@code actual op limit} held
 * @param reason why it failed without a value, or why it counts as failed (an abort), else null
 */
public record Verdict(
        String expression,
        String metric,
        String op,
        double limit,
        Double actual,
        String unit,
        String shown,
        boolean passed,
        String reason) {

    /** This verdict failed, for {@code why} (added to the reason it may have had). */
    Verdict failed(String why) {
        return new Verdict(
                expression, metric, op, limit, actual, unit, shown, false, reason == null ? why : reason + "; " + why);
    }

    /** {@code pass  p99<5ms  corrected.p99 = 1.234ms}, or {@code FAIL ...} with the reason when there is one. */
    public String line() {
        String value = actual == null ? "" : metric + " = " + show(actual);
        String why = reason == null ? "" : (value.isEmpty() ? "" : "; ") + reason;
        return String.format(Locale.ROOT, "  %s  %-24s %s%s", passed ? "pass" : "FAIL", expression, value, why);
    }

    /** The JSON object of this verdict; {@code shown} tells a reader the unit to show limit and actual in. */
    public String json() {
        return "{\"expression\":" + Json.string(expression) + ",\"metric\":" + Json.string(metric) + ",\"op\":"
                + Json.string(op) + ",\"limit\":" + Json.number(limit) + ",\"actual\":"
                + (actual == null ? "null" : Json.number(actual)) + ",\"unit\":" + Json.string(unit) + ",\"shown\":"
                + Json.string(shown) + ",\"passed\":"
                + passed + ",\"reason\":" + (reason == null ? "null" : Json.string(reason)) + "}";
    }

    /**
     * {@code v} (in {@link #unit}) in the unit the expression used: latencies in full (they have three decimals of
     * microseconds at most), shares and rates to six significant digits.
     */
    private String show(double v) {
        BigDecimal d = BigDecimal.valueOf(v);
        return switch (unit) {
            case "us" ->
                plain(
                                switch (shown) {
                                    case "ns" -> d.movePointRight(3);
                                    case "ms" -> d.movePointLeft(3);
                                    case "s" -> d.movePointLeft(6);
                                    default -> d;
                                })
                        + shown;
            case "fraction" -> shown.equals("%") ? plain(round(d.movePointRight(2))) + "%" : plain(round(d));
            case "req/s" -> plain(round(d)) + " req/s";
            default -> plain(d);
        };
    }

    private static BigDecimal round(BigDecimal d) {
        return d.round(new MathContext(6));
    }

    private static String plain(BigDecimal d) {
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
}
