package dev.zapline.codec.zaphttp;

import dev.zapline.wire.Utf8;
import dev.zapline.wire.ZapObjectWriter;
import java.util.Arrays;

/**
 * Builds a zaphttp header block ({@code u32 count}, then {@code u32 nameLen, name, u32 valueLen, value} per pair,
 * little-endian) in a reusable array, then sets it on a request or response field. No headers means a null slot,
 * never a zero-count block.
 *
 * {@snippet class=dev.zapline.codec.snippets.ZapHttpSnippets region=headerBlock}
 *
 * <p>Allocation-free once its array has grown. Not thread-safe.
 */
public final class HeaderBlockWriter {

    private byte[] buf = new byte[256];
    private int length = 4;
    private int count;

    public HeaderBlockWriter reset() {
        length = 4;
        count = 0;
        return this;
    }

    /** Adds one pair, text encoded as UTF-8. */
    public HeaderBlockWriter add(CharSequence name, CharSequence value) {
        int nl = Utf8.length(name);
        int vl = Utf8.length(value);
        ensure(8 + nl + vl);
        putU32(nl);
        length += Utf8.encode(name, buf, length);
        putU32(vl);
        length += Utf8.encode(value, buf, length);
        count++;
        return this;
    }

    /** Adds one pair from bytes. */
    public HeaderBlockWriter add(byte[] name, byte[] value) {
        return add(name, 0, name.length, value, 0, value.length);
    }

    /** Adds one pair from ranges of arrays. */
    public HeaderBlockWriter add(
            byte[] name, int nameOffset, int nameLength, byte[] value, int valueOffset, int valueLength) {
        ensure(8 + nameLength + valueLength);
        putU32(nameLength);
        System.arraycopy(name, nameOffset, buf, length, nameLength);
        length += nameLength;
        putU32(valueLength);
        System.arraycopy(value, valueOffset, buf, length, valueLength);
        length += valueLength;
        count++;
        return this;
    }

    public int count() {
        return count;
    }

    /** Length of the block in bytes, 0 when there are no pairs. */
    public int length() {
        return count == 0 ? 0 : length;
    }

    /** The block's bytes start at 0 of this array and run {@link #length()} bytes. */
    public byte[] array() {
        buf[0] = (byte) count;
        buf[1] = (byte) (count >>> 8);
        buf[2] = (byte) (count >>> 16);
        buf[3] = (byte) (count >>> 24);
        return buf;
    }

    /** Sets the block on {@code field} of {@code w}: a null slot when there are no pairs. */
    public void setOn(ZapObjectWriter w, int field) {
        w.setBytes(field, array(), 0, length());
    }

    private void putU32(int v) {
        buf[length] = (byte) v;
        buf[length + 1] = (byte) (v >>> 8);
        buf[length + 2] = (byte) (v >>> 16);
        buf[length + 3] = (byte) (v >>> 24);
        length += 4;
    }

    private void ensure(int more) {
        if (length + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, length + more));
        }
    }
}
