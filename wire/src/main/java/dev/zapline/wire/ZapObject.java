package dev.zapline.wire;

/**
 * A flyweight view of one object (struct) of a {@link ZapMessage}: fields are read in place at the byte offsets
 * the schema gives, with no parse, copy or allocation.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=object}
 *
 * <p>Every accessor is total: a field, pointer or payload outside the message reads as zero, empty or a null
 * object, and nothing is ever read outside {@code [0, size)} of the message. Text and bytes slots are
 * {@code {relOffset u32, length u32}} with relOffset counted forward from the slot; nested objects are a signed
 * 4-byte relOffset; lists {@code {relOffset i32, count u32}}. A relOffset of 0 means null.
 *
 * <p>Not thread-safe; valid while its message stays wrapped and unchanged.
 */
public final class ZapObject {

    private static final long NULL_POSITION = -(1L << 40);

    private ZapMessage msg;
    private long pos = NULL_POSITION;

    /** Points this view at the object at {@code position} (from the start of {@code msg}). */
    public ZapObject wrap(ZapMessage msg, long position) {
        this.msg = msg;
        this.pos = position >= Zap.HEADER_SIZE && position < msg.size() ? position : NULL_POSITION;
        return this;
    }

    ZapObject setNull(ZapMessage msg) {
        this.msg = msg;
        this.pos = NULL_POSITION;
        return this;
    }

    /** True for a null pointer or one that points outside the message; every field then reads as zero. */
    public boolean isNull() {
        return pos == NULL_POSITION;
    }

    /** Offset of the object from the start of the message, or -1 when null. */
    public int position() {
        return isNull() ? -1 : (int) pos;
    }

    /** The message this object belongs to. */
    public ZapMessage message() {
        return msg;
    }

    public boolean bool(int field) {
        return msg.u8(pos + field) != 0;
    }

    public int u8(int field) {
        return msg.u8(pos + field);
    }

    public byte i8(int field) {
        return (byte) msg.u8(pos + field);
    }

    public int u16(int field) {
        return msg.u16(pos + field);
    }

    public short i16(int field) {
        return (short) msg.u16(pos + field);
    }

    public long u32(int field) {
        return msg.u32(pos + field);
    }

    public int i32(int field) {
        return msg.i32(pos + field);
    }

    /** The u64 at {@code field} as raw bits (use {@link Long#toUnsignedString} and friends for unsigned maths). */
    public long u64(int field) {
        return msg.i64(pos + field);
    }

    public long i64(int field) {
        return msg.i64(pos + field);
    }

    public float f32(int field) {
        return Float.intBitsToFloat(msg.i32(pos + field));
    }

    public double f64(int field) {
        return Double.longBitsToDouble(msg.i64(pos + field));
    }

    /** Points {@code into} at the {@code bytes_fixed[n]} field; empty when it does not fit in the message. */
    public ZapSlice fixedBytes(int field, int n, ZapSlice into) {
        long at = pos + field;
        return n > 0 && msg.inRange(at, n) ? into.set(msg, (int) at, n) : into.empty(msg);
    }

    /** Points {@code into} at the payload of the text or bytes field (zero-copy); empty when null or out of range. */
    public ZapSlice bytes(int field, ZapSlice into) {
        long slot = payload(field);
        return into.set(msg, (int) (slot >>> 32), (int) slot);
    }

    /** Length of the text or bytes field's payload; 0 when null or out of range. */
    public int bytesLength(int field) {
        return (int) payload(field);
    }

    /**
     * Copies the text or bytes payload into {@code dst} at {@code dstOffset}; returns its length.
     *
     * @throws IndexOutOfBoundsException when it does not fit in {@code dst}
     */
    public int getBytes(int field, byte[] dst, int dstOffset) {
        long slot = payload(field);
        int length = (int) slot;
        java.util.Objects.checkFromIndexSize(dstOffset, length, dst.length);
        msg.copy((int) (slot >>> 32), dst, dstOffset, length);
        return length;
    }

    /** True when the text or bytes payload equals {@code expected}. Allocation-free. */
    public boolean bytesEqual(int field, byte[] expected) {
        long slot = payload(field);
        int length = (int) slot;
        return length == expected.length && msg.contentEquals((int) (slot >>> 32), length, expected, 0);
    }

    /** Unsigned lexicographic comparison of the payload with {@code other}. Allocation-free. */
    public int compareBytes(int field, byte[] other) {
        long slot = payload(field);
        return msg.compare((int) (slot >>> 32), (int) slot, other, 0, other.length);
    }

    /** Allocating convenience: the text field decoded as UTF-8; "" when null or out of range. */
    public String textAsString(int field) {
        long slot = payload(field);
        int length = (int) slot;
        return length == 0 ? "" : msg.decodeUtf8((int) (slot >>> 32), length);
    }

    /** Points {@code into} at the nested object the field points to (a null view when null or out of range). */
    public ZapObject object(int field, ZapObject into) {
        long slot = pos + field;
        if (!msg.inRange(slot, 4)) {
            return into.setNull(msg);
        }
        int rel = msg.rawI32((int) slot);
        return rel == 0 ? into.setNull(msg) : into.wrap(msg, slot + rel);
    }

    /** Points {@code into} at the list the field points to (empty when null, out of range or its count lies). */
    public ZapList list(int field, ZapList into) {
        long slot = pos + field;
        if (!msg.inRange(slot, 8)) {
            return into.empty(msg);
        }
        int rel = msg.rawI32((int) slot);
        long count = Integer.toUnsignedLong(msg.rawI32((int) slot + 4));
        long at = slot + rel;
        if (rel == 0 || count > msg.size() || at < Zap.HEADER_SIZE || at >= msg.size()) {
            return into.empty(msg);
        }
        return into.set(msg, (int) at, (int) count);
    }

    /** Resolves a text/bytes slot to {@code position << 32 | length}; 0 for null or out of range. */
    private long payload(int field) {
        long slot = pos + field;
        if (!msg.inRange(slot, 8)) {
            return 0;
        }
        long rel = Integer.toUnsignedLong(msg.rawI32((int) slot));
        long length = Integer.toUnsignedLong(msg.rawI32((int) slot + 4));
        long at = slot + rel;
        if (rel == 0 || length == 0 || !msg.inRange(at, length)) {
            return 0;
        }
        return at << 32 | length;
    }
}
