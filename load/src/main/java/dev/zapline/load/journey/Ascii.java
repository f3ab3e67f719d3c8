package dev.zapline.load.journey;

/**
 * Decimal and hexadecimal digits written into a byte array without allocating, for the request writer and the
 * dynamic values.
 */
final class Ascii {

    /** The longest decimal {@code long}: {@code -9223372036854775808}. */
    static final int MAX_LONG_LENGTH = 20;

    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

    private static final byte[] MIN = {
        '-', '9', '2', '2', '3', '3', '7', '2', '0', '3', '6', '8', '5', '4', '7', '7', '5', '8', '0', '8'
    };

    private Ascii() {}

    /** Writes {@code value} in decimal at {@code off}; returns the offset after it. */
    static int writeLong(byte[] dst, int off, long value) {
        if (value == Long.MIN_VALUE) {
            System.arraycopy(MIN, 0, dst, off, MIN.length);
            return off + MIN.length;
        }
        long v = value;
        int o = off;
        if (v < 0) {
            dst[o++] = '-';
            v = -v;
        }
        int end = o + digits(v);
        int p = end;
        do {
            dst[--p] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        return end;
    }

    /** Writes {@code value} (non-negative) in decimal with at least {@code width} digits, zero-padded. */
    static int writePadded(byte[] dst, int off, long value, int width) {
        int n = digits(value);
        int o = off;
        for (int i = n; i < width; i++) {
            dst[o++] = '0';
        }
        return writeLong(dst, o, value);
    }

    /** Writes the low {@code nibbles * 4} bits of {@code bits} as lower-case hex, most significant first. */
    static int writeHex(byte[] dst, int off, long bits, int nibbles) {
        for (int i = 0; i < nibbles; i++) {
            dst[off + i] = HEX[(int) (bits >>> ((nibbles - 1 - i) * 4)) & 0xF];
        }
        return off + nibbles;
    }

    /** The number of decimal digits of a non-negative {@code v}. */
    static int digits(long v) {
        int n = 1;
        long bound = 10;
        while (n < 19 && v >= bound) {
            n++;
            bound *= 10;
        }
        return n;
    }
}
