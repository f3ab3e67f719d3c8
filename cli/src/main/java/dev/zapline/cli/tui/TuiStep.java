package dev.zapline.cli.tui;

import java.util.Locale;

/**
 * How far one Up or Down key moves the target rate ({@code --tui-step}): a percentage of the current rate
 * ({@code 10%}) or an absolute number of requests (or journeys) per second ({@code 500}).
 */
public final class TuiStep {

    private final double value;
    private final boolean percent;

    private TuiStep(double value, boolean percent) {
        this.value = value;
        this.percent = percent;
    }

    /**
     * Parses {@code 10%}, {@code 2.5%} or {@code 500}.
     *
     * @throws IllegalArgumentException with a message naming the flag, for anything else, zero or negative
     */
    public static TuiStep parse(String text) {
        String t = text == null ? "" : text.strip();
        boolean pct = t.endsWith("%");
        String number = pct ? t.substring(0, t.length() - 1).strip() : t;
        double v;
        try {
            v = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!Double.isFinite(v) || v <= 0 || number.isEmpty() || !number.matches("[0-9.]+")) {
            throw new IllegalArgumentException(
                    "--tui-step: expected a percentage such as 10% or a rate such as 500, got '" + text + "'");
        }
        if (pct && v >= 100) {
            throw new IllegalArgumentException("--tui-step: a percentage step must be below 100%, got '" + text + "'");
        }
        return new TuiStep(v, pct);
    }

    /** The rate one Up leads to from {@code rate}; from 0, one step of {@code startRate} (the run's own rate). */
    public double up(double rate, double startRate) {
        if (rate <= 0) {
            return round(percent ? startRate * value / 100 : value);
        }
        return round(percent ? rate * (1 + value / 100) : rate + value);
    }

    /** The rate one Down leads to from {@code rate}, never below 0. */
    public double down(double rate) {
        return round(Math.max(0, percent ? rate * (1 - value / 100) : rate - value));
    }

    /** As the help line shows it: {@code ±10%} or {@code ±500/s}. */
    public String label() {
        return "±" + (percent ? Units.plain(value) + "%" : Units.plain(value) + "/s");
    }

    /** Rates go to the engine with at most three decimals (it refuses more). */
    private static double round(double r) {
        return Math.round(r * 1000) / 1000.0;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s%s", Units.plain(value), percent ? "%" : "");
    }
}
