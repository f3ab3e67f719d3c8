package dev.zapline.load.journey;

/**
 * JSON string tokens read in place: finding where one ends (validating its escapes) and decoding its content to
 * UTF-8 bytes ({@code \n}, <code>&#92;u00e9</code>, surrogate pairs <code>&#92;ud83d&#92;ude00</code> to one
 * four-byte character). Raw bytes of the content are passed through as they are; a lone surrogate escape decodes
 * to U+FFFD.
 */
final class JsonStrings {

    private JsonStrings() {}

    /**
     * The index after the closing quote of the string whose opening quote is at {@code pos}, or -1 when it is not
     * closed before {@code limit}, has a bad escape or an unescaped control character.
     */
    static int skip(byte[] b, int pos, int limit) {
        int i = pos + 1;
        while (i < limit) {
            int c = b[i] & 0xFF;
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\') {
                if (i + 1 >= limit) {
                    return -1;
                }
                int e = b[i + 1];
                if (e == 'u') {
                    if (i + 6 > limit || hex4(b, i + 2) < 0) {
                        return -1;
                    }
                    i += 6;
                } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r'
                        || e == 't') {
                    i += 2;
                } else {
                    return -1;
                }
            } else if (c < 0x20) {
                return -1;
            } else {
                i++;
            }
        }
        return -1;
    }

    /**
     * Decodes the content {@code [from, to)} of a string {@link #skip} accepted (without its quotes) into
     * {@code dst} at {@code off}, which needs room for {@code to - from} bytes (decoding never lengthens).
     *
     * @return the number of bytes written
     */
    static int unescape(byte[] b, int from, int to, byte[] dst, int off) {
        int o = off;
        int i = from;
        while (i < to) {
            byte c = b[i];
            if (c != '\\') {
                dst[o++] = c;
                i++;
                continue;
            }
            byte e = b[i + 1];
            if (e != 'u') {
                dst[o++] = simple(e);
                i += 2;
                continue;
            }
            int cp = hex4(b, i + 2);
            i += 6;
            if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= to && b[i] == '\\' && b[i + 1] == 'u') {
                int low = hex4(b, i + 2);
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    i += 6;
                }
            }
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                cp = 0xFFFD;
            }
            o = utf8(dst, o, cp);
        }
        return o - off;
    }

    private static byte simple(byte e) {
        return switch (e) {
            case 'b' -> 8;
            case 'f' -> 12;
            case 'n' -> 10;
            case 'r' -> 13;
            case 't' -> 9;
            default -> e;
        };
    }

    private static int utf8(byte[] dst, int o, int cp) {
        if (cp < 0x80) {
            dst[o] = (byte) cp;
            return o + 1;
        }
        if (cp < 0x800) {
            dst[o] = (byte) (0xC0 | cp >> 6);
            dst[o + 1] = (byte) (0x80 | cp & 0x3F);
            return o + 2;
        }
        if (cp < 0x10000) {
            dst[o] = (byte) (0xE0 | cp >> 12);
            dst[o + 1] = (byte) (0x80 | cp >> 6 & 0x3F);
            dst[o + 2] = (byte) (0x80 | cp & 0x3F);
            return o + 3;
        }
        dst[o] = (byte) (0xF0 | cp >> 18);
        dst[o + 1] = (byte) (0x80 | cp >> 12 & 0x3F);
        dst[o + 2] = (byte) (0x80 | cp >> 6 & 0x3F);
        dst[o + 3] = (byte) (0x80 | cp & 0x3F);
        return o + 4;
    }

    /** The four hex digits at {@code i} as a number, or -1 when one is not a hex digit. */
    private static int hex4(byte[] b, int i) {
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(b[i + k], 16);
            if (d < 0) {
                return -1;
            }
            v = v << 4 | d;
        }
        return v;
    }
}
