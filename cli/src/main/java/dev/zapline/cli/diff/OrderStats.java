package dev.zapline.cli.diff;

/**
 * The distribution-free interval of a percentile from one histogram of independent values: with N values, the
 * count below the true p-th percentile is binomial (N, p), so the values of ranks {@code N p -+ z sqrt(N p (1 - p))}
 * bracket it at the confidence z stands for. Requests of a run are not independent (a slow second slows many), so
 * {@code zapline diff} widens such an interval by the run's design effect: how much wider the bootstrap over seconds
 * found the run's own percentile than this interval says ({@link #halfWidth}).
 *
 * <p>Stateless.
 */
final class OrderStats {

    private OrderStats() {}

    /**
     * Half the width, in natural log, of the interval of percentile {@code p} of {@code counts} over {@code values},
     * at normal quantile {@code z}: {@code (ln v(hi) - ln v(lo)) / 2}; NaN when the counts are empty.
     */
    static double halfWidth(long[] counts, long[] values, double p, double z) {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        if (n == 0) {
            return Double.NaN;
        }
        double q = p / 100;
        double spread = z * Math.sqrt(n * q * (1 - q));
        long lo = Math.max(1, (long) Math.floor(n * q - spread));
        long hi = Math.min(n, (long) Math.ceil(n * q + spread));
        long vlo = Quantiles.atRank(counts, values, lo);
        long vhi = Quantiles.atRank(counts, values, hi);
        return vlo <= 0 ? Double.NaN : (Math.log(vhi) - Math.log(vlo)) / 2;
    }

    /** The z with {@code P(-z < Z < z) = confidence} for a standard normal Z (bisection on the error function). */
    static double z(double confidence) {
        double lo = 0;
        double hi = 10;
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            if (erf(mid / Math.sqrt(2)) < confidence) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** The error function, by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7), for x >= 0. */
    private static double erf(double x) {
        double t = 1 / (1 + 0.3275911 * x);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        return 1 - poly * Math.exp(-x * x);
    }
}
