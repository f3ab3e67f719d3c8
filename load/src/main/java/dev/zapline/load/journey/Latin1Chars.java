package dev.zapline.load.journey;

import java.nio.charset.StandardCharsets;

/**
 * Bytes seen as characters, one per byte (ISO-8859-1), so a regular expression's {@link java.util.regex.Matcher}
 * runs over a response body without copying it into a String. Match positions are byte offsets. Reused: {@link
 * #reset} points it at the next body.
 */
final class Latin1Chars implements CharSequence {

    private static final byte[] EMPTY = new byte[0];

    private byte[] bytes = EMPTY;
    private int from;
    private int length;

    /** Views {@code length} bytes of {@code bytes} from {@code from}; null is empty. */
    Latin1Chars reset(byte[] bytes, int from, int length) {
        this.bytes = bytes == null ? EMPTY : bytes;
        this.from = from;
        this.length = length;
        return this;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return (char) (bytes[from + index] & 0xFF);
    }

    /** A copy (regular expressions call this only to build a group's String, which the runner never asks for). */
    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(bytes, from + start, end - start, StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return new String(bytes, from, length, StandardCharsets.ISO_8859_1);
    }
}
