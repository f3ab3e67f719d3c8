package dev.zapline.load.engine;

import dev.zapline.load.journey.Dynamics;
import dev.zapline.load.journey.Iteration;
import dev.zapline.load.journey.Journey;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.load.journey.Response;
import dev.zapline.load.journey.Step;
import dev.zapline.load.journey.StepRunner;
import dev.zapline.load.metrics.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One loop's journeys in progress ({@code zapline load FILE.http}): each is an iteration, numbered, reused, with the
 * journey it runs, its data row, its step, when its first step was due and written, and the values its steps
 * extracted. The {@link Pacer} starts one for each request the {@link Admission} makes due, and moves it from step to
 * step: a step is due when the previous one's response arrived plus its think time ({@link IdQueues}). The
 * connection writes an iteration's current request from {@link #rendered} and hands its response to
 * {@link #evaluate}. Journeys start in the weighted order of {@link #cycle}: journey {@code j} of weight {@code w} is
 * {@code w} of every {@code sum(weights)} starts. Confined to the loop; allocates only when more journeys are in
 * progress than ever before.
 */
final class Journeys {

    /** Longest response header value a check or an extraction reads; a longer one is cut. */
    static final int MAX_HEADER_VALUE = 4096;

    private final Journey[] journeys;
    /** Run-wide step number of each journey's first step. */
    private final int[] firstStep;

    private final Step[] steps;
    private final StepRunner runner;
    private final Dynamics dynamics;
    private final DataRows rows;
    private final SplittableRandom random;
    /** The journey of each run-wide step. */
    private final int[] journeyOfStep;

    private final int[] cycle;
    private int cycled;

    private final IdQueues queues = new IdQueues();
    /** The request {@link #render} wrote last; the connection copies it out. */
    private final ByteBuf rendered = Unpooled.buffer(1024);

    private Iteration[] its = new Iteration[0];
    private int[] journeyOf = new int[0];
    private int[] stepOf = new int[0];
    private long[] firstDue = new long[0];
    private long[] firstSent = new long[0];
    private long[] bytes = new long[0];
    private int[] free = new int[0];
    private int freeCount;
    private int live;

    Journeys(JourneyPlan plan, StepRunner runner, DataRows rows, long seed) {
        this.journeys = plan.journeys().toArray(new Journey[0]);
        this.firstStep = new int[journeys.length];
        int n = 0;
        int weights = 0;
        for (int j = 0; j < journeys.length; j++) {
            firstStep[j] = n;
            n += journeys[j].steps().size();
            weights += journeys[j].weight();
        }
        this.steps = new Step[n];
        this.journeyOfStep = new int[n];
        this.cycle = new int[weights];
        int c = 0;
        for (int j = 0; j < journeys.length; j++) {
            for (Step s : journeys[j].steps()) {
                steps[firstStep[j] + s.index()] = s;
                journeyOfStep[firstStep[j] + s.index()] = j;
            }
            for (int w = 0; w < journeys[j].weight(); w++) {
                cycle[c++] = j;
            }
        }
        this.runner = runner;
        this.rows = rows;
        this.random = new SplittableRandom(seed);
        this.dynamics = new Dynamics(random.nextLong());
    }

    /** The steps between journeys: thinking and ready. */
    IdQueues queues() {
        return queues;
    }

    /** Journeys in progress (started, not ended). */
    int live() {
        return live;
    }

    /** The journey the next start takes, taken from the cycle. */
    private int nextJourney() {
        int j = cycle[cycled];
        cycled = cycled + 1 == cycle.length ? 0 : cycled + 1;
        return j;
    }

    /**
     * A journey starts, its first step due at {@code intended}: its iteration's number, or -1 when unique data
     * rows have run out (nothing started).
     */
    int open(long intended) {
        byte[][] row = rows.next(random);
        if (row == DataRows.EXHAUSTED) {
            return -1;
        }
        int j = nextJourney();
        int id = allocate();
        its[id].reset(journeys[j], row);
        journeyOf[id] = j;
        stepOf[id] = firstStep[j];
        firstDue[id] = intended;
        firstSent[id] = intended;
        bytes[id] = 0;
        live++;
        return id;
    }

    /**
     * The run-wide first step of the journey a start that was never sent would have run (taken from the cycle, as
     * a start is): the step that counts it.
     */
    int unsentStart() {
        return firstStep[nextJourney()];
    }

    /** The response headers the steps read, in the order of their capture numbers. */
    java.util.List<String> capturedHeaders() {
        return runner.capturedHeaders();
    }

    /** Whether iteration {@code id}'s current step is a HEAD request (its response has no body). */
    boolean isHead(int id) {
        return steps[stepOf[id]].method().equals("HEAD");
    }

    /** Whether iteration {@code id}'s current step reads its response's body. */
    boolean keepsBody(int id) {
        return steps[stepOf[id]].keepBody();
    }

    /** The journey run-wide step {@code step} belongs to. */
    int journeyOfStep(int step) {
        return journeyOfStep[step];
    }

    /** Whether run-wide step {@code step} is its journey's first. */
    boolean isFirst(int step) {
        return firstStep[journeyOfStep[step]] == step;
    }

    /** Iteration {@code id}'s step, run-wide. */
    int step(int id) {
        return stepOf[id];
    }

    /** Iteration {@code id}'s journey. */
    int journey(int id) {
        return journeyOf[id];
    }

    /** When iteration {@code id}'s first step was due: the phase it counts in. */
    long firstDue(int id) {
        return firstDue[id];
    }

    long firstSent(int id) {
        return firstSent[id];
    }

    /** Response bytes of iteration {@code id}'s steps so far. */
    long bytes(int id) {
        return bytes[id];
    }

    /**
     * Writes iteration {@code id}'s current request into {@link #rendered}; false when a value it would carry is
     * missing or holds a line break (a request is never sent with a hole or an injected header).
     */
    boolean render(int id, long wallMillis) {
        rendered.clear();
        return runner.writer(steps[stepOf[id]]).write(its[id], dynamics, wallMillis, rendered) >= 0;
    }

    /** The request {@link #render} wrote last, for the connection to copy; its length is what was sent. */
    ByteBuf rendered() {
        return rendered;
    }

    /** Iteration {@code id}'s first step was written at {@code now}. */
    void firstWritten(int id, long now) {
        firstSent[id] = now;
    }

    /**
     * Iteration {@code id}'s current step got {@code r}, {@code serviceNanos} after its write: what it counts as
     * (success, or a failed status, check or extraction), its checks counted in {@code passed} and {@code failed}.
     */
    Outcome evaluate(int id, Response r, long responseBytes, long[] passed, long[] failed) {
        bytes[id] += responseBytes;
        return switch (runner.evaluate(steps[stepOf[id]], r, its[id], passed, failed)) {
            case StepRunner.OK -> Outcome.SUCCESS;
            case StepRunner.STATUS -> Outcome.FAILURE_STATUS;
            case StepRunner.CHECK -> Outcome.CHECK_FAILED;
            default -> Outcome.EXTRACT_FAILED;
        };
    }

    /** Whether iteration {@code id} has a step after its current one. */
    boolean hasNext(int id) {
        Step s = steps[stepOf[id]];
        return s.index() + 1 < journeys[journeyOf[id]].steps().size();
    }

    /** The run-wide number of iteration {@code id}'s current step's first check ({@link StepRunner#checkIndex}). */
    int firstCheck(int id) {
        return runner.checkIndex(steps[stepOf[id]], 0);
    }

    /** How many checks iteration {@code id}'s current step has. */
    int checks(int id) {
        return steps[stepOf[id]].checks().size();
    }

    /** Think time after iteration {@code id}'s current step. */
    long think(int id) {
        return steps[stepOf[id]].thinkNanos();
    }

    /** Iteration {@code id} moves to its next step. */
    void advance(int id) {
        stepOf[id]++;
    }

    /** Iteration {@code id}'s journey has ended: its number is free again. */
    void release(int id) {
        live--;
        free[freeCount++] = id;
    }

    private int allocate() {
        if (freeCount == 0) {
            grow();
        }
        return free[--freeCount];
    }

    private void grow() {
        int n = its.length;
        int m = Math.max(16, n * 2);
        its = Arrays.copyOf(its, m);
        journeyOf = Arrays.copyOf(journeyOf, m);
        stepOf = Arrays.copyOf(stepOf, m);
        firstDue = Arrays.copyOf(firstDue, m);
        firstSent = Arrays.copyOf(firstSent, m);
        bytes = Arrays.copyOf(bytes, m);
        free = Arrays.copyOf(free, m);
        for (int i = m - 1; i >= n; i--) {
            its[i] = new Iteration(i);
            free[freeCount++] = i;
        }
    }
}
