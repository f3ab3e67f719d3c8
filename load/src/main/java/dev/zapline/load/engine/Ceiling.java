package dev.zapline.load.engine;

/**
 * The {@code --adaptive} rule: an event loop's ceiling on requests in flight plus waiting, from Little's law. Every
 * {@link #PERIOD} the loop takes the responses that arrived in the window just ended: their count over the window's
 * length is the achieved rate λ, their mean service time (write to response) is W, so λ·W, which is simply the sum
 * of their service times over the window's length, is the mean number of requests the target was holding. The new
 * ceiling is
 *
 * <pre>{@code
 * ceiling = clamp(ceil(HEADROOM · λ · W), min, max)
 * }</pre>
 *
 * <p>with {@code min} twice the loop's connection slots (2 × connections × pipeline: every slot may be busy with as
 * many requests again waiting, so a short hiccup of a fast target sheds nothing) and {@code max} the loop's share of
 * {@code --max-inflight}. The headroom of 2 lets the ceiling double per period while the target keeps up, and keeps
 * about as many requests waiting as are being served when it does not; a request that falls due while in flight
 * plus waiting has reached the ceiling is dropped (counted). A window without responses gives {@code min}. Pure;
 * no clock.
 */
final class Ceiling {

    /** How often a loop recomputes its ceiling: 100 ms. */
    static final long PERIOD = 100_000_000L;
    static final int HEADROOM = 2;

    private Ceiling() {}

    /**
     * The ceiling after a window of {@code windowNanos} whose responses took {@code serviceNanos} in total.
     *
     * @throws IllegalArgumentException unless {@code 1 <= min <= max} and the window is positive
     */
    static int next(long serviceNanos, long windowNanos, int min, int max) {
        if (windowNanos <= 0 || min < 1 || min > max || serviceNanos < 0) {
            throw new IllegalArgumentException("service " + serviceNanos + " ns over " + windowNanos + " ns, min "
                    + min + ", max " + max + ": need a positive window, 1 <= min <= max");
        }
        double held = serviceNanos / (double) windowNanos;
        double c = Math.ceil(HEADROOM * held);
        return c >= max ? max : Math.max(min, (int) c);
    }
}
