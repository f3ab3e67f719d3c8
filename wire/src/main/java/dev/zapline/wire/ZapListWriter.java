package dev.zapline.wire;

/**
 * Appends the elements of one list started by {@link ZapBuilder#startList()}. A list has one shape: fixed-stride
 * scalars ({@code addU8} … {@code addU64}, count = elements), raw bytes ({@link #addRaw}, count = bytes) or
 * variable elements ({@link #addElement}, each {@code [u32 length][payload]}, count = elements).
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=listWriter}
 *
 * <p>Owned and reused by its builder: the next {@code startList} re-points it, so take position and count
 * before starting another list. Not thread-safe.
 */
public final class ZapListWriter {

    private static final int NONE = 0;
    private static final int STRIDE = 1;
    private static final int RAW = 2;
    private static final int ELEMENTS = 3;

    private final ZapBuilder b;
    private int start;
    private int count;
    private int shape;
    private int stride;
    private boolean open;

    ZapListWriter(ZapBuilder b) {
        this.b = b;
    }

    ZapListWriter open(int start) {
        this.start = start;
        this.count = 0;
        this.shape = NONE;
        this.stride = 0;
        this.open = true;
        return this;
    }

    void close() {
        open = false;
    }

    boolean isOpen() {
        return open;
    }

    int start() {
        return start;
    }

    public ZapListWriter addU8(int v) {
        int at = slot(STRIDE, 1);
        b.putI8(at, v);
        return this;
    }

    public ZapListWriter addU16(int v) {
        b.putI16(slot(STRIDE, 2), v);
        return this;
    }

    public ZapListWriter addU32(long v) {
        b.putI32(slot(STRIDE, 4), (int) v);
        return this;
    }

    public ZapListWriter addU64(long v) {
        b.putI64(slot(STRIDE, 8), v);
        return this;
    }

    /** Appends raw bytes; the count grows by their length. */
    public ZapListWriter addRaw(byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        shape(RAW, 1);
        b.append(src, off, len);
        count += len;
        return this;
    }

    /** Appends one variable element: {@code [u32 len][bytes]}. */
    public ZapListWriter addElement(byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        b.putI32(slot(ELEMENTS, 4), len);
        b.append(src, off, len);
        return this;
    }

    public ZapListWriter addElement(byte[] src) {
        return addElement(src, 0, src.length);
    }

    /** Appends the finished message of {@code other} (a struct element) as one variable element. */
    public ZapListWriter addElement(ZapBuilder other) {
        if (other == b) {
            throw new IllegalArgumentException("a builder cannot add its own message to one of its lists");
        }
        return addElement(other.buffer(), other.offset(), other.size());
    }

    /** Closes the list and returns its position (pass it, with {@link #count()}, to a parent's setList). */
    public int finish() {
        checkOpen();
        open = false;
        return start;
    }

    public int position() {
        return start;
    }

    /** Elements (bytes, for a raw list) appended so far; valid until the next {@code startList}. */
    public int count() {
        return count;
    }

    private int slot(int wanted, int width) {
        shape(wanted, width);
        int at = b.position();
        b.reserve(width);
        b.advance(width);
        count++;
        return at;
    }

    private void shape(int wanted, int width) {
        checkOpen();
        if (shape == NONE) {
            shape = wanted;
            stride = width;
        } else if (shape != wanted || (wanted == STRIDE && stride != width)) {
            throw new IllegalStateException("list at " + start + " mixes element shapes (stride " + stride + " then "
                    + width + ", shape " + shape + " then " + wanted + ")");
        }
    }

    private void checkOpen() {
        if (!open) {
            throw new IllegalStateException("list at " + start + " is not open");
        }
    }
}
