package dev.zapline.load.journey;

import dev.zapline.load.engine.StatusSet;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Judges the responses of a {@link JourneyPlan}'s steps and stores what they export, without allocating once warm.
 * Built once per event loop: it compiles, per step, the expected statuses, the checks (with the run-wide index of
 * each, {@link #checkIndex}), the exports (JSONPaths, reusable regex {@link Matcher}s, header capture indexes) and
 * the step's {@link RequestWriter}. Response headers are captured by a run-wide index ({@link #capturedHeaders}).
 * Confined to one thread.
 */
public final class StepRunner {

    /** {@link #evaluate}: the status was expected, every check passed, every export found its value. */
    public static final int OK = 0;

    /** {@link #evaluate}: the status was not one the step expects. */
    public static final int STATUS = 1;

    /** {@link #evaluate}: the status was expected but a check failed. */
    public static final int CHECK = 2;

    /** {@link #evaluate}: status and checks passed but an export found nothing (or it did not fit the arena). */
    public static final int EXTRACT = 3;

    private final Map<Step, Compiled> steps = new IdentityHashMap<>();
    private final List<String> capturedHeaders;
    private final List<Check> checks;
    private final Checker checker = new Checker();
    private final Latin1Chars chars = new Latin1Chars();

    /** A step compiled. */
    private static final class Compiled {
        StatusSet expect;
        int firstCheck;
        Checker.Compiled[] checks;
        Extraction[] exports;
        RequestWriter writer;
    }

    /**
     * @throws JourneyException when a step's {@code expect} does not parse as a status set
     */
    public StepRunner(JourneyPlan plan) {
        Set<String> names = new LinkedHashSet<>();
        for (Journey j : plan.journeys()) {
            for (Step s : j.steps()) {
                for (String h : s.captureHeaders()) {
                    names.add(h.toLowerCase(Locale.ROOT));
                }
                for (Check c : s.checks()) {
                    if (c.subject() == Check.Subject.HEADER) {
                        names.add(c.name().toLowerCase(Locale.ROOT));
                    }
                }
                for (Export e : s.exports()) {
                    if (e.source() instanceof Export.Header h) {
                        names.add(h.name().toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        capturedHeaders = List.copyOf(names);
        List<Check> numbered = new ArrayList<>();
        for (Journey j : plan.journeys()) {
            for (Step s : j.steps()) {
                steps.put(s, compile(s, numbered));
            }
        }
        checks = List.copyOf(numbered);
    }

    /** Compiles {@code s}, appending its checks to {@code numbered}. */
    private Compiled compile(Step s, List<Check> numbered) {
        Compiled c = new Compiled();
        try {
            c.expect = StatusSet.parse(s.expect());
        } catch (IllegalArgumentException e) {
            throw new JourneyException(s.location(), e.getMessage());
        }
        c.firstCheck = numbered.size();
        c.checks = new Checker.Compiled[s.checks().size()];
        for (int k = 0; k < c.checks.length; k++) {
            Check check = s.checks().get(k);
            numbered.add(check);
            int header = check.subject() == Check.Subject.HEADER ? header(check.name()) : -1;
            c.checks[k] = new Checker.Compiled(check, header);
        }
        c.exports = new Extraction[s.exports().size()];
        for (int k = 0; k < c.exports.length; k++) {
            Export e = s.exports().get(k);
            int header = e.source() instanceof Export.Header h ? header(h.name()) : -1;
            c.exports[k] = new Extraction(e, header);
        }
        c.writer = new RequestWriter(s);
        return c;
    }

    private int header(String name) {
        return capturedHeaders.indexOf(name.toLowerCase(Locale.ROOT));
    }

    /** Lower-case names of the response headers a connection captures, each step's in first-seen order. */
    public List<String> capturedHeaders() {
        return capturedHeaders;
    }

    /** Every check of the plan, numbered run-wide: journey by journey, step by step, in order. */
    public List<Check> checks() {
        return checks;
    }

    /** The run-wide index of {@code step}'s check {@code k}, into {@link #checks} and the counters. */
    public int checkIndex(Step step, int k) {
        return compiled(step).firstCheck + k;
    }

    /** The writer of {@code step}'s request, for this runner's thread. */
    public RequestWriter writer(Step step) {
        return compiled(step).writer;
    }

    /**
     * Judges {@code r} as the response of {@code step} in {@code it}: the status against the step's expectation,
     * then every check (each counted in {@code checkPassed} or {@code checkFailed} at its {@link #checkIndex}, even
     * after a bad status), then, if all that passed, the exports, stored into {@code it}. A response that is garbage,
     * huge, or lacks a header a check reads fails the step; nothing is thrown.
     *
     * @return {@link #OK}, {@link #STATUS}, {@link #CHECK} or {@link #EXTRACT}, the first failure in that order
     * @throws IllegalArgumentException if {@code step} is not one of the plan's
     */
    public int evaluate(Step step, Response r, Iteration it, long[] checkPassed, long[] checkFailed) {
        Compiled c = compiled(step);
        int outcome = c.expect.contains(r.status()) ? OK : STATUS;
        for (int k = 0; k < c.checks.length; k++) {
            boolean passed;
            try {
                passed = checker.passes(c.checks[k], r);
            } catch (RuntimeException | StackOverflowError e) {
                passed = false;
            }
            if (passed) {
                checkPassed[c.firstCheck + k]++;
            } else {
                checkFailed[c.firstCheck + k]++;
                outcome = outcome == OK ? CHECK : outcome;
            }
        }
        if (outcome != OK) {
            return outcome;
        }
        for (Extraction e : c.exports) {
            boolean found;
            try {
                found = e.extract(r, it, checker, chars);
            } catch (RuntimeException | StackOverflowError ex) {
                found = false;
            }
            if (!found) {
                return EXTRACT;
            }
        }
        return OK;
    }

    private Compiled compiled(Step step) {
        Compiled c = steps.get(step);
        if (c == null) {
            throw new IllegalArgumentException("step '" + step.name() + "' is not one of this runner's plan");
        }
        return c;
    }
}
