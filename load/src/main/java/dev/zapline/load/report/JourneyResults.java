package dev.zapline.load.report;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.JourneyLayout;
import dev.zapline.load.metrics.JourneyRecorder;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Tally;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The reader side of a journey run's {@link JourneyRecorder}s, beside the run's own {@link Aggregator}: one
 * aggregator per step and one per journey over the loops' recorders (measured phase and warm-up, as the run-level
 * one), closed at the same intervals, and the check and journey counters of the measured phase summed over the
 * loops. It makes the {@link Summary#steps()} and {@link Summary#journeys()} of a summary.
 *
 * <p>Threading: the reporting thread only, as {@link Aggregator}.
 */
public final class JourneyResults {

    private final JourneyLayout layout;
    private final JourneyRecorder[] measured;
    private final Aggregator[] steps;
    private final Aggregator[] journeys;

    /**
     * @param measured each loop's recorder of the measured phase
     * @param warmup each loop's recorder of the warm-up (empty without one)
     */
    public JourneyResults(JourneyLayout layout, JourneyRecorder[] measured, JourneyRecorder[] warmup) {
        this.layout = layout;
        this.measured = measured.clone();
        this.steps = new Aggregator[layout.steps().size()];
        for (int s = 0; s < steps.length; s++) {
            int step = s;
            steps[s] = aggregator(measured, warmup, r -> r.step(step));
        }
        this.journeys = new Aggregator[layout.journeys().size()];
        for (int j = 0; j < journeys.length; j++) {
            int journey = j;
            journeys[j] = aggregator(measured, warmup, r -> r.journey(journey));
        }
    }

    private static Aggregator aggregator(
            JourneyRecorder[] measured, JourneyRecorder[] warmup, Function<JourneyRecorder, LoopRecorder> pick) {
        LoopRecorder[] m = new LoopRecorder[measured.length];
        for (int i = 0; i < m.length; i++) {
            m[i] = pick.apply(measured[i]);
        }
        LoopRecorder[] w = new LoopRecorder[warmup.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = pick.apply(warmup[i]);
        }
        return new Aggregator(m, w);
    }

    public JourneyLayout layout() {
        return layout;
    }

    /** Closes an interval of every step and journey; the arguments as {@link Aggregator#interval}'s. */
    public void interval(double t, double seconds, boolean warmup) {
        for (Aggregator a : steps) {
            a.interval(t, seconds, 0, 0, 0, 0, warmup);
        }
        for (Aggregator a : journeys) {
            a.interval(t, seconds, 0, 0, 0, 0, warmup);
        }
    }

    /** Step {@code s}'s aggregator (run-wide step number). */
    public Aggregator step(int s) {
        return steps[s];
    }

    /** Journey {@code j}'s aggregator: one response per completed journey. */
    public Aggregator journey(int j) {
        return journeys[j];
    }

    /** Check {@code c}'s passes in the measured phase, summed over the loops. */
    public long checksPassed(int c) {
        return sum(r -> r.checksPassed(c));
    }

    /** Check {@code c}'s failures in the measured phase, summed over the loops. */
    public long checksFailed(int c) {
        return sum(r -> r.checksFailed(c));
    }

    /** Journey {@code j}'s starts in the measured phase. */
    public long started(int j) {
        return sum(r -> r.startedCount(j));
    }

    /** Journey {@code j}'s completions in the measured phase. */
    public long completed(int j) {
        return sum(r -> r.completedCount(j));
    }

    /** Journey {@code j}'s unfinished ones in the measured phase. */
    public long unfinished(int j) {
        return sum(r -> r.unfinishedCount(j));
    }

    /** Journeys failed at run-wide step {@code s} in the measured phase. */
    public long failedAt(int s) {
        return sum(r -> r.failedAtCount(s));
    }

    private long sum(ToLongFunction<JourneyRecorder> f) {
        long n = 0;
        for (JourneyRecorder r : measured) {
            n += f.applyAsLong(r);
        }
        return n;
    }

    /** Every step's results as of the last interval. */
    public List<StepSummary> steps() {
        List<StepSummary> out = new ArrayList<>(steps.length);
        for (int s = 0; s < steps.length; s++) {
            Aggregator a = steps[s];
            Tally t = a.measured();
            List<StepSummary.CheckCount> checks = new ArrayList<>();
            for (int c = 0; c < layout.checks().size(); c++) {
                if (layout.checkStep()[c] == s) {
                    checks.add(new StepSummary.CheckCount(layout.checks().get(c), checksPassed(c), checksFailed(c)));
                }
            }
            out.add(new StepSummary(
                    layout.steps().get(s),
                    layout.journeys().get(layout.stepJourney()[s]),
                    t.sent(),
                    t.errors(),
                    Summary.outcomes(t),
                    Summary.statuses(t),
                    Summary.Latency.withCurve(a.corrected()),
                    Summary.Latency.withCurve(a.service()),
                    checks,
                    histograms(a)));
        }
        return out;
    }

    /** Every journey's results and their totals as of the last interval. */
    public Journeys journeys() {
        List<Journeys.Journey> each = new ArrayList<>(journeys.length);
        long started = 0;
        long completed = 0;
        long failed = 0;
        long unfinished = 0;
        for (int j = 0; j < journeys.length; j++) {
            Map<String, Long> at = new LinkedHashMap<>();
            long f = 0;
            for (int s = 0; s < steps.length; s++) {
                if (layout.stepJourney()[s] == j) {
                    long n = failedAt(s);
                    at.put(layout.steps().get(s), n);
                    f += n;
                }
            }
            Aggregator a = journeys[j];
            each.add(new Journeys.Journey(
                    layout.journeys().get(j),
                    started(j),
                    completed(j),
                    f,
                    at,
                    unfinished(j),
                    Summary.Latency.withCurve(a.corrected()),
                    Summary.Latency.withCurve(a.service()),
                    histograms(a)));
            started += started(j);
            completed += completed(j);
            failed += f;
            unfinished += unfinished(j);
        }
        long passed = 0;
        long notPassed = 0;
        for (int c = 0; c < layout.checks().size(); c++) {
            passed += checksPassed(c);
            notPassed += checksFailed(c);
        }
        return new Journeys(started, completed, failed, unfinished, passed, notPassed, each);
    }

    private static StepSummary.Histograms histograms(Aggregator a) {
        return new StepSummary.Histograms(RunTag.encode(a.corrected()), RunTag.encode(a.service()));
    }
}
