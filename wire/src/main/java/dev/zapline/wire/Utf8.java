package dev.zapline.wire;

/**
 * Allocation-free UTF-8 length and encoding of a {@link CharSequence}, byte for byte as {@code
 * String.getBytes(UTF_8)} (and so the builder's text fields) writes it. For code that lays text into its own
 * buffers, such as header blocks, without a {@code String} per call. Stateless; safe from any thread.
 */
public final class Utf8 {

    private Utf8() {}

    /** Number of bytes {@link #encode} writes for {@code s}; an unpaired surrogate counts as '?' (1 byte). */
    public static int length(CharSequence s) {
        int n = s.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                continue;
            }
            if (c < 0x800) {
                bytes += 1;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 2;
                i++;
            } else if (Character.isSurrogate(c)) {
                // unpaired surrogate: encoded as '?', one byte, already counted
            } else {
                bytes += 2;
            }
        }
        return bytes;
    }

    /** Encodes {@code s} into {@code dst} at {@code offset}; returns the number of bytes written. */
    public static int encode(CharSequence s, byte[] dst, int offset) {
        int p = offset;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[p++] = (byte) c;
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | c >> 6);
                dst[p++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                dst[p++] = (byte) (0xF0 | cp >> 18);
                dst[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                dst[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                dst[p++] = (byte) (0x80 | cp & 0x3F);
            } else if (Character.isSurrogate(c)) {
                dst[p++] = '?';
            } else {
                dst[p++] = (byte) (0xE0 | c >> 12);
                dst[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                dst[p++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return p - offset;
    }
}
