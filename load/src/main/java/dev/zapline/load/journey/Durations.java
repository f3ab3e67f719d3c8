package dev.zapline.load.journey;

/** Durations in journey files ({@code # @think 500ms}, {@code duration < 200ms}): a number and us, ms or s. */
final class Durations {

    private Durations() {}

    /** {@code text} in nanoseconds, or -1 when it is not a non-negative number followed by us, ms or s. */
    static long nanos(String text) {
        long scale;
        int unit;
        if (text.endsWith("us")) {
            scale = 1_000L;
            unit = 2;
        } else if (text.endsWith("ms")) {
            scale = 1_000_000L;
            unit = 2;
        } else if (text.endsWith("s")) {
            scale = 1_000_000_000L;
            unit = 1;
        } else {
            return -1;
        }
        String number = text.substring(0, text.length() - unit);
        if (!number.matches("[0-9]+(\\.[0-9]+)?")) {
            return -1;
        }
        double v = Double.parseDouble(number) * scale;
        return v > Long.MAX_VALUE / 2 ? -1 : Math.round(v);
    }
}
