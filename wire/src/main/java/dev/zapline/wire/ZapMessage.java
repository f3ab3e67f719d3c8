package dev.zapline.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A flyweight over one ZAP message held in a {@code byte[]} or a {@link ByteBuffer} (heap or direct), read in
 * place: wrapping copies nothing and allocates nothing.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=message}
 *
 * <p>{@link #wrap} validates the header (length at least 16, magic, version 1 or 2, size within {@code [16,
 * available]}) and throws {@link ZapFormatException} otherwise; bytes past {@code size} are ignored. After that no
 * accessor of this message, or of the objects, lists and slices taken from it, reads outside {@code [0, size)}:
 * an out-of-range pointer reads as empty or zero, as in the reference runtime. Use {@link ZapValidator} to reject
 * such messages instead. After a failed wrap the message is empty: size and header fields read 0, every object is
 * null.
 *
 * <p>Not thread-safe: one instance belongs to one thread at a time. Views taken from it are valid until it is
 * wrapped again, and only while the underlying bytes are unchanged.
 */
public final class ZapMessage {

    private static final VarHandle ARRAY_I16 =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_I32 =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_I64 =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BUFFER_I16 =
            MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BUFFER_I32 =
            MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BUFFER_I64 =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] array;
    private ByteBuffer buffer;
    private int base;
    private int size;

    /** Wraps a whole array holding one message (trailing bytes past the header's size are ignored). */
    public ZapMessage wrap(byte[] src) {
        return wrap(src, 0, src.length);
    }

    /**
     * Wraps the message that starts at {@code offset} in {@code src}, with {@code length} bytes available.
     *
     * @throws ZapFormatException when the header does not validate
     * @throws IndexOutOfBoundsException when the range does not fit in {@code src}
     */
    public ZapMessage wrap(byte[] src, int offset, int length) {
        java.util.Objects.checkFromIndexSize(offset, length, src.length);
        this.array = src;
        this.buffer = null;
        this.base = offset;
        this.size = length;
        return validateHeader(length);
    }

    /**
     * Wraps the message at absolute index {@code offset} of {@code src}, with {@code length} bytes available up to
     * its limit. The buffer's position, limit and byte order are neither used nor changed.
     *
     * @throws ZapFormatException when the header does not validate
     * @throws IndexOutOfBoundsException when the range does not fit below the buffer's limit
     */
    public ZapMessage wrap(ByteBuffer src, int offset, int length) {
        java.util.Objects.checkFromIndexSize(offset, length, src.limit());
        if (src.hasArray()) {
            return wrap(src.array(), src.arrayOffset() + offset, length);
        }
        this.array = null;
        this.buffer = src;
        this.base = offset;
        this.size = length;
        return validateHeader(length);
    }

    private ZapMessage validateHeader(int available) {
        // The hot path is a few compares; the reasons are worked out only on failure, out of line, so that this
        // method stays small enough to be inlined into callers.
        if (available >= Zap.HEADER_SIZE
                && rawI32(Zap.OFFSET_MAGIC) == Zap.MAGIC
                && Zap.isKnownVersion(rawU16(Zap.OFFSET_VERSION))) {
            long declared = Integer.toUnsignedLong(rawI32(Zap.OFFSET_SIZE));
            if (declared >= Zap.HEADER_SIZE && declared <= available) {
                size = (int) declared;
                return this;
            }
        }
        size = 0;
        throw headerError(available);
    }

    private ZapFormatException headerError(int available) {
        if (available < Zap.HEADER_SIZE) {
            return new ZapFormatException(0, "message of " + available + " bytes is shorter than the 16-byte header");
        }
        int magic = rawI32(Zap.OFFSET_MAGIC);
        if (magic != Zap.MAGIC) {
            return new ZapFormatException(
                    0, String.format("bad magic 0x%08x, expected 5a415000", Integer.reverseBytes(magic)));
        }
        int version = rawU16(Zap.OFFSET_VERSION);
        if (!Zap.isKnownVersion(version)) {
            return new ZapFormatException(Zap.OFFSET_VERSION, "unknown version " + version + ", expected 1 or 2");
        }
        long declared = Integer.toUnsignedLong(rawI32(Zap.OFFSET_SIZE));
        return new ZapFormatException(
                Zap.OFFSET_SIZE, "size " + declared + " outside [16, " + available + "] (bytes available)");
    }

    /** Header version: 1 or 2 (0 after a failed wrap). */
    public int version() {
        return u16(Zap.OFFSET_VERSION);
    }

    /** The whole 16-bit flags word: low byte flag bits, high byte message type (0 after a failed wrap). */
    public int flags() {
        return u16(Zap.OFFSET_FLAGS);
    }

    /** The message type from the high byte of the flags. */
    public int type() {
        return Zap.messageType(flags());
    }

    /** The root offset as written in the header (not checked against the size; 0 after a failed wrap). */
    public long rootOffset() {
        return u32(Zap.OFFSET_ROOT);
    }

    /** Total message length from the header, validated to lie in {@code [16, available]}. */
    public int size() {
        return size;
    }

    /** Points {@code into} at the root object and returns it. */
    public ZapObject root(ZapObject into) {
        return into.wrap(this, rootOffset());
    }

    /** Copies the whole message into {@code dst} at {@code dstOffset}; returns the number of bytes copied. */
    public int copyTo(byte[] dst, int dstOffset) {
        copy(0, dst, dstOffset, size);
        return size;
    }

    /** Allocating convenience: a fresh array with the message bytes (size bytes). */
    public byte[] toByteArray() {
        byte[] out = new byte[size];
        copy(0, out, 0, size);
        return out;
    }

    /** Wraps {@code into} over {@code length} bytes at {@code pos} of this message (a nested message). */
    ZapMessage wrapSlice(ZapMessage into, int pos, int length) {
        return array != null ? into.wrap(array, base + pos, length) : into.wrap(buffer, base + pos, length);
    }

    // Bounds-checked reads, positions relative to the message start. Out of range reads as zero.

    boolean inRange(long pos, long len) {
        return pos >= 0 && len >= 0 && pos + len <= size;
    }

    int u8(long pos) {
        return inRange(pos, 1) ? rawU8((int) pos) : 0;
    }

    int u16(long pos) {
        return inRange(pos, 2) ? rawU16((int) pos) : 0;
    }

    int i32(long pos) {
        return inRange(pos, 4) ? rawI32((int) pos) : 0;
    }

    long u32(long pos) {
        return Integer.toUnsignedLong(i32(pos));
    }

    long i64(long pos) {
        return inRange(pos, 8) ? rawI64((int) pos) : 0L;
    }

    // Unchecked reads: callers have checked the range.

    int rawU8(int pos) {
        return (array != null ? array[base + pos] : buffer.get(base + pos)) & 0xFF;
    }

    int rawU16(int pos) {
        short v = array != null ? (short) ARRAY_I16.get(array, base + pos) : (short) BUFFER_I16.get(buffer, base + pos);
        return v & 0xFFFF;
    }

    int rawI32(int pos) {
        return array != null ? (int) ARRAY_I32.get(array, base + pos) : (int) BUFFER_I32.get(buffer, base + pos);
    }

    long rawI64(int pos) {
        return array != null ? (long) ARRAY_I64.get(array, base + pos) : (long) BUFFER_I64.get(buffer, base + pos);
    }

    void copy(int pos, byte[] dst, int dstOffset, int length) {
        if (array != null) {
            System.arraycopy(array, base + pos, dst, dstOffset, length);
        } else {
            buffer.get(base + pos, dst, dstOffset, length);
        }
    }

    boolean contentEquals(int pos, int length, byte[] other, int otherOffset) {
        if (array != null) {
            return java.util.Arrays.equals(
                    array, base + pos, base + pos + length, other, otherOffset, otherOffset + length);
        }
        for (int i = 0; i < length; i++) {
            if (buffer.get(base + pos + i) != other[otherOffset + i]) {
                return false;
            }
        }
        return true;
    }

    int compare(int pos, int length, byte[] other, int otherOffset, int otherLength) {
        if (array != null) {
            return java.util.Arrays.compareUnsigned(
                    array, base + pos, base + pos + length, other, otherOffset, otherOffset + otherLength);
        }
        int n = Math.min(length, otherLength);
        for (int i = 0; i < n; i++) {
            int c = Integer.compare(buffer.get(base + pos + i) & 0xFF, other[otherOffset + i] & 0xFF);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(length, otherLength);
    }

    String decodeUtf8(int pos, int length) {
        if (array != null) {
            return new String(array, base + pos, length, StandardCharsets.UTF_8);
        }
        byte[] tmp = new byte[length];
        buffer.get(base + pos, tmp, 0, length);
        return new String(tmp, StandardCharsets.UTF_8);
    }
}
