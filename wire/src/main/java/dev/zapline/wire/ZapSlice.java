package dev.zapline.wire;

import java.nio.ByteBuffer;

/**
 * A zero-copy view of a run of bytes inside a {@link ZapMessage}: a text or bytes field, a {@code bytes_fixed[N]}
 * field, a raw byte list, or one element of a variable-element list. Re-pointed by the accessor that fills it;
 * allocation-free except for the methods named {@code as…} or {@code to…}.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=slice}
 *
 * <p>Not thread-safe; valid while the message it views stays wrapped and unchanged.
 */
public final class ZapSlice {

    private ZapMessage msg;
    private int pos;
    private int length;

    ZapSlice set(ZapMessage msg, int pos, int length) {
        this.msg = msg;
        this.pos = pos;
        this.length = length;
        return this;
    }

    ZapSlice empty(ZapMessage msg) {
        return set(msg, 0, 0);
    }

    ZapMessage message() {
        return msg;
    }

    /** Number of bytes viewed; 0 for a null or out-of-range field. */
    public int length() {
        return length;
    }

    public boolean isEmpty() {
        return length == 0;
    }

    /** Offset of the first byte from the start of the message (0 when empty). */
    public int position() {
        return pos;
    }

    /**
     * Points {@code into} at {@code length} bytes of this slice from {@code index}.
     *
     * @throws IndexOutOfBoundsException when the range is not inside this slice
     */
    public ZapSlice slice(int index, int length, ZapSlice into) {
        java.util.Objects.checkFromIndexSize(index, length, this.length);
        return into.set(msg, pos + index, length);
    }

    /** The byte at {@code index}, as 0..255. */
    public int byteAt(int index) {
        java.util.Objects.checkIndex(index, length);
        return msg.rawU8(pos + index);
    }

    /** The little-endian u32 at {@code index}..{@code index+3} of this slice. */
    public long u32At(int index) {
        java.util.Objects.checkFromIndexSize(index, 4, length);
        return Integer.toUnsignedLong(msg.rawI32(pos + index));
    }

    /**
     * Copies the bytes into {@code dst} at {@code dstOffset} and returns how many were copied.
     *
     * @throws IndexOutOfBoundsException when {@code dst} has less than {@link #length()} bytes from dstOffset
     */
    public int getBytes(byte[] dst, int dstOffset) {
        java.util.Objects.checkFromIndexSize(dstOffset, length, dst.length);
        msg.copy(pos, dst, dstOffset, length);
        return length;
    }

    /** Copies the bytes into {@code dst} at its position, advancing it. */
    public int getBytes(ByteBuffer dst) {
        for (int i = 0; i < length; i++) {
            dst.put((byte) msg.rawU8(pos + i));
        }
        return length;
    }

    /** True when the bytes equal {@code expected} exactly. Allocation-free. */
    public boolean contentEquals(byte[] expected) {
        return expected.length == length && msg.contentEquals(pos, length, expected, 0);
    }

    /** Unsigned lexicographic comparison with {@code other}, shorter first on a common prefix. */
    public int compareTo(byte[] other) {
        return msg.compare(pos, length, other, 0, other.length);
    }

    /** Allocating convenience: the bytes decoded as UTF-8 (malformed sequences become U+FFFD). */
    public String asString() {
        return length == 0 ? "" : msg.decodeUtf8(pos, length);
    }

    /** Allocating convenience: a fresh copy of the bytes. */
    public byte[] toByteArray() {
        byte[] out = new byte[length];
        msg.copy(pos, out, 0, length);
        return out;
    }
}
