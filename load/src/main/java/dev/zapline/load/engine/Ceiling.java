package dev.zapline.load.engine;

/**
 * The {@code --adaptive} rule: an event loop's ceiling on requests in flight plus waiting, from Little's law. Every
 * {@link #PERIOD} the loop takes the responses that arrived in the window just ended: their count over the window's
 * length is the achieved rate λ, their mean service time (write to response) is W, so λ·W, which is simply the sum
 * of their service times over the window's length, is the mean number of requests the target was holding. The new
 * ceiling is
 *
 * <pre>
 * ceiling = clamp(max(ceil(HEADROOM · λ · W), due), min, max)
 * </pre>
 *
 * <p>with {@code due} the requests that fell due in the window (about 100 ms of offered load: a backlog shorter than
 * that is never shed, so a fast target's hiccup costs nothing), {@code min} twice the loop's connection slots
 * (2 × connections × pipeline) and {@code max} the loop's share of {@code --max-inflight}. The headroom of 2 lets
 * the ceiling double per period while the target keeps up; when it does not, the backlog stays near 100 ms of
 * offered load and the rest is shed: a request that falls due while in flight plus waiting has reached the ceiling
 * is dropped (counted). Pure; no clock.
 */
final class Ceiling {

    /** How often a loop recomputes its ceiling: 100 ms. */
    static final long PERIOD = 100_000_000L;

    static final int HEADROOM = 2;

    private Ceiling() {}

    /**
     * The ceiling after a window of {@code windowNanos} in which {@code due} requests fell due and whose responses
     * took {@code serviceNanos} in total.
     *
     * @throws IllegalArgumentException unless {@code 1 <= min <= max} and the window is positive
     */
    static int next(long serviceNanos, long windowNanos, long due, int min, int max) {
        if (windowNanos <= 0 || min < 1 || min > max || serviceNanos < 0 || due < 0) {
            throw new IllegalArgumentException("service " + serviceNanos + " ns over " + windowNanos + " ns, due " + due
                    + ", min " + min + ", max " + max + ": need a positive window, 1 <= min <= max");
        }
        double held = serviceNanos / (double) windowNanos;
        double c = Math.max(Math.ceil(HEADROOM * held), due);
        return c >= max ? max : Math.max(min, (int) c);
    }
}
