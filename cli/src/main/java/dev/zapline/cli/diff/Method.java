package dev.zapline.cli.diff;

/**
 * How {@code zapline diff} judges: the bootstrap's resamples, confidence and seed, and the minimum effect.
 *
 * @param minEffect the smallest relative change of a latency or the rate that counts (0.10: 10 %)
 * @param minAbsUs the smallest absolute change of a latency that counts, microseconds (100): a latency regressed or
 *     improved only when its change passes both minimums
 * @param confidence of the intervals, between 0.5 and 1 (0.95)
 * @param resamples bootstrap resamples per run (1,000)
 * @param seed of the resampling, so that the same files always give the same answer
 */
record Method(double minEffect, double minAbsUs, double confidence, int resamples, long seed) {

    /** The defaults: 10 % and 100 µs, 95 %, 1,000 resamples, seed 1 (docs/load.md says why). */
    static final Method DEFAULT = new Method(0.10, 100, 0.95, 1000, 1);

    /** The smallest change of an error or drop rate that counts: 0.1 percentage point (one request in 1,000). */
    static final double SHARE_MIN_EFFECT = 0.001;

    Method {
        if (!(minEffect >= 0 && minEffect <= 10)) {
            throw new IllegalArgumentException("--min-effect must be between 0% and 1000%");
        }
        if (!(minAbsUs >= 0 && minAbsUs <= 1e9)) {
            throw new IllegalArgumentException("--min-abs must be between 0 and 1000s");
        }
        if (!(confidence >= 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("--confidence must be at least 50% and below 100%");
        }
        if (resamples < 100 || resamples > 100_000) {
            throw new IllegalArgumentException("--resamples must be between 100 and 100000");
        }
    }
}
