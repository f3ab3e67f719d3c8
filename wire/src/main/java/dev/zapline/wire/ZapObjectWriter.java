package dev.zapline.wire;

/**
 * Writes the fields of one object started by {@link ZapBuilder#startObject(int)}. Setters take the field's byte
 * offset in the fixed section and return this writer for chaining; text and bytes payloads are appended after the
 * fixed section, in set-call order, when the object finishes.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=objectWriter}
 *
 * <p>Owned and reused by its builder: valid from {@code startObject} until {@code finish}. Not thread-safe.
 */
public final class ZapObjectWriter {

    private final ZapBuilder b;
    private int start;
    private int fixedSize;
    private int depth = -1;

    ZapObjectWriter(ZapBuilder b) {
        this.b = b;
    }

    void open(int start, int fixedSize, int depth) {
        this.start = start;
        this.fixedSize = fixedSize;
        this.depth = depth;
    }

    /** Offset of this object from the start of the message. */
    public int position() {
        return start;
    }

    public ZapObjectWriter setBool(int field, boolean v) {
        return setU8(field, v ? 1 : 0);
    }

    public ZapObjectWriter setU8(int field, int v) {
        b.putI8(field(field, 1), v);
        return this;
    }

    public ZapObjectWriter setI8(int field, int v) {
        return setU8(field, v);
    }

    public ZapObjectWriter setU16(int field, int v) {
        b.putI16(field(field, 2), v);
        return this;
    }

    public ZapObjectWriter setI16(int field, int v) {
        return setU16(field, v);
    }

    /** Writes the low 32 bits of {@code v}. */
    public ZapObjectWriter setU32(int field, long v) {
        b.putI32(field(field, 4), (int) v);
        return this;
    }

    public ZapObjectWriter setI32(int field, int v) {
        b.putI32(field(field, 4), v);
        return this;
    }

    /** Writes the 64 bits of {@code v} (an unsigned value in a long's bits). */
    public ZapObjectWriter setU64(int field, long v) {
        b.putI64(field(field, 8), v);
        return this;
    }

    public ZapObjectWriter setI64(int field, long v) {
        return setU64(field, v);
    }

    public ZapObjectWriter setF32(int field, float v) {
        return setI32(field, Float.floatToRawIntBits(v));
    }

    public ZapObjectWriter setF64(int field, double v) {
        return setU64(field, Double.doubleToRawLongBits(v));
    }

    /** Sets a bytes field; an empty value writes a null slot. The bytes are copied at once. */
    public ZapObjectWriter setBytes(int field, byte[] v) {
        return setBytes(field, v, 0, v.length);
    }

    /** Sets a bytes field from {@code len} bytes of {@code src} at {@code off}; copied at once. */
    public ZapObjectWriter setBytes(int field, byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        int at = field(field, 8);
        if (len == 0) {
            b.putI64(at, 0);
        } else {
            b.deferred().add(depth, at, src, off, len);
            b.putI32(at + 4, len);
        }
        return this;
    }

    /** Sets a bytes field from a view into another message (copied at once). */
    public ZapObjectWriter setBytes(int field, ZapSlice v) {
        int at = field(field, 8);
        if (v.length() == 0) {
            b.putI64(at, 0);
        } else {
            b.deferred().add(depth, at, v.message(), v.position(), v.length());
            b.putI32(at + 4, v.length());
        }
        return this;
    }

    /** Sets a text field, encoded as UTF-8 without allocation; empty writes a null slot. */
    public ZapObjectWriter setText(int field, CharSequence v) {
        int at = field(field, 8);
        int len = b.deferred().addUtf8(depth, at, v);
        if (len == 0) {
            b.putI64(at, 0);
        } else {
            b.putI32(at + 4, len);
        }
        return this;
    }

    /** Sets a text field from bytes that are already UTF-8. */
    public ZapObjectWriter setText(int field, byte[] utf8) {
        return setBytes(field, utf8, 0, utf8.length);
    }

    /** Writes {@code len} bytes inline at {@code field} ({@code bytes_fixed[N]}); empty is a no-op. */
    public ZapObjectWriter setFixedBytes(int field, byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        if (len > 0) {
            b.putBytes(field(field, len), src, off, len);
        }
        return this;
    }

    /** Points the field at the object at {@code objectPosition} (signed relOffset); 0 writes null. */
    public ZapObjectWriter setObject(int field, int objectPosition) {
        int at = field(field, 4);
        b.putI32(at, objectPosition == 0 ? 0 : objectPosition - at);
        return this;
    }

    /** Points the field at a finished list; a zero position or count writes a null slot. */
    public ZapObjectWriter setList(int field, int listPosition, int count) {
        int at = field(field, 8);
        if (listPosition == 0 || count == 0) {
            b.putI64(at, 0);
        } else {
            b.putI32(at, listPosition - at);
            b.putI32(at + 4, count);
        }
        return this;
    }

    /** Appends the deferred payloads, patches their offsets and returns the object's position. */
    public int finish() {
        checkOpen();
        b.ensure(start + fixedSize);
        b.deferred().flush(b, depth);
        b.popObject(depth, start);
        depth = -1;
        return start;
    }

    /** {@link #finish()} and make this object the message root. */
    public int finishAsRoot() {
        int position = finish();
        b.setRoot(position);
        return position;
    }

    /** Absolute slot position of a field of {@code width} bytes, extending the message like the Go runtime. */
    private int field(int field, int width) {
        checkOpen();
        if (field < 0) {
            throw new IllegalArgumentException("field offset " + field + " is negative");
        }
        int at = start + field;
        b.ensure(at + width);
        return at;
    }

    private void checkOpen() {
        if (depth < 0) {
            throw new IllegalStateException("object at " + start + " is already finished");
        }
    }

    @Override
    public String toString() {
        return "ZapObjectWriter[start=" + start + ", fixedSize=" + fixedSize + ", depth=" + depth + "]";
    }
}
