package dev.zapline.cli.diff;

/** What {@code zapline diff} says of one figure. */
enum Verdict {
    /** The whole interval of the change lies past the minimum effect, the bad way. */
    REGRESSED("regressed"),
    /** The whole interval of the change lies past the minimum effect, the good way. */
    IMPROVED("improved"),
    /** The interval reaches within the minimum effect of no change. */
    WITHIN_NOISE("within noise"),
    /** A file has no per-second histograms ({@code intervals}): compared side by side only. */
    NO_INTERVALS("no intervals"),
    /** A run has fewer than {@link Comparison#MIN_SECONDS} measured seconds: too few to resample. */
    TOO_SHORT("too few seconds"),
    /** A run has no value for the figure (no response). */
    NO_DATA("no data"),
    /** A figure shown side by side that no interval is computed for (a step's error rate). */
    NOT_JUDGED("not judged");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** As printed. */
    String text() {
        return text;
    }
}
