package dev.zapline.load.metrics;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What one event loop records of a journey run in one phase, beside its {@link LoopRecorder} of every request: a
 * recorder per step (run-wide step numbers of {@link JourneyLayout}), each check's passes and failures, and per
 * journey how many started, completed, failed (at which step) or were left unfinished when the run stopped, with the
 * journey's own latency: a completed journey is recorded in {@link #journey} as one response whose corrected latency
 * runs from its first step's intended time to its last response, and whose service time from its first write.
 *
 * <p>Threading as {@link LoopRecorder}: one writer (the loop) that never waits and never allocates; readers on other
 * threads read counters and swap the recorders' interval histograms.
 */
public final class JourneyRecorder {

    private final LoopRecorder[] steps;
    private final LoopRecorder[] journeys;
    private final AtomicLongArray passed;
    private final AtomicLongArray failed;
    /** Per journey: started, completed, unfinished. */
    private final AtomicLongArray counts;
    /** Per run-wide step: journeys that failed at it. */
    private final AtomicLongArray failedAt;

    public JourneyRecorder(JourneyLayout layout) {
        this.steps = new LoopRecorder[layout.steps().size()];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = new LoopRecorder();
        }
        this.journeys = new LoopRecorder[layout.journeys().size()];
        for (int i = 0; i < journeys.length; i++) {
            journeys[i] = new LoopRecorder();
        }
        this.passed = new AtomicLongArray(layout.checks().size());
        this.failed = new AtomicLongArray(layout.checks().size());
        this.counts = new AtomicLongArray(3 * journeys.length);
        this.failedAt = new AtomicLongArray(steps.length);
    }

    /** The recorder of run-wide step {@code s}. */
    public LoopRecorder step(int s) {
        return steps[s];
    }

    /** Journey {@code j}'s own latency: one response per completed journey. */
    public LoopRecorder journey(int j) {
        return journeys[j];
    }

    public int stepCount() {
        return steps.length;
    }

    public int journeyCount() {
        return journeys.length;
    }

    public int checkCount() {
        return passed.length();
    }

    /** Run-wide check {@code c} passed or failed once. */
    public void check(int c, boolean ok) {
        AtomicLongArray a = ok ? passed : failed;
        a.lazySet(c, a.get(c) + 1);
    }

    /** Journey {@code j} started (its first step was due). */
    public void started(int j) {
        add(counts, 3 * j, 1);
    }

    /** Journey {@code j} completed: its first step was due at {@code firstDue} and written at {@code firstSent}. */
    public void completed(int j, long firstDue, long firstSent, long lastResponse, long bytes) {
        add(counts, 3 * j + 1, 1);
        journeys[j].response(200, Outcome.SUCCESS, firstDue, firstSent, lastResponse, bytes);
    }

    /** A journey failed at run-wide step {@code s} (its status, a check, an extraction, or no response). */
    public void failed(int s) {
        add(failedAt, s, 1);
    }

    /** Journey {@code j} was left unfinished: the run stopped before its next step was sent. */
    public void unfinished(int j) {
        add(counts, 3 * j + 2, 1);
    }

    public long checksPassed(int c) {
        return passed.get(c);
    }

    public long checksFailed(int c) {
        return failed.get(c);
    }

    public long completedCount(int j) {
        return counts.get(3 * j + 1);
    }

    public long startedCount(int j) {
        return counts.get(3 * j);
    }

    public long unfinishedCount(int j) {
        return counts.get(3 * j + 2);
    }

    /** Journeys that failed at run-wide step {@code s}. */
    public long failedAtCount(int s) {
        return failedAt.get(s);
    }

    private static void add(AtomicLongArray a, int i, long n) {
        a.lazySet(i, a.get(i) + n);
    }
}
