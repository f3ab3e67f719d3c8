package dev.zapline.load.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A schedule steered while it runs: a rate change, a bias, a pause or a resume at run time {@code T} starts a new
 * piece there, and each piece is a profile in closed form from its change point, as stages are. The run's length
 * never moves.
 *
 * <p>Piece {@code k} starts at {@code T_k} with the global request index {@code f_k}: the first request of piece
 * {@code k − 1} whose time there is {@code >= T_k}. So every request due before a change point keeps its time,
 * and request {@code f_k + j} is due at {@code T_k + t_k(j)}, where {@code t_k} is piece {@code k}'s own profile's
 * schedule (uniform: {@link Stages#uniformTime}, exact; Poisson: its own seeded arrivals). Piece 0 is the run's
 * plan. What a piece's profile is:
 * <ul>
 *   <li>a rate R: a hold at R to the run's end (and the base of later biases);
 *   <li>a bias of P %: the base's remaining profile from {@code T}, every rate times {@code 1 + P/100} (biases
 *       multiply);
 *   <li>a pause: no request until the resume (the requests that would have been due are neither due nor dropped);
 *   <li>a resume: the base's remaining profile from {@code T}, biased, as if there had been no pause.
 * </ul>
 * Rates are rounded to thousandths of a request per second, as {@link Stage} carries them.
 *
 * <p>Changes come from one thread at a time (synchronized); the pieces are published as an immutable array, and
 * {@link #times} gives each cursor its own reader of them (Poisson arrivals keep per-cursor state). A change must be
 * applied on every loop before its change point (the engine leaves {@code GUARD} ns for that).
 */
public final class Steered {

    private final long duration;
    private final Arrival arrival;
    private final long seed;
    private volatile Piece[] pieces;

    /** The profile rates and biases apply to: the plan's, or a held rate since the last rate change. */
    private List<Stage> base;

    private double factor = 1;
    private boolean paused;

    /** One piece: from run time {@code start} and global index {@code first}, {@code profile}'s schedule. */
    record Piece(long start, long first, Stages profile, long count, long seed, Arrival arrival) {

        /** A fresh reader of this piece's local times (per cursor). */
        Times times() {
            return arrival == Arrival.UNIFORM ? profile::uniformTime : new PoissonTimes(profile, seed);
        }
    }

    /** {@code whole}: the run's unsplit schedule (warm-up included), whose stages are piece 0. */
    public Steered(Schedule whole) {
        this.duration = whole.durationNanos();
        this.arrival = whole.arrival();
        this.seed = whole.seed();
        this.base = whole.stages().stages();
        this.pieces = new Piece[] {piece(0, 0, whole.stages(), 0)};
    }

    private Piece piece(long start, long first, Stages profile, int k) {
        long s = seed + k * 0x9E3779B97F4A7C15L;
        long count = arrival == Arrival.UNIFORM
                ? profile.count()
                : new PoissonTimes(profile, s).countBelow(profile.expectedCount());
        return new Piece(start, first, profile, count, s, arrival);
    }

    /** The run's length, ns: fixed, whatever is steered. */
    public long durationNanos() {
        return duration;
    }

    /** Whether the schedule is paused (as of the last change). */
    public synchronized boolean paused() {
        return paused;
    }

    /** Sets the rate from run time {@code at} to the end. @throws IllegalArgumentException for a bad rate */
    public synchronized void rate(long at, double perSecond) {
        long milli = Stage.milli(perSecond);
        check(at);
        base = List.of(new Stage(duration, milli, milli));
        factor = 1;
        if (!paused) {
            add(at, resumed(at));
        }
    }

    /** Scales the rest of the profile by {@code 1 + percent/100} from {@code at}. */
    public synchronized void bias(long at, double percent) {
        if (!(percent > -100) || percent > 1e6) {
            throw new IllegalArgumentException("bias must be above -100 % and at most 1e6 %, got " + percent + " %");
        }
        check(at);
        double f = factor * (1 + percent / 100);
        List<Stage> scaled = scale(tail(base, at), f);
        factor = f;
        if (!paused) {
            add(at, scaled);
        }
    }

    /** Pauses from {@code at}. @throws IllegalStateException when already paused */
    public synchronized void pause(long at) {
        if (paused) {
            throw new IllegalStateException("already paused");
        }
        check(at);
        paused = true;
        add(at, List.of(new Stage(duration - at, 0, 0)));
    }

    /** Resumes from {@code at}. @throws IllegalStateException when not paused */
    public synchronized void resume(long at) {
        if (!paused) {
            throw new IllegalStateException("not paused");
        }
        check(at);
        paused = false;
        add(at, resumed(at));
    }

    private void check(long at) {
        if (at < 0 || at >= duration) {
            throw new IllegalStateException("the schedule has ended");
        }
    }

    private List<Stage> resumed(long at) {
        return scale(tail(base, at), factor);
    }

    private void add(long at, List<Stage> profile) {
        Piece[] p = pieces;
        Piece last = p[p.length - 1];
        if (at < last.start) {
            throw new IllegalStateException("a change at " + at + " ns comes before the last one, at " + last.start);
        }
        long first = last.first + firstAtOrAfter(last, at - last.start);
        Piece[] next = Arrays.copyOf(p, p.length + 1);
        next[p.length] = piece(at, first, Stages.of(profile), p.length);
        pieces = next;
    }

    /** How many of {@code p}'s requests are due before {@code local} ns into it. */
    private static long firstAtOrAfter(Piece p, long local) {
        Times t = p.times();
        long lo = 0;
        long hi = p.count;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (t.at(mid) < local) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** {@code stages} from {@code at} ns on: a stage cut there becomes a ramp from its rate at the cut. */
    static List<Stage> tail(List<Stage> stages, long at) {
        List<Stage> out = new ArrayList<>();
        long begin = 0;
        for (Stage s : stages) {
            long end = begin + s.nanos();
            if (end > at) {
                long cut = Math.max(0, at - begin);
                long from = s.fromMilli() + Math.round((s.toMilli() - s.fromMilli()) * (cut / (double) s.nanos()));
                out.add(new Stage(s.nanos() - cut, from, s.toMilli()));
            }
            begin = end;
        }
        return out;
    }

    /** Every rate of {@code stages} times {@code f}, rounded to a thousandth, at most {@link Stage#MAX_MILLI}. */
    static List<Stage> scale(List<Stage> stages, double f) {
        List<Stage> out = new ArrayList<>(stages.size());
        for (Stage s : stages) {
            out.add(new Stage(s.nanos(), scale(s.fromMilli(), f), scale(s.toMilli(), f)));
        }
        return out;
    }

    private static long scale(long milli, double f) {
        return Math.min(Stage.MAX_MILLI, Math.round(milli * f));
    }

    /** The target rate at run time {@code t}, requests per second of the whole schedule; 0 while paused. */
    public double rateAt(long t) {
        Piece p = pieceAt(pieces, t);
        return p.profile.rateAt(t - p.start);
    }

    /** The expected number of requests due in {@code [from, to)} run time (the integral of the rate). */
    public double expectedCount(long from, long to) {
        double sum = 0;
        Piece[] p = pieces;
        for (int k = 0; k < p.length; k++) {
            long lo = Math.max(from, p[k].start);
            long hi = Math.min(to, k + 1 < p.length ? p[k + 1].start : duration);
            if (hi > lo) {
                sum += p[k].profile.countAt(hi - p[k].start) - p[k].profile.countAt(lo - p[k].start);
            }
        }
        return sum;
    }

    /** The pieces so far (piece 0 the plan's), for tests and reports. */
    List<Piece> pieces() {
        return List.of(pieces);
    }

    private static Piece pieceAt(Piece[] p, long t) {
        int k = p.length - 1;
        while (k > 0 && p[k].start > t) {
            k--;
        }
        return p[k];
    }

    /** A reader of the steered times for one cursor: the intended time of global request {@code i}, or -1. */
    Times times() {
        return new Reader();
    }

    /** Follows the published pieces; allocates only when a new piece appears. */
    private final class Reader implements Times {

        private Piece[] seen = new Piece[0];
        private Times[] local = new Times[0];

        @Override
        public long at(long i) {
            Piece[] p = pieces;
            if (p != seen) {
                local = Arrays.copyOf(local, p.length);
                seen = p;
            }
            int k = p.length - 1;
            while (k > 0 && p[k].first > i) {
                k--;
            }
            long j = i - p[k].first;
            if (j >= p[k].count) {
                return -1;
            }
            if (local[k] == null) {
                local[k] = p[k].times();
            }
            return p[k].start + local[k].at(j);
        }
    }
}
