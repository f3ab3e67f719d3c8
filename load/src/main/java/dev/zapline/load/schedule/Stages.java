package dev.zapline.load.schedule;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;

/**
 * A load profile: stages of held and linearly ramped rates, one after another, and the exact cumulative count
 * {@code N(t)} they define (the integral of the rate from the run's start). Under uniform arrivals request {@code i}
 * is due when the count reaches it, {@code t_i = min{t : N(t) >= i}}, rounded down to a nanosecond: at a constant
 * rate R exactly {@code floor(i·10⁹/R)} ns, request 0 at 0. Stage {@code k} owns the requests
 * {@code ceil(N(start_k)) <= i < ceil(N(end_k))}, so a stage edge neither repeats nor skips a request; a stage at
 * rate 0 owns none, so a request due at the very start of a pause waits for its end.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=stages}
 *
 * <p>Cumulative counts are kept exactly, as a whole part and a numerator over {@value #D}, so nothing drifts however
 * many stages or requests there are. A hold is placed by integer arithmetic; a ramp by the stable root of its
 * quadratic ({@link Ramp}), within 1 ns of exact. Immutable and thread-safe.
 */
public final class Stages {

    /** Counts are kept in units of 1/D request: a stage adds (fromMilli + toMilli) · nanos of them. */
    static final long D = 2_000_000_000_000L;

    private static final double INV_D = 1.0 / D;
    private static final long MAX_EXACT = 1L << 53;

    private final List<Stage> stages;
    private final int n;
    private final long[] start;
    private final long[] whole;
    private final long[] frac;
    private final long[] first;
    private final double[] countAt;
    private final double[] rho0;
    private final double[] rho1;
    private final double[] bend;
    private final long[] holdWhole;
    private final long[] holdRem;
    private final long[] holdSub;
    private final long[] holdDiv;

