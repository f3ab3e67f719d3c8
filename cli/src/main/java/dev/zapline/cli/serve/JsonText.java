package dev.zapline.cli.serve;

/** The text of JSON string content: escapes undone, into the caller's array as UTF-8, without allocating. */
final class JsonText {

    private JsonText() {}

    /**
     * Unescapes the JSON string content {@code src[from, to)} (as {@link JsonFields#start} and
     * {@link JsonFields#end} span a string) into {@code dst} as UTF-8; returns its length, or -1 when it does not
     * fit. The content must have passed {@link JsonFields#parse}; a lone surrogate escape becomes U+FFFD.
     */
    static int unescape(byte[] src, int from, int to, byte[] dst) {
        int n = 0;
        for (int i = from; i < to; ) {
            int b = src[i++];
            if (b != '\\') {
                if (n == dst.length) {
                    return -1;
                }
                dst[n++] = (byte) b;
                continue;
            }
            int c = src[i++];
            int cp;
            switch (c) {
                case 'b' -> cp = '\b';
                case 'f' -> cp = '\f';
                case 'n' -> cp = '\n';
                case 'r' -> cp = '\r';
                case 't' -> cp = '\t';
                case 'u' -> {
                    cp = hex4(src, i);
                    i += 4;
                    if (Character.isHighSurrogate((char) cp)
                            && i + 6 <= to
                            && src[i] == '\\'
                            && src[i + 1] == 'u'
                            && Character.isLowSurrogate((char) hex4(src, i + 2))) {
                        cp = Character.toCodePoint((char) cp, (char) hex4(src, i + 2));
                        i += 6;
                    } else if (Character.isSurrogate((char) cp)) {
                        cp = 0xFFFD;
                    }
                }
                default -> cp = c;
            }
            int w = utf8(cp, dst, n);
            if (w < 0) {
                return -1;
            }
            n += w;
        }
        return n;
    }

    private static int hex4(byte[] b, int at) {
        return Character.digit(b[at], 16) << 12
                | Character.digit(b[at + 1], 16) << 8
                | Character.digit(b[at + 2], 16) << 4
                | Character.digit(b[at + 3], 16);
    }

    /** Writes code point {@code cp} as UTF-8 at {@code dst[at]}; returns the bytes written, or -1 without room. */
    private static int utf8(int cp, byte[] dst, int at) {
        int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (at + n > dst.length) {
            return -1;
        }
        switch (n) {
            case 1 -> dst[at] = (byte) cp;
            case 2 -> {
                dst[at] = (byte) (0xC0 | cp >> 6);
                dst[at + 1] = (byte) (0x80 | cp & 0x3F);
            }
            case 3 -> {
                dst[at] = (byte) (0xE0 | cp >> 12);
                dst[at + 1] = (byte) (0x80 | cp >> 6 & 0x3F);
                dst[at + 2] = (byte) (0x80 | cp & 0x3F);
            }
            default -> {
                dst[at] = (byte) (0xF0 | cp >> 18);
                dst[at + 1] = (byte) (0x80 | cp >> 12 & 0x3F);
                dst[at + 2] = (byte) (0x80 | cp >> 6 & 0x3F);
                dst[at + 3] = (byte) (0x80 | cp & 0x3F);
            }
        }
        return n;
    }
}
