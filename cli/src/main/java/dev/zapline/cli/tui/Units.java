package dev.zapline.cli.tui;

import java.util.Locale;

/** The dashboard's number formats: counts and rates ({@code 12.3k}), latencies ({@code 1.20ms}), seconds. */
final class Units {

    private Units() {}

    /** {@code 950}, {@code 12.3k}, {@code 1.25M}. */
    static String count(double v) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", v / 1e6);
        }
        if (v >= 1e4) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", v);
    }

    /** A latency given in microseconds: {@code 850µs}, {@code 1.20ms}, {@code 2.50s}; {@code -} for none. */
    static String micros(double us) {
        if (!(us > 0)) {
            return "-";
        }
        if (us >= 1e6) {
            return String.format(Locale.ROOT, "%.2fs", us / 1e6);
        }
        if (us >= 1e3) {
            return String.format(Locale.ROOT, "%.2fms", us / 1e3);
        }
        return String.format(Locale.ROOT, "%.0fµs", us);
    }

    /** Seconds with one decimal: {@code 12.0s}. */
    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1fs", s);
    }

    /** A number without a needless fraction: {@code 10}, {@code 2.5}. */
    static String plain(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.valueOf(v);
    }
}
