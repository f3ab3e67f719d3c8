package dev.zapline.load.journey;

/**
 * JSON numbers read in place: where one ends (validating the grammar) and its value as a double, without
 * allocating. The value is exact (correctly rounded) when the number has at most 15 significant digits and a
 * decimal exponent within 22 of them, which covers the numbers checks compare ({@code 42}, {@code 0.1},
 * {@code 1.5e3}); otherwise it is within a few units in the last place of {@link Double#parseDouble}'s.
 */
final class JsonNumber {

    private static final double[] POW10 = new double[23];
    private static final long EXACT = 1L << 53;
    private static final long MANTISSA_LIMIT = 100_000_000_000_000_000L;

    static {
        double p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
    }

    private JsonNumber() {}

    /**
     * The index after the number starting at {@code pos} ({@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?}),
     * or -1 when none starts there.
     */
    static int skip(byte[] b, int pos, int limit) {
        int i = pos;
        if (i < limit && b[i] == '-') {
            i++;
        }
        if (i >= limit || !digit(b[i])) {
            return -1;
        }
        if (b[i] == '0') {
            i++;
        } else {
            i = digits(b, i, limit);
        }
        if (i < limit && b[i] == '.') {
            if (i + 1 >= limit || !digit(b[i + 1])) {
                return -1;
            }
            i = digits(b, i + 1, limit);
        }
        if (i < limit && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < limit && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            if (i >= limit || !digit(b[i])) {
                return -1;
            }
            i = digits(b, i, limit);
        }
        return i;
    }

    /** Whether {@code [from, to)} is exactly one JSON number. */
    static boolean is(byte[] b, int from, int to) {
        return from < to && skip(b, from, to) == to;
    }

    /** The value of the number {@code [from, to)}, which {@link #skip} accepted. */
    static double parse(byte[] b, int from, int to) {
        int i = from;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        long mantissa = 0;
        int exponent = 0;
        for (; i < to && digit(b[i]); i++) {
            if (mantissa < MANTISSA_LIMIT) {
                mantissa = mantissa * 10 + (b[i] - '0');
            } else {
                exponent++;
            }
        }
        if (i < to && b[i] == '.') {
            for (i++; i < to && digit(b[i]); i++) {
                if (mantissa < MANTISSA_LIMIT) {
                    mantissa = mantissa * 10 + (b[i] - '0');
                    exponent--;
                }
            }
        }
        if (i < to) {
            i++;
            boolean down = b[i] == '-';
            if (b[i] == '+' || b[i] == '-') {
                i++;
            }
            int e = 0;
            for (; i < to; i++) {
                e = Math.min(e * 10 + (b[i] - '0'), 100_000);
            }
            exponent += down ? -e : e;
        }
        double value = scale(mantissa, exponent);
        return negative ? -value : value;
    }

    private static double scale(long mantissa, int exponent) {
        double m = mantissa;
        if (mantissa == 0 || exponent == 0) {
            return m;
        }
        if (mantissa < EXACT && exponent > 0 && exponent < POW10.length) {
            return m * POW10[exponent];
        }
        if (mantissa < EXACT && exponent < 0 && -exponent < POW10.length) {
            return m / POW10[-exponent];
        }
        if (exponent > 0) {
            return m * Math.pow(10, exponent);
        }
        if (exponent >= -300) {
            return m / Math.pow(10, -exponent);
        }
        return m / Math.pow(10, -exponent - 300) / 1e300;
    }

    private static int digits(byte[] b, int i, int limit) {
        int j = i;
        while (j < limit && digit(b[j])) {
            j++;
        }
        return j;
    }

    private static boolean digit(byte c) {
        return c >= '0' && c <= '9';
    }
}
