package dev.zapline.codec.http1;

import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;

/**
 * Seeded mutations of valid requests, aimed at where parsers disagree: byte flips, insertion of the bytes that
 * delimit HTTP (CR, LF, SP, HTAB, NUL, ':', ','), duplicated header lines, case changes, truncation and changed
 * numbers (Content-Length values, chunk sizes).
 */
final class Mutator {

    private static final byte[] SPECIAL = {'\r', '\n', ' ', '\t', 0, ':', ','};

    private Mutator() {}

    /** One to three mutations of {@code seed}. */
    static byte[] mutate(byte[] seed, SplittableRandom rnd) {
        byte[] b = seed;
        for (int k = 1 + rnd.nextInt(3); k > 0 && b.length > 0; k--) {
            b = once(b, rnd);
        }
        return b;
    }

    private static byte[] once(byte[] b, SplittableRandom rnd) {
        int at = rnd.nextInt(b.length);
        return switch (rnd.nextInt(8)) {
            case 0 -> replace(b, at, 1, new byte[] {(byte) (b[at] ^ (1 << rnd.nextInt(8)))});
            case 1 -> replace(b, at, 0, new byte[] {SPECIAL[rnd.nextInt(SPECIAL.length)]});
            case 2 -> replace(b, at, 1, new byte[] {SPECIAL[rnd.nextInt(SPECIAL.length)]});
            case 3 -> duplicateLine(b, at);
            case 4 -> replace(b, at, 1, new byte[] {(byte) toggleCase(b[at])});
            case 5 -> replace(b, at, b.length - at, new byte[0]);
            case 6 -> changeNumber(b, at, rnd);
            default -> replace(b, at, 1, new byte[0]);
        };
    }

    private static byte[] duplicateLine(byte[] b, int at) {
        int start = at;
        while (start > 0 && b[start - 1] != '\n') {
            start--;
        }
        int end = at;
        while (end < b.length && b[end] != '\n') {
            end++;
        }
        if (end == b.length) {
            return b;
        }
        byte[] line = new byte[end + 1 - start];
        System.arraycopy(b, start, line, 0, line.length);
        return replace(b, start, 0, line);
    }

    private static int toggleCase(byte c) {
        return Character.isLetter(c) ? c ^ 0x20 : c;
    }

    /** Replaces the digit run nearest after {@code at} with another number, in decimal or hex style. */
    private static byte[] changeNumber(byte[] b, int at, SplittableRandom rnd) {
        int s = at;
        while (s < b.length && !Character.isDigit(b[s])) {
            s++;
        }
        if (s == b.length) {
            return b;
        }
        int e = s;
        while (e < b.length && Character.isDigit(b[e])) {
            e++;
        }
        String[] choices = {
            "0",
            "1",
            "00",
            "9",
            "10",
            "100",
            "0005",
            "-1",
            "+1",
            "4294967296",
            "9223372036854775807",
            "18446744073709551616",
            "ff",
            "F",
            "0x1",
            String.valueOf(rnd.nextInt(64))
        };
        return replace(
                b, s, e - s, choices[rnd.nextInt(choices.length)].getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    private static byte[] replace(byte[] b, int at, int remove, byte[] insert) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + insert.length);
        out.write(b, 0, at);
        out.writeBytes(insert);
        out.write(b, at + remove, b.length - at - remove);
        return out.toByteArray();
    }
}
