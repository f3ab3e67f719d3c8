package dev.zapline.cli.bench;

/**
 * A ratio of two arms' req/s within one {@link ArmSet} and the target it answers to (0: none), with the quartiles
 * of the round-by-round ratios ({@code q1}, {@code q3}; NaN with fewer than three rounds).
 *
 * @param key the JSON key: the ratio's name, with {@code _p<depth>} appended in a pipelined set
 * @param notJudged why the value is not held against the target (an arm was loader-bound), or null
 */
record Ratio(
        String key,
        String label,
        String numerator,
        String denominator,
        double value,
        double target,
        double q1,
        double q3,
        String notJudged) {

    boolean hasTarget() {
        return target > 0;
    }

    /** Whether the target is met: null when there is none or the ratio is not judged. */
    Boolean met() {
        return !hasTarget() || notJudged != null ? null : value >= target;
    }

    /** The report's "met" cell: yes, **no**, not judged (and why), or empty without a target. */
    String verdict() {
        if (!hasTarget()) {
            return "";
        }
        return notJudged != null ? "not judged: " + notJudged : met() ? "yes" : "**no**";
    }
}
