package dev.zapline.client;

/** Reconnect delays, a pure function: exponential from a minimum, capped, with jitter taken off. */
public final class Backoff {

    private Backoff() {}

    /**
     * The delay after {@code failures} failures in a row (at least 1): {@code min · 2^(failures − 1)} capped at
     * {@code max}, minus {@code jitter · random} of it, where {@code random} is uniform in [0, 1).
     */
    public static long delayNanos(int failures, long min, long max, double jitter, double random) {
        if (failures < 1) {
            throw new IllegalArgumentException("failures " + failures + " < 1");
        }
        int shift = Math.min(failures - 1, 62);
        long base = min > (max >> shift) ? max : Math.min(max, min << shift);
        return base - (long) (base * jitter * random);
    }
}
