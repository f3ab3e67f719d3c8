package dev.zapline.load.threshold;

import dev.zapline.load.report.Summary;
import dev.zapline.load.report.SummaryWatch;

/**
 * A run's thresholds as its {@link dev.zapline.load.report.Reporter} follows it: with {@code --abort-on-fail}, from
 * {@code delay} into the measured phase on, each second's summary of the measured data so far is judged, and the
 * first threshold that can no longer pass stops the run; the final summary gets every verdict, which go into the
 * JSON file. Used by the reporter's thread only.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=gate}
 */
public final class Gate implements SummaryWatch {

    /** The delay that never aborts: the thresholds are judged at the end only. */
    public static final double NO_ABORT = Double.POSITIVE_INFINITY;

    private final Thresholds thresholds;
    private final double abortAfterSeconds;
    private Verdicts.Abort aborted;
    private Verdicts verdicts;

    /**
     * @param abortAfterSeconds from how far into the measured phase a failing threshold stops the run ({@code
     *     --abort-on-fail=DELAY}), or {@link #NO_ABORT}
     */
    public Gate(Thresholds thresholds, double abortAfterSeconds) {
        this.thresholds = thresholds;
        this.abortAfterSeconds = abortAfterSeconds;
    }

    @Override
    public boolean interim(Summary s) {
        if (aborted != null || s.seconds() < abortAfterSeconds) {
            return false;
        }
        Threshold t = thresholds.decidedFailure(Facts.of(s));
        if (t == null) {
            return false;
        }
        aborted = new Verdicts.Abort(t.expression(), s.seconds());
        return true;
    }

    @Override
    public String complete(Summary s) {
        verdicts = thresholds.evaluate(Facts.of(s), aborted);
        return verdicts.jsonMembers();
    }

    /** The verdicts on the final summary; null until the run has ended. */
    public Verdicts verdicts() {
        return verdicts;
    }
}
