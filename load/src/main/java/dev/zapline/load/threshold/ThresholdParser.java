package dev.zapline.load.threshold;

import java.math.BigDecimal;

/** Reads one threshold expression, {@code METRIC OP NUMBER [UNIT]}, reporting the first mistake by its column. */
final class ThresholdParser {

    private static final String OPS = "(expected <, <=, >, >=, == or !=)";
    private static final String TIME_UNITS = "(expected ns, us, µs, ms or s)";
    private static final String METRICS = "(expected p50, p75, p90, p99, p99.9, p99.99, max or mean, optionally after "
            + "corrected., service., connect. or handshake.; or error_rate, drop_rate, rate, loader_busy, "
            + "send_lag_p99, requests, errors, "
            + "dropped, timeouts, status_2xx … status_5xx, status_NNN; for journeys checks, journeys_failed, "
            + "and a step's figures as METRIC{step=NAME})";

    private final String s;
    private int i;

    ThresholdParser(String expression) {
        this.s = expression;
    }

    Threshold parse() {
        skipSpaces();
        int nameAt = i;
        while (i < s.length() && isNameChar(s.charAt(i))) {
            i++;
        }
        if (i == nameAt) {
            throw error(nameAt, "expected a metric, found " + found(nameAt) + " " + METRICS);
        }
        String name = s.substring(nameAt, i);
        Metric metric = Metric.find(name);
        if (metric == null) {
            throw error(nameAt, "unknown metric '" + name + "' " + METRICS);
        }
        if (i < s.length() && s.charAt(i) == '{') {
            metric = step(metric, nameAt);
        }
        skipSpaces();
        int opAt = i;
        while (i < s.length() && "<>=!".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        if (i == opAt) {
            throw error(opAt, "expected an operator, found " + found(opAt) + " " + OPS);
        }
        Op op = Op.of(s.substring(opAt, i));
        if (op == null) {
            throw error(opAt, "unknown operator '" + s.substring(opAt, i) + "' " + OPS);
        }
        skipSpaces();
        int numberAt = i;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
            i++;
        }
        String digits = s.substring(numberAt, i);
        if (digits.isEmpty()) {
            throw error(numberAt, "expected a number, found " + found(numberAt));
        }
        if (!digits.matches("[0-9]+(\\.[0-9]+)?")) {
            throw error(numberAt, "bad number '" + digits + "' (expected digits, optionally a point and more digits)");
        }
        int afterNumber = i;
        skipSpaces();
        int unitAt = i;
        while (i < s.length() && isUnitChar(s.charAt(i))) {
            i++;
        }
        String unit = s.substring(unitAt, i).replace('μ', 'µ'); // Greek mu as the micro sign
        skipSpaces();
        if (i < s.length()) {
            throw error(i, "unexpected '" + s.substring(i) + "' after the value");
        }
        return limit(metric, op, new BigDecimal(digits), numberAt, unit, unit.isEmpty() ? afterNumber : unitAt);
    }

    /** The threshold with the value scaled to the metric's unit, or the reason the unit does not fit the metric. */
    private Threshold limit(Metric m, Op op, BigDecimal value, int numberAt, String unit, int unitAt) {
        switch (m.kind()) {
            case LATENCY -> {
                BigDecimal us = switch (unit) {
                    case "ns" -> value.movePointLeft(3);
                    case "us", "µs" -> value;
                    case "ms" -> value.movePointRight(3);
                    case "s" -> value.movePointRight(6);
                    case "" -> throw error(unitAt, "missing unit " + TIME_UNITS);
                    default -> throw error(unitAt, "unknown unit '" + unit + "' " + TIME_UNITS);
                };
                return new Threshold(s, m, op, us, unit);
            }
            case RATE -> {
                if (unit.equals("%")) {
                    return new Threshold(s, Metric.find("rate_of_target"), op, value.movePointLeft(2), unit);
                }
                if (!unit.isEmpty() && !unit.equals("/s") && !unit.equals("req/s")) {
                    throw error(
                            unitAt,
                            "unknown unit '" + unit + "' (expected none or /s for requests per second, "
                                    + "or % of the target rate)");
                }
                return new Threshold(s, m, op, value, unit);
            }
            case FRACTION -> {
                boolean share = !m.name().equals("rate_of_target"); // the achieved rate may exceed its target
                if (unit.equals("%")) {
                    if (share && value.compareTo(BigDecimal.valueOf(100)) > 0) {
                        throw error(numberAt, "a percentage of requests is at most 100%, found " + value + "%");
                    }
                    return new Threshold(s, m, op, value.movePointLeft(2), unit);
                }
                if (!unit.isEmpty()) {
                    throw error(unitAt, "unknown unit '" + unit + "' (expected % or none for a fraction from 0 to 1)");
                }
                if (share && value.compareTo(BigDecimal.ONE) > 0) {
                    throw error(
                            numberAt,
                            "a fraction is at most 1, found " + value + " (write " + value + "% for a percentage)");
                }
                return new Threshold(s, m, op, value, unit);
            }
            default -> {
                if (unit.equals("%")) {
                    throw error(
                            unitAt,
                            "'%' does not apply to a count: " + m.name() + " takes a number of requests "
                                    + "(error_rate and drop_rate take %)");
                }
                if (!unit.isEmpty()) {
                    throw error(unitAt, "a count takes no unit, found '" + unit + "'");
                }
                if (value.stripTrailingZeros().scale() > 0) {
                    throw error(numberAt, "a count is a whole number, found " + value);
                }
                return new Threshold(s, m, op, value, unit);
            }
        }
    }

    /** {@code metric} of the step {@code {step=NAME}} at {@link #i} selects, the selector read. */
    private Metric step(Metric metric, int nameAt) {
        int open = i;
        int close = s.indexOf('}', open);
        if (close < 0) {
            throw error(open, "unclosed '{' (expected {step=NAME})");
        }
        String inside = s.substring(open + 1, close).trim();
        if (!inside.startsWith("step") || !inside.substring(4).trim().startsWith("=")) {
            throw error(open + 1, "expected step=NAME in the braces, found '" + inside + "'");
        }
        String step = inside.substring(4).trim().substring(1).trim();
        if (step.isEmpty()) {
            throw error(close, "expected a step's name after step=");
        }
        Metric m = Metric.forStep(metric, step);
        if (m == null) {
            throw error(
                    nameAt,
                    metric.name() + " has no per-step form (a step has its latencies, error_rate, "
                            + "checks, requests, errors, timeouts and status counts)");
        }
        i = close + 1;
        return m;
    }

    private void skipSpaces() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.';
    }

    private static boolean isUnitChar(char c) {
        return Character.isLetter(c) || c == '%' || c == '/';
    }

    private String found(int at) {
        return at < s.length() ? "'" + s.charAt(at) + "'" : "the end";
    }

    private IllegalArgumentException error(int at, String what) {
        return new IllegalArgumentException("threshold '" + s + "': column " + (at + 1) + ": " + what);
    }
}
