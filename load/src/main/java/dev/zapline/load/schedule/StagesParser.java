package dev.zapline.load.schedule;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code --stages} syntax: {@code duration:rate} holds and {@code duration:from->to} ramps, comma separated. */
final class StagesParser {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");
    private static final Pattern RATE = Pattern.compile("\\d+(?:\\.\\d+)?");

    private StagesParser() {}

    static List<Stage> parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("stages are empty; expected e.g. \"10s:0->1000,30s:1000\"");
        }
        String[] parts = text.split(",", -1);
        List<Stage> stages = new ArrayList<>(parts.length);
        for (int n = 0; n < parts.length; n++) {
            stages.add(stage(parts[n].trim(), n + 1));
        }
        return stages;
    }

    private static Stage stage(String text, int number) {
        int colon = text.indexOf(':');
        if (colon < 0 || text.indexOf(':', colon + 1) >= 0) {
            throw error(number, text, "expected duration:rate or duration:from->to");
        }
        long nanos = nanos(text.substring(0, colon).trim(), number, text);
        String rates = text.substring(colon + 1).trim();
        int arrow = rates.indexOf("->");
        if (arrow < 0) {
            long milli = milli(rates, number, text);
            return new Stage(nanos, milli, milli);
        }
        return new Stage(
                nanos,
                milli(rates.substring(0, arrow).trim(), number, text),
                milli(rates.substring(arrow + 2).trim(), number, text));
    }

    private static long nanos(String text, int number, String stage) {
        Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            throw error(number, stage, "bad duration \"" + text + "\"; expected a number and a unit ms, s, m or h");
        }
        long unit = switch (m.group(2)) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit));
        if (nanos.signum() == 0) {
            throw error(number, stage, "duration must be greater than zero");
        }
        try {
            return nanos.longValueExact();
        } catch (ArithmeticException e) {
            throw error(number, stage, "duration \"" + text + "\" is not a whole number of nanoseconds or too long");
        }
    }

    private static long milli(String text, int number, String stage) {
        if (!RATE.matcher(text).matches()) {
            throw error(number, stage, "bad rate \"" + text + "\"; expected a number of requests per second >= 0");
        }
        long milli;
        try {
            milli = new BigDecimal(text).movePointRight(3).longValueExact();
        } catch (ArithmeticException e) {
            throw error(number, stage, "rate \"" + text + "\" has more than 3 decimals or is too large");
        }
        if (milli > Stage.MAX_MILLI) {
            throw error(number, stage, "rate \"" + text + "\" is above 1e9 req/s");
        }
        return milli;
    }

    private static IllegalArgumentException error(int number, String stage, String why) {
        return new IllegalArgumentException("stage " + number + " \"" + stage + "\": " + why);
    }
}
