package dev.zapline.load.threshold;

import java.util.ArrayList;
import java.util.List;

/**
 * The thresholds of one run, in the order given. Immutable and thread-safe.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=thresholds}
 */
public final class Thresholds {

    /** The exit status of a run with a failed threshold: k6's, so CI scripts written for k6 read it alike. */
    public static final int FAILED_EXIT_STATUS = 99;

    private final List<Threshold> list;

    private Thresholds(List<Threshold> list) {
        this.list = List.copyOf(list);
    }

    /**
     * Parses every expression.
     *
     * @throws IllegalArgumentException for the first malformed one (see {@link Threshold#parse})
     */
    public static Thresholds parse(List<String> expressions) {
        List<Threshold> l = new ArrayList<>();
        for (String e : expressions) {
            l.add(Threshold.parse(e));
        }
        return new Thresholds(l);
    }

    public List<Threshold> list() {
        return list;
    }

    public boolean isEmpty() {
        return list.isEmpty();
    }

    /**
     * Refuses the thresholds a run cannot have: a rate in % of the target needs an open-model run.
     *
     * @param open whether the run follows a schedule (open model)
     * @throws IllegalArgumentException naming the threshold
     */
    public void checkModel(boolean open) {
        for (Threshold t : list) {
            if (t.needsTargetRate() && !open) {
                throw new IllegalArgumentException("threshold '" + t.expression() + "': a rate in % of the target "
                        + "needs an open-model run (--rate or --stages); give a rate in requests/s instead");
            }
        }
    }

    /**
     * Refuses the step thresholds ({@code p99{step=login}<50ms}) whose step the run does not have.
     *
     * @param steps the run's step keys in run-wide order; empty for a run of fixed requests
     * @throws IllegalArgumentException naming the threshold and listing the steps there are
     */
    public void checkSteps(List<String> steps) {
        for (Threshold t : list) {
            String step = t.step();
            if (step != null && !steps.contains(step)) {
                throw new IllegalArgumentException("threshold '" + t.expression() + "': " + Metric.noStep(step, steps));
            }
        }
    }

    /**
     * Every verdict on {@code facts}.
     *
     * @param aborted the abort of the run ({@code --abort-on-fail}), or null: the threshold that stopped it is failed
     *     whatever the final figures say, since the run was cut short on its account
     */
    public Verdicts evaluate(Facts facts, Verdicts.Abort aborted) {
        List<Verdict> out = new ArrayList<>(list.size());
        for (Threshold t : list) {
            Verdict v = t.evaluate(facts);
            if (aborted != null && t.expression().equals(aborted.by())) {
                v = v.failed(String.format(
                        java.util.Locale.ROOT, "stopped the run %.1f s into the measured phase", aborted.atSeconds()));
            }
            out.add(v);
        }
        return new Verdicts(out, aborted);
    }

    /**
     * The first threshold that fails on {@code facts} (the measured phase so far) and can no longer pass however the
     * run goes on ({@link Threshold#decidedBy}), or null. A metric the run does not have yet (no response so far) is
     * left to the end.
     */
    public Threshold decidedFailure(Facts facts) {
        for (Threshold t : list) {
            Verdict v = t.evaluate(facts);
            if (!v.passed() && v.actual() != null && t.decidedBy(v.actual())) {
                return t;
            }
        }
        return null;
    }
}
