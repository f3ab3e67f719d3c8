package dev.zapline.load.schedule;

/** Exact integer arithmetic for the uniform schedule: a floor of a 128-bit product over a 64-bit divisor. */
final class Exact {

    private Exact() {}

    /**
     * {@code floor((a * b - sub) / div)} computed exactly, for {@code a, b, sub >= 0} and {@code div > 0}. The product
     * may exceed 64 bits; the result must not.
     *
     * @throws ArithmeticException if the result does not fit in a {@code long}
     */
    static long floorAffine(long a, long b, long sub, long div) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi == 0 && lo >= 0) {
            return Math.floorDiv(lo - sub, div);
        }
        if (hi >= div) {
            throw new ArithmeticException("floor(" + a + " * " + b + " / " + div + ") overflows a long");
        }
        // Restoring binary long division of hi:lo (unsigned, 128 bits) by div; rem < div < 2^63 keeps rem << 1 within
        // 64 unsigned bits.
        long rem = hi;
        long q = 0;
        for (int bit = 63; bit >= 0; bit--) {
            rem = rem << 1 | lo >>> bit & 1;
            q <<= 1;
            if (Long.compareUnsigned(rem, div) >= 0) {
                rem -= div;
                q |= 1;
            }
        }
        if (q < 0) {
            throw new ArithmeticException("floor(" + a + " * " + b + " / " + div + ") overflows a long");
        }
        return q + Math.floorDiv(rem - sub, div);
    }
}
