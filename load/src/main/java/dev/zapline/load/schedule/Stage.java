package dev.zapline.load.schedule;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * One stage of an open-model load profile: a rate held, or ramped linearly, over a duration. Rates are carried
 * exactly as thousandths of a request per second ({@code fromMilli = 1500} is 1.5 req/s), so a schedule built from
 * them can place every request by integer arithmetic; a hold has {@code fromMilli == toMilli}.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=stage}
 *
 * @param nanos      the stage's length in nanoseconds, at least 1
 * @param fromMilli  the rate at the stage's start, in thousandths of a request per second
 * @param toMilli    the rate at the stage's end, in thousandths of a request per second
 */
public record Stage(long nanos, long fromMilli, long toMilli) {

    /** The highest rate a stage may name: 10⁹ requests per second, in thousandths. */
    public static final long MAX_MILLI = 1_000_000_000_000L;

    public Stage {
        if (nanos < 1) {
            throw new IllegalArgumentException("stage duration must be at least 1 ns, got " + nanos + " ns");
        }
        checkRate(fromMilli);
        checkRate(toMilli);
    }

    /** A constant {@code perSecond} for {@code duration}; at most three decimals (1.5, 0.001). */
    public static Stage hold(Duration duration, double perSecond) {
        long milli = milli(perSecond);
        return new Stage(duration.toNanos(), milli, milli);
    }

    /** A linear ramp from {@code from} to {@code to} requests per second over {@code duration}. */
    public static Stage ramp(Duration duration, double from, double to) {
        return new Stage(duration.toNanos(), milli(from), milli(to));
    }

    public boolean isHold() {
        return fromMilli == toMilli;
    }

    /** The stage in {@code --stages} syntax, e.g. {@code 10000ms:0->20000}. */
    @Override
    public String toString() {
        String rate = isHold() ? rate(fromMilli) : rate(fromMilli) + "->" + rate(toMilli);
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString() + "ms:" + rate;
    }

    static long milli(double perSecond) {
        if (!Double.isFinite(perSecond) || perSecond < 0) {
            throw new IllegalArgumentException("rate must be a finite number >= 0, got " + perSecond);
        }
        try {
            long milli = BigDecimal.valueOf(perSecond).movePointRight(3).longValueExact();
            checkRate(milli);
            return milli;
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("rate " + perSecond + " has more than 3 decimals or is too large");
        }
    }

    private static void checkRate(long milli) {
        if (milli < 0 || milli > MAX_MILLI) {
            throw new IllegalArgumentException("rate must be in [0, 1e9] req/s, got " + rate(milli) + " req/s");
        }
    }

    static String rate(long milli) {
        return BigDecimal.valueOf(milli, 3).stripTrailingZeros().toPlainString();
    }
}
