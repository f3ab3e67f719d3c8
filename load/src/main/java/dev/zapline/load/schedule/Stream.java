package dev.zapline.load.schedule;

/**
 * A reseedable SplitMix64 stream with the few distributions the Poisson schedule needs. Mutable, allocation-free.
 * Every transcendental goes through {@link StrictMath}, whose results are specified bit for bit, so the same seed
 * gives the same arrivals on every JVM, interpreted or compiled: loops and machines must agree on them exactly.
 */
final class Stream {

    private static final long GAMMA = 0x9e3779b97f4a7c15L;

    private long state;

    /** Re-points the stream at substream {@code key} of {@code kind} under {@code seed}. */
    Stream reset(long seed, long kind, long key) {
        state = mix(seed ^ mix(kind * GAMMA + mix(key)));
        return this;
    }

    long nextLong() {
        state += GAMMA;
        return mix(state);
    }

    /** Uniform in [0, 1). */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Exponential with mean 1. */
    double nextExponential() {
        return -StrictMath.log1p(-nextDouble());
    }

    /** Standard normal, by the polar method. */
    double nextGaussian() {
        while (true) {
            double x = 2 * nextDouble() - 1;
            double y = 2 * nextDouble() - 1;
            double s = x * x + y * y;
            if (s > 0 && s < 1) {
                return x * StrictMath.sqrt(-2 * StrictMath.log(s) / s);
            }
        }
    }

    /** Gamma with the given shape ({@code >= 1}) and scale 1, by Marsaglia and Tsang's squeeze method (2000). */
    double nextGamma(double shape) {
        double d = shape - 1.0 / 3;
        double c = 1 / StrictMath.sqrt(9 * d);
        while (true) {
            double x = nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = nextDouble();
            if (u < 1 - 0.0331 * (x * x) * (x * x)
                    || StrictMath.log(u) < 0.5 * x * x + d * (1 - v + StrictMath.log(v))) {
                return d * v;
            }
        }
    }

    private static long mix(long z) {
        z = (z ^ z >>> 30) * 0xbf58476d1ce4e5b9L;
        z = (z ^ z >>> 27) * 0x94d049bb133111ebL;
        return z ^ z >>> 31;
    }
}
