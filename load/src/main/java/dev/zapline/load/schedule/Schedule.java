package dev.zapline.load.schedule;

import java.time.Duration;

/**
 * The open model's pacer: the intended send time of every request of a run, in nanoseconds after the run's start.
 * Pure and clock-free: the engine adds the run's start instant and follows it; latency counts from these times.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=schedule}
 *
 * <p>Times come from the request's index in closed form, never by adding up intervals, so a day-long run is as
 * exact at its end as at its start: at a constant rate R, request i is due at exactly {@code floor(i·10⁹/R)} ns.
 *
 * <p>Splitting. A schedule is the global sequence of requests 0, 1, 2, … restricted to the indices {@code offset +
 * j·stride}; {@link #segment} and {@link #forLoop} both narrow it by residue: part p of n keeps every n-th of the
 * current indices, starting with the p-th. Interleaving, not contiguous blocks, is what lets every machine and every
 * loop run at its share of the rate for the whole run, while the requests of all of them together are the single
 * schedule's, each exactly once, with the single schedule's spacing. Splitting is deterministic (Poisson arrivals
 * come from the seed, never from who computes them), so {@code --segment s/n} on n machines reproduces one run.
 *
 * <p>Immutable and thread-safe; a {@link ScheduleCursor} belongs to one thread.
 */
public final class Schedule {

    private final Stages stages;
    private final Arrival arrival;
    private final long seed;
    private final long total;
    private final long offset;
    private final long stride;
    private final long count;

    private Schedule(Stages stages, Arrival arrival, long seed, long total, long offset, long stride) {
        this.stages = stages;
        this.arrival = arrival;
        this.seed = seed;
        this.total = total;
        this.offset = offset;
        this.stride = stride;
        this.count = total > offset ? (total - offset - 1) / stride + 1 : 0;
    }

    /** {@code --rate R} for {@code duration}, evenly spaced. */
    public static Schedule constant(double perSecond, Duration duration) {
        return uniform(Stages.constant(perSecond, duration));
    }

    public static Schedule uniform(Stages stages) {
        return new Schedule(stages, Arrival.UNIFORM, 0, stages.count(), 0, 1);
    }

    /** Poisson arrivals with the profile's rate as intensity; the same seed gives the same times. */
    public static Schedule poisson(Stages stages, long seed) {
        long total = new PoissonTimes(stages, seed).countBelow(stages.expectedCount());
        return new Schedule(stages, Arrival.POISSON, seed, total, 0, 1);
    }

    /** {@code seed} matters only for {@link Arrival#POISSON}. */
    public static Schedule of(Stages stages, Arrival arrival, long seed) {
        return arrival == Arrival.UNIFORM ? uniform(stages) : poisson(stages, seed);
    }

    /**
     * The intended send time of this schedule's request {@code j} (0-based), in ns after the run's start;
     * non-decreasing in {@code j}. Uniform: O(1), no allocation. Poisson: builds the block state on each call (see
     * {@link PoissonTimes}); iterate with a {@link #cursor()} instead.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= j < count()}
     */
    public long at(long j) {
        if (j < 0 || j >= count) {
            throw new IndexOutOfBoundsException("request " + j + " outside [0, " + count + ")");
        }
        long i = index(j);
        return arrival == Arrival.UNIFORM ? stages.uniformTime(i) : new PoissonTimes(stages, seed).at(i);
    }

    /** The global index (in the unsplit schedule) of this schedule's request {@code j}. */
    public long index(long j) {
        return offset + j * stride;
    }

    /** How many requests this schedule sends. */
    public long count() {
        return count;
    }

    /** The whole run's length (the profile's), the same for every split. */
    public long durationNanos() {
        return stages.durationNanos();
    }

    public Stages stages() {
        return stages;
    }

    public Arrival arrival() {
        return arrival;
    }

    /** The Poisson arrivals' seed (0 for uniform arrivals, where it plays no part). */
    public long seed() {
        return seed;
    }

    /**
     * Machine {@code segment} of {@code segments} (0-based) in a distributed run: the global requests {@code i} with
     * {@code i mod segments == segment} (of this schedule's requests, when it is already split).
     */
    public Schedule segment(int segment, int segments) {
        return split(segment, segments, "segment");
    }

    /** Event loop {@code loop} of {@code loops} (0-based): every {@code loops}-th request of this schedule. */
    public Schedule forLoop(int loop, int loops) {
        return split(loop, loops, "loop");
    }

    private Schedule split(int part, int parts, String what) {
        if (parts < 1 || part < 0 || part >= parts) {
            throw new IllegalArgumentException(what + " " + part + " of " + parts + ": need 0 <= " + what + " < "
                    + parts + " and " + parts + " >= 1");
        }
        return new Schedule(stages, arrival, seed, total, offset + part * stride, Math.multiplyExact(stride, parts));
    }

    /** A fresh iterator over this schedule's times, for one thread; allocates its state once, nothing per step. */
    public ScheduleCursor cursor() {
        return new ScheduleCursor(times(), offset, stride, total);
    }

    /**
     * How many of this schedule's requests fall in each of {@code buckets} consecutive windows of {@code bucketNanos}
     * starting {@code fromNanos} after the run's start: bucket b counts the intended times in {@code [from + b·w,
     * from + (b + 1)·w)}. Walks the schedule once; allocates the result and a cursor.
     */
    public int[] countPerBucket(long fromNanos, long bucketNanos, int buckets) {
        return countPerBucket(cursor(), fromNanos, bucketNanos, buckets);
    }

    /**
     * This schedule's share of the requests as {@code steered} places them (the whole run's schedule steered while
     * it ran: {@link Steered}), from a fresh cursor for one thread. Allocates its state once, nothing per step.
     */
    public ScheduleCursor cursor(Steered steered) {
        return new ScheduleCursor(steered.times(), offset, stride, Long.MAX_VALUE);
    }

    /** {@link #countPerBucket(long, long, int)} of this share as {@code steered} placed it. */
    public int[] countPerBucket(Steered steered, long fromNanos, long bucketNanos, int buckets) {
        return countPerBucket(cursor(steered), fromNanos, bucketNanos, buckets);
    }

    private static int[] countPerBucket(ScheduleCursor c, long fromNanos, long bucketNanos, int buckets) {
        if (bucketNanos <= 0 || buckets < 0 || fromNanos < 0) {
            throw new IllegalArgumentException("from " + fromNanos + " ns, bucket " + bucketNanos + " ns, buckets "
                    + buckets + ": need a positive bucket and the others not negative");
        }
        int[] counts = new int[buckets];
        long end = fromNanos + bucketNanos * buckets;
        for (long t = c.next(); t >= 0 && t < end; t = c.next()) {
            if (t >= fromNanos) {
                counts[(int) ((t - fromNanos) / bucketNanos)]++;
            }
        }
        return counts;
    }

    private Times times() {
        return arrival == Arrival.UNIFORM ? stages::uniformTime : new PoissonTimes(stages, seed);
    }

    @Override
    public String toString() {
        return arrival + " " + stages + (stride == 1 ? "" : " [i = " + offset + " mod " + stride + "]");
    }
}
