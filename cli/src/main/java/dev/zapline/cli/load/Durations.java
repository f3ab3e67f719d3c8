package dev.zapline.cli.load;

import java.util.Locale;

/** Durations on the command line: a number and a unit {@code ns us ms s m h} ({@code 1.5s}, {@code 250ms}). */
public final class Durations {

    private Durations() {}

    /** @throws IllegalArgumentException for anything else */
    public static long nanos(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        String[] units = {"ns", "us", "µs", "ms", "s", "m", "h"};
        long[] scale = {1, 1_000, 1_000, 1_000_000, 1_000_000_000L, 60_000_000_000L, 3_600_000_000_000L};
        for (int i = 0; i < units.length; i++) {
            if (s.endsWith(units[i])) {
                String num = s.substring(0, s.length() - units[i].length());
                if (i == 4 && (num.endsWith("m") || num.endsWith("n") || num.endsWith("u") || num.endsWith("µ"))) {
                    continue;
                }
                try {
                    double v = Double.parseDouble(num);
                    if (v >= 0 && Double.isFinite(v)) {
                        return Math.round(v * scale[i]);
                    }
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        throw new IllegalArgumentException("duration '" + text + "': use a number and a unit, e.g. 30s, 250ms, 2m");
    }
}
