package dev.zapline.load.threshold;

import java.util.List;
import java.util.Locale;

/**
 * The verdicts of a run's thresholds, and whether they stopped it.
 *
 * @param verdicts one per threshold, in the order given
 * @param aborted the threshold that stopped the run and when, or null
 */
public record Verdicts(List<Verdict> verdicts, Abort aborted) {

    /**
     * A run stopped by {@code --abort-on-fail}.
     *
     * @param by the expression of the threshold that could no longer pass
     * @param atSeconds seconds into the measured phase when it was seen
     */
    public record Abort(String by, double atSeconds) {}

    public Verdicts {
        verdicts = List.copyOf(verdicts);
    }

    /** Whether every threshold passed (and none stopped the run). */
    public boolean passed() {
        return aborted == null && verdicts.stream().allMatch(Verdict::passed);
    }

    /** The lines printed after the summary: a count, one line per verdict, and the abort if any. */
    public String text() {
        long failed = verdicts.stream().filter(v -> !v.passed()).count();
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "Thresholds  %s%n",
                failed == 0 ? "all " + verdicts.size() + " passed" : failed + " of " + verdicts.size() + " failed"));
        for (Verdict v : verdicts) {
            b.append(v.line()).append(System.lineSeparator());
        }
        if (aborted != null) {
            b.append(String.format(
                    Locale.ROOT,
                    "Aborted     %.1f s into the measured phase: '%s' could no longer pass (--abort-on-fail)%n",
                    aborted.atSeconds(),
                    aborted.by()));
        }
        return b.toString();
    }

    /**
     * The members this adds at the top level of the {@code --json} file: {@code "thresholds": [...],
     * "thresholds_passed": bool, "aborted": null or {"by": EXPR, "at_s": seconds}}.
     */
    public String jsonMembers() {
        StringBuilder b = new StringBuilder("\"thresholds\": [");
        for (int i = 0; i < verdicts.size(); i++) {
            b.append(i == 0 ? "\n    " : ",\n    ").append(verdicts.get(i).json());
        }
        b.append(verdicts.isEmpty() ? "]" : "\n  ]")
                .append(",\n  \"thresholds_passed\": ")
                .append(passed());
        b.append(",\n  \"aborted\": ");
        if (aborted == null) {
            return b.append("null").toString();
        }
        return b.append("{\"by\":")
                .append(Json.string(aborted.by()))
                .append(",\"at_s\":")
                .append(String.format(Locale.ROOT, "%.3f", aborted.atSeconds()))
                .append('}')
                .toString();
    }
}
