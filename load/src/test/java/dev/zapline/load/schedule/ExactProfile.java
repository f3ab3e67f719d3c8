package dev.zapline.load.schedule;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

/**
 * A 60-digit reference for {@link Stages}, written independently of it: the cumulative count N(t) in exact decimals
 * and its inverse by the textbook quadratic root {@code (−ρ0 + sqrt(ρ0² + 4ax)) / 2a}, which only high precision
 * makes safe. Slow; for sampled checks.
 */
final class ExactProfile {

    private static final MathContext MC = new MathContext(60);
    private static final BigDecimal TERA = BigDecimal.valueOf(1, -12);

    private final List<Stage> stages;
    private final BigDecimal[] counts;
    private final long[] starts;

    ExactProfile(Stages profile) {
        stages = profile.stages();
        counts = new BigDecimal[stages.size() + 1];
        starts = new long[stages.size() + 1];
        counts[0] = BigDecimal.ZERO;
        for (int k = 0; k < stages.size(); k++) {
            Stage s = stages.get(k);
            BigDecimal mean = BigDecimal.valueOf(s.fromMilli() + s.toMilli()).divide(BigDecimal.valueOf(2));
            counts[k + 1] =
                    counts[k].add(mean.multiply(BigDecimal.valueOf(s.nanos())).divide(TERA));
            starts[k + 1] = starts[k] + s.nanos();
        }
    }

    /** ceil(N(end)). */
    long count() {
        return counts[stages.size()].setScale(0, RoundingMode.CEILING).longValueExact();
    }

    /** N(t) for t in ns. */
    BigDecimal countAt(long t) {
        for (int k = 0; k < stages.size(); k++) {
            if (t < starts[k + 1] || k == stages.size() - 1) {
                Stage s = stages.get(k);
                BigDecimal tau = BigDecimal.valueOf(Math.min(t, starts[k + 1]) - starts[k]);
                BigDecimal r0 = rho(s.fromMilli());
                BigDecimal a = rho(s.toMilli()).subtract(r0).divide(BigDecimal.valueOf(2 * s.nanos()), MC);
                return counts[k].add(r0.multiply(tau)).add(a.multiply(tau).multiply(tau), MC);
            }
        }
        throw new AssertionError();
    }

    /** floor(min{t : N(t) >= i}) in ns. */
    long time(long i) {
        BigDecimal target = BigDecimal.valueOf(i);
        int k = 0;
        while (k + 1 < stages.size() && counts[k + 1].compareTo(target) <= 0) {
            k++;
        }
        Stage s = stages.get(k);
        BigDecimal x = target.subtract(counts[k]);
        BigDecimal r0 = rho(s.fromMilli());
        BigDecimal r1 = rho(s.toMilli());
        BigDecimal tau;
        if (r0.compareTo(r1) == 0) {
            tau = x.divide(r0, MC);
        } else {
            BigDecimal a = r1.subtract(r0).divide(BigDecimal.valueOf(2 * s.nanos()), MC);
            BigDecimal disc =
                    r0.multiply(r0).add(BigDecimal.valueOf(4).multiply(a).multiply(x), MC);
            tau = disc.max(BigDecimal.ZERO).sqrt(MC).subtract(r0).divide(a.multiply(BigDecimal.valueOf(2)), MC);
        }
        BigInteger floor = tau.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        return starts[k] + floor.longValueExact();
    }

    private static BigDecimal rho(long milli) {
        return BigDecimal.valueOf(milli, 12);
    }
}