    private Stages(List<Stage> stages) {
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a profile needs at least one stage");
        }
        this.stages = List.copyOf(stages);
        n = stages.size();
        start = new long[n + 1];
        whole = new long[n + 1];
        frac = new long[n + 1];
        first = new long[n + 1];
        countAt = new double[n + 1];
        rho0 = new double[n];
        rho1 = new double[n];
        bend = new double[n];
        holdWhole = new long[n];
        holdRem = new long[n];
        holdSub = new long[n];
        holdDiv = new long[n];
        BigInteger units = BigInteger.ZERO;
        BigInteger d = BigInteger.valueOf(D);
        for (int k = 0; k < n; k++) {
            Stage s = stages.get(k);
            if (start[k] > MAX_EXACT - s.nanos()) {
                throw new IllegalArgumentException("stages last longer than 2^53 ns (104 days)");
            }
            start[k + 1] = start[k] + s.nanos();
            rho0[k] = s.fromMilli() * 1e-12;
            rho1[k] = s.toMilli() * 1e-12;
            bend[k] = 2 * Math.abs(rho1[k] - rho0[k]) / s.nanos();
            if (s.isHold() && s.fromMilli() > 0) {
                // floor((j·D − frac)/(2r)) = floor((j·D' − ceil(frac/g))/c')
                // with g = gcd(D, 2r), D' = D/g, c' = 2r/g.
                long twoR = 2 * s.fromMilli();
                long g = BigInteger.valueOf(D).gcd(BigInteger.valueOf(twoR)).longValueExact();
                holdDiv[k] = twoR / g;
                holdWhole[k] = D / g / holdDiv[k];
                holdRem[k] = D / g % holdDiv[k];
                holdSub[k] = Math.ceilDiv(frac[k], g);
            }
            units = units.add(BigInteger.valueOf(s.fromMilli() + s.toMilli()).multiply(BigInteger.valueOf(s.nanos())));
            BigInteger[] qr = units.divideAndRemainder(d);
            if (qr[0].bitLength() > 53) {
                throw new IllegalArgumentException("stages hold more than 2^53 requests");
            }
            whole[k + 1] = qr[0].longValueExact();
            frac[k + 1] = qr[1].longValueExact();
            first[k + 1] = whole[k + 1] + (frac[k + 1] > 0 ? 1 : 0);
            countAt[k + 1] = whole[k + 1] + frac[k + 1] * INV_D;
        }
    }

    /** The stages in order; at least one. */
    public static Stages of(List<Stage> stages) {
        return new Stages(stages);
    }

    public static Stages of(Stage... stages) {
        return new Stages(List.of(stages));
    }

    /** One hold of {@code perSecond} for {@code duration}: what {@code --rate R} runs. */
    public static Stages constant(double perSecond, Duration duration) {
        return of(Stage.hold(duration, perSecond));
    }

    /**
     * Parses {@code --stages}: comma-separated {@code duration:rate} (a hold) or {@code duration:from->to} (a linear
     * ramp); durations are a number and a unit {@code ms}, {@code s}, {@code m} or {@code h} ({@code 1.5s} is fine);
     * rates are requests per second, integers or up to three decimals. Example: {@code 10s:0->20000,30s:20000}.
     *
     * @throws IllegalArgumentException naming the stage (1-based) and what is wrong with it
     */
    public static Stages parse(String text) {
        return new Stages(StagesParser.parse(text));
    }

    public List<Stage> stages() {
        return stages;
    }

    /** The highest rate any stage names, at its start or end, per second (0 for a profile of zeros). */
    public double peakPerSecond() {
        long milli = 0;
        for (Stage s : stages) {
            milli = Math.max(milli, Math.max(s.fromMilli(), s.toMilli()));
        }
        return milli / 1000.0;
    }

    /** The run's length: the sum of the stages' durations. */
    public long durationNanos() {
        return start[n];
    }

    /** Requests sent under uniform arrivals: {@code ceil(N(duration))}. */
    public long count() {
        return first[n];
    }

    /** {@code N(duration)}, the expected number of requests, as a double. */
    public double expectedCount() {
        return countAt[n];
    }

    /**
     * The intended send time of request {@code i} under uniform arrivals, in ns after the run's start: {@code
     * floor(min{t : N(t) >= i})}. Non-decreasing in {@code i}. No allocation.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < count()}
     */
    public long uniformTime(long i) {
        if (i < 0 || i >= first[n]) {
            throw new IndexOutOfBoundsException("request " + i + " outside [0, " + first[n] + ")");
        }
        int k = stageOf(first, i);
        long j = i - whole[k];
        long local;
        if (holdDiv[k] != 0) {
            local = j * holdWhole[k] + Exact.floorAffine(j, holdRem[k], holdSub[k], holdDiv[k]);
        } else if (rho1[k] > rho0[k]) {
            local = (long) Math.floor(Ramp.solve(j - frac[k] * INV_D, rho0[k], bend[k]));
        } else {
            double y = (whole[k + 1] - i) + frac[k + 1] * INV_D;
            local = stages.get(k).nanos() - (long) Math.ceil(Ramp.solve(y, rho1[k], bend[k]));
        }
        return start[k] + clamp(local, k);
    }

    /**
     * The time at which the cumulative count reaches {@code u} ({@code 0 <= u < expectedCount()}), rounded down to a
     * nanosecond: how Poisson arrivals of unit rate are mapped onto the profile (time rescaling). No allocation.
     */
    public long timeAtCount(double u) {
        if (!(u >= 0 && u < countAt[n])) {
            throw new IndexOutOfBoundsException("count " + u + " outside [0, " + countAt[n] + ")");
        }
        int k = stageAtCount(u);
        double local;
        if (rho1[k] == rho0[k]) {
            local = Math.floor((u - countAt[k]) / rho0[k]);
        } else if (rho1[k] > rho0[k]) {
            local = Math.floor(Ramp.solve(u - countAt[k], rho0[k], bend[k]));
        } else {
            local = stages.get(k).nanos() - Math.ceil(Ramp.solve(countAt[k + 1] - u, rho1[k], bend[k]));
        }
        return start[k] + clamp((long) local, k);
    }

    /** The profile's rate at {@code t} ns after its start, requests per second; 0 at or past its end. */
    public double rateAt(long t) {
        if (t < 0 || t >= start[n]) {
            return 0;
        }
        int k = stageOf(start, t);
        Stage s = stages.get(k);
        double f = (t - start[k]) / (double) s.nanos();
        return (s.fromMilli() + f * (s.toMilli() - s.fromMilli())) / 1e3;
    }

    /** {@code N(t)}: the expected number of requests in the first {@code t} ns (clamped to the profile). */
    public double countAt(long t) {
        if (t <= 0) {
            return 0;
        }
        if (t >= start[n]) {
            return countAt[n];
        }
        int k = stageOf(start, t);
        double dt = t - start[k];
        return countAt[k]
                + rho0[k] * dt
                + (rho1[k] - rho0[k]) * dt * dt / (2.0 * stages.get(k).nanos());
    }

    private long clamp(long local, int k) {
        return Math.max(0, Math.min(local, start[k + 1] - start[k] - 1));
    }

    /** The last stage k < n with {@code bounds[k] <= i}; a stage owning nothing is never the last one. */
    private int stageOf(long[] bounds, long i) {
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (bounds[mid] <= i) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private int stageAtCount(double u) {
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (countAt[mid] <= u) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Stage s : stages) {
            b.append(b.isEmpty() ? "" : ",").append(s);
        }
        return b.toString();
    }
}
