package dev.zapline.cli.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Two runs compared figure by figure ({@link #of}): for each, both values, the change and its interval, and a
 * {@link Verdict}.
 *
 * <p>The whole run's figures: when both files have {@code intervals}, each run is resampled by {@link Bootstrap}
 * ({@link Method#resamples} times, seeded), the k-th resample of NEW paired with the k-th of BASE, and the interval
 * of NEW/BASE (of NEW - BASE for the error and drop rates) read from those pairs at {@link Method#confidence}. A
 * latency regressed when the whole interval lies above {@code 1 + minEffect}, improved when it lies below {@code 1 -
 * minEffect}; the rate the other way round; the error and drop rates when the whole difference lies beyond
 * {@link Method#SHARE_MIN_EFFECT}. The values shown are then the measured seconds' (the drain left out); without
 * intervals they are the files' summaries and the verdict is {@link Verdict#NO_INTERVALS}.
 *
 * <p>A journey step has only whole-run histograms, no seconds: its percentile's interval is the order-statistic one
 * ({@link OrderStats}) widened by its run's design effect at that percentile (the bootstrap's width over the
 * order-statistic width of the run's own latency, at least 1), each run's width taken at least the histograms'
 * resolution (0.1 %), and the two combined in log scale as independent: such verdicts are marked derived.
 *
 * <p>Immutable.
 *
 * @param base the BASE file's name
 * @param neu the NEW file's name
 * @param method how it was judged
 * @param seconds the measured seconds of BASE and NEW (-1 for a file without intervals)
 * @param rows the whole run's figures in {@link Figure}'s order, then each step's
 * @param notes what could not be compared (steps only one run has)
 */
record Comparison(String base, String neu, Method method, int[] seconds, List<Row> rows, List<String> notes) {

    /** The fewest measured seconds a run needs to be resampled. */
    static final int MIN_SECONDS = 3;

    /** The histograms' relative resolution's half: 3 significant digits. */
    private static final double RESOLUTION = 0.0005;

    /**
     * One figure of both runs.
     *
     * @param figure which
     * @param step the journey step's key, or null for the whole run
     * @param base BASE's value (latency in microseconds, rate per second, shares as fractions)
     * @param neu NEW's value
     * @param low the interval's low end: of NEW/BASE, or of NEW - BASE for the shares; NaN when none
     * @param high its high end
     * @param verdict what it says
     * @param derived whether the interval is derived (a step's) rather than bootstrapped
     */
    record Row(
            Figure figure,
            String step,
            double base,
            double neu,
            double low,
            double high,
            Verdict verdict,
            boolean derived) {

        /** NEW/BASE - 1, or NEW - BASE for the shares; NaN when BASE is 0 for a ratio. */
        double change() {
            if (figure.kind() == Figure.Kind.SHARE) {
                return neu - base;
            }
            return base > 0 ? neu / base - 1 : Double.NaN;
        }
    }

    /** Compares {@code base} and {@code neu} by {@code method}. */
    static Comparison of(RunFile base, RunFile neu, Method method) {
        List<Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Seconds bs = base.seconds();
        Seconds ns = neu.seconds();
        int[] seconds = {bs == null ? -1 : bs.size(), ns == null ? -1 : ns.size()};
        boolean intervals = bs != null && ns != null;
        boolean enough = intervals && bs.size() >= MIN_SECONDS && ns.size() >= MIN_SECONDS;
        double[][] bb = null;
        double[][] nb = null;
        double[] bp = base.summary();
        double[] np = neu.summary();
        if (enough) {
            SplittableRandom random = new SplittableRandom(method.seed());
            bb = Bootstrap.resample(bs, method.resamples(), random.split());
            nb = Bootstrap.resample(ns, method.resamples(), random.split());
            bp = Bootstrap.point(bs);
            np = Bootstrap.point(ns);
        }
        for (Figure f : Figure.values()) {
            int k = f.ordinal();
            double[] iv = {Double.NaN, Double.NaN};
            Verdict v = intervals ? Verdict.TOO_SHORT : Verdict.NO_INTERVALS;
            if (enough) {
                double[] d = new double[method.resamples()];
                for (int b = 0; b < d.length; b++) {
                    d[b] = f.kind() == Figure.Kind.SHARE ? nb[k][b] - bb[k][b] : nb[k][b] / bb[k][b];
                }
                iv = Bootstrap.interval(d, method.confidence());
                v = judge(f.kind(), bp[k], iv[0], iv[1], method);
            }
            rows.add(new Row(f, null, bp[k], np[k], iv[0], iv[1], v, false));
        }
        double z = OrderStats.z(method.confidence());
        double[] bde = enough ? designEffects(bs, bb, method.confidence(), z) : null;
        double[] nde = enough ? designEffects(ns, nb, method.confidence(), z) : null;
        for (RunFile.Step b : base.steps()) {
            RunFile.Step n = neu.steps().stream()
                    .filter(s -> s.key().equals(b.key()))
                    .findFirst()
                    .orElse(null);
            if (n == null) {
                notes.add("step " + b.key() + ": only in BASE");
                continue;
            }
            for (int k = 0; k < 8; k++) {
                rows.add(stepRow(Figure.values()[k], b, n, bde, nde, z, method, intervals));
            }
            rows.add(new Row(
                    Figure.ERRORS,
                    b.key(),
                    b.errorRate(),
                    n.errorRate(),
                    Double.NaN,
                    Double.NaN,
                    Verdict.NOT_JUDGED,
                    false));
        }
        for (RunFile.Step n : neu.steps()) {
            if (base.steps().stream().noneMatch(s -> s.key().equals(n.key()))) {
                notes.add("step " + n.key() + ": only in NEW");
            }
        }
        return new Comparison(base.name(), neu.name(), method, seconds, List.copyOf(rows), List.copyOf(notes));
    }

    /**
     * The verdict on an interval of NEW/BASE (NEW - BASE for shares); {@code base}: BASE's figure (a latency's, in
     * microseconds, for its absolute minimum).
     */
    static Verdict judge(Figure.Kind kind, double base, double low, double high, Method method) {
        if (Double.isNaN(low) || Double.isNaN(high)) {
            return Verdict.NO_DATA;
        }
        double minEffect = method.minEffect();
        double minAbs = method.minAbsUs();
        return switch (kind) {
            case LATENCY ->
                low > 1 + minEffect && base * (low - 1) > minAbs
                        ? Verdict.REGRESSED
                        : high < 1 - minEffect && base * (1 - high) > minAbs ? Verdict.IMPROVED : Verdict.WITHIN_NOISE;
            case RATE ->
                high < 1 - minEffect
                        ? Verdict.REGRESSED
                        : low > 1 + minEffect ? Verdict.IMPROVED : Verdict.WITHIN_NOISE;
            case SHARE ->
                low > Method.SHARE_MIN_EFFECT
                        ? Verdict.REGRESSED
                        : high < -Method.SHARE_MIN_EFFECT ? Verdict.IMPROVED : Verdict.WITHIN_NOISE;
        };
    }

    /**
     * Per latency figure (the first 8), the run's design effect: the bootstrap interval's half-width in log scale
     * over the order-statistic one of the run's whole histogram, at least 1.
     */
    private static double[] designEffects(Seconds s, double[][] resampled, double confidence, double z) {
        double[] out = new double[8];
        long[] c = s.corrected.total();
        long[] v = s.service.total();
        for (int k = 0; k < 8; k++) {
            double[] iv = Bootstrap.interval(resampled[k], confidence);
            double boot = (Math.log(iv[1]) - Math.log(iv[0])) / 2;
            double p = Figure.values()[k].percentile();
            double os = k < 4
                    ? OrderStats.halfWidth(c, s.corrected.values, p, z)
                    : OrderStats.halfWidth(v, s.service.values, p, z);
            double ratio = boot / Math.max(RESOLUTION, Double.isNaN(os) ? 0 : os);
            out[k] = Double.isNaN(ratio) ? 1 : Math.max(1, ratio);
        }
        return out;
    }

    private static Row stepRow(
            Figure f,
            RunFile.Step b,
            RunFile.Step n,
            double[] bde,
            double[] nde,
            double z,
            Method method,
            boolean intervals) {
        int k = f.ordinal();
        Histogram hb = k < 4 ? b.corrected() : b.service();
        Histogram hn = k < 4 ? n.corrected() : n.service();
        double pb = hb != null ? hb.getValueAtPercentile(f.percentile()) / 1e3 : b.us()[k];
        double pn = hn != null ? hn.getValueAtPercentile(f.percentile()) / 1e3 : n.us()[k];
        if (bde == null || hb == null || hn == null) {
            Verdict v = intervals && bde == null ? Verdict.TOO_SHORT : Verdict.NO_INTERVALS;
            return new Row(f, b.key(), pb, pn, Double.NaN, Double.NaN, v, false);
        }
        if (hb.getTotalCount() == 0 || hn.getTotalCount() == 0 || !(pb > 0) || !(pn > 0)) {
            return new Row(f, b.key(), pb, pn, Double.NaN, Double.NaN, Verdict.NO_DATA, true);
        }
        double wb = bde[k] * Math.max(RESOLUTION, width(hb, f.percentile(), z));
        double wn = nde[k] * Math.max(RESOLUTION, width(hn, f.percentile(), z));
        double half = Math.sqrt(wb * wb + wn * wn);
        double lr = Math.log(pn / pb);
        double lo = Math.exp(lr - half);
        double hi = Math.exp(lr + half);
        return new Row(f, b.key(), pb, pn, lo, hi, judge(Figure.Kind.LATENCY, pb, lo, hi, method), true);
    }

    private static double width(Histogram h, double p, double z) {
        long[][] r = Sparse.recorded(h);
        double w = OrderStats.halfWidth(r[1], r[0], p, z);
        return Double.isNaN(w) ? 0 : w;
    }
}
