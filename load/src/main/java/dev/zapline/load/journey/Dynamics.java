package dev.zapline.load.journey;

import java.util.SplittableRandom;

/**
 * Draws the dynamic values of request templates ({@link Part.Dynamic}) as ASCII bytes, without allocating. One per
 * event loop, seeded, so a run's random values are reproducible per loop; the wall clock is a parameter, so a test
 * fixes it. The ISO timestamp is computed with integer arithmetic (days to civil date), not {@code java.time}.
 */
public final class Dynamics {

    /** The most bytes {@link #write} writes for one value: a UUID's 36 (any long or ISO time is shorter). */
    public static final int MAX_LENGTH = 36;

    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final SplittableRandom random;

    public Dynamics(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /**
     * Writes a fresh value of {@code value} at {@code dst[off]}: a version 4 UUID (36 characters, lower-case hex), a
     * random integer in {@code [min, max)} ({@code min} itself when the range is empty), the Unix seconds or the UTC
     * ISO-8601 time ({@code 2026-12-04T23:13:33.042Z}) of {@code wallMillis}.
     *
     * @param wallMillis the wall clock, milliseconds since the Unix epoch
     * @return the number of bytes written, at most {@link #MAX_LENGTH}
     */
    public int write(Part.Dynamic value, long wallMillis, byte[] dst, int off) {
        int end = switch (value.kind()) {
            case UUID -> uuid(dst, off);
            case RANDOM_INT -> Ascii.writeLong(dst, off, randomInt(value.min(), value.max()));
            case TIMESTAMP -> Ascii.writeLong(dst, off, Math.floorDiv(wallMillis, 1000L));
            case ISO_TIMESTAMP -> iso(dst, off, wallMillis);
        };
        return end - off;
    }

    private long randomInt(long min, long max) {
        return max > min ? random.nextLong(min, max) : min;
    }

    private int uuid(byte[] dst, int off) {
        long hi = (random.nextLong() & ~0xF000L) | 0x4000L;
        long lo = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        int o = Ascii.writeHex(dst, off, hi >>> 32, 8);
        dst[o++] = '-';
        o = Ascii.writeHex(dst, o, hi >>> 16, 4);
        dst[o++] = '-';
        o = Ascii.writeHex(dst, o, hi, 4);
        dst[o++] = '-';
        o = Ascii.writeHex(dst, o, lo >>> 48, 4);
        dst[o++] = '-';
        return Ascii.writeHex(dst, o, lo, 12);
    }

    /**
     * {@code yyyy-MM-ddTHH:mm:ss.SSSZ}, proleptic Gregorian. Years outside 0..9999 are written with as many digits
     * (and sign) as they need; the clock of a real run never gets there.
     */
    private static int iso(byte[] dst, int off, long wallMillis) {
        long days = Math.floorDiv(wallMillis, MILLIS_PER_DAY);
        long ms = Math.floorMod(wallMillis, MILLIS_PER_DAY);
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long doe = z - era * 146_097;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long day = doy - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        int o = year >= 0 ? Ascii.writePadded(dst, off, year, 4) : Ascii.writeLong(dst, off, year);
        dst[o++] = '-';
        o = Ascii.writePadded(dst, o, month, 2);
        dst[o++] = '-';
        o = Ascii.writePadded(dst, o, day, 2);
        dst[o++] = 'T';
        o = Ascii.writePadded(dst, o, ms / 3_600_000, 2);
        dst[o++] = ':';
        o = Ascii.writePadded(dst, o, ms / 60_000 % 60, 2);
        dst[o++] = ':';
        o = Ascii.writePadded(dst, o, ms / 1000 % 60, 2);
        dst[o++] = '.';
        o = Ascii.writePadded(dst, o, ms % 1000, 3);
        dst[o++] = 'Z';
        return o;
    }
}
