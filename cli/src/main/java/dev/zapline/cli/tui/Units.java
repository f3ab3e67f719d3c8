package dev.zapline.cli.tui;

import dev.zapline.load.report.Text;
import java.util.Locale;

/** The dashboard's number formats: counts and rates ({@code 12.3k}), latencies ({@code 1.20ms}), seconds. */
final class Units {

    private Units() {}

    /** {@code 950}, {@code 12.3k}, {@code 1.25M}: as the summary writes them. */
    static String count(double v) {
        return Text.count(v);
    }

    /** A latency given in microseconds as the summary writes it ({@code 850µs}, {@code 1.20ms}); {@code -} for none. */
    static String micros(double us) {
        return us > 0 ? Text.micros(us) : "-";
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
