package dev.zapline.load.schedule;

/**
 * The inverse of a linear ramp's cumulative count. A ramp starting at {@code rho} requests per nanosecond whose rate
 * grows by {@code bend / 2} per nanosecond has sent {@code n(τ) = rho·τ + bend·τ²/4} requests after τ ns; the τ
 * with {@code n(τ) = x} is
 *
 * <pre>τ = 2x / (rho + sqrt(rho² + bend·x))</pre>
 *
 * the root of the quadratic written without a subtraction, so there is no cancellation; it holds for
 * {@code rho = 0} (τ = sqrt(4x / bend)) and for {@code bend = 0} (τ = x / rho).
 *
 * <p>Why the error stays below a nanosecond: callers only ever solve in the direction in which the rate rises
 * ({@code bend >= 0}; a falling ramp is solved backwards from its end). Then the rate at τ is at least the mean rate
 * x/τ, so an error δx in x moves τ by at most δx/rate ≤ τ·δx/x: the result keeps the relative accuracy of its
 * input, a few units of 2⁻⁵² of τ. For a stage of 24 h (8.64e13 ns) that is below 0.1 ns, so after rounding down
 * a time differs from the exact one by at most 1 ns, and only when the exact time lies within 0.1 ns of a whole
 * nanosecond. {@code RampPrecisionTest} checks this against a 50-digit {@code BigDecimal} reference.
 */
final class Ramp {

    private Ramp() {}

    static double solve(double x, double rho, double bend) {
        if (x <= 0) {
            return 0;
        }
        return 2 * x / (rho + Math.sqrt(rho * rho + bend * x));
    }
}
