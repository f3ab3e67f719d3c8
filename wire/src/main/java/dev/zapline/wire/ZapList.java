package dev.zapline.wire;

/**
 * A flyweight view of a list: {@code count} elements starting at a position of the message. The same wire slot
 * carries three shapes, and the schema says which one a field has:
 * <ul>
 *   <li>fixed stride scalars, read with {@link #u8}, {@link #u16}, {@link #u32}, {@link #u64};
 *   <li>raw bytes, where count is the byte length: {@link #rawBytes};
 *   <li>variable elements, each {@code [u32 length][payload]} (a struct element is a whole ZAP message), walked
 *       in O(N) total by a {@link ZapListCursor}.
 * </ul>
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=list}
 *
 * <p>An element that lies outside the message reads as zero. Not thread-safe.
 */
public final class ZapList {

    private ZapMessage msg;
    private int pos;
    private int count;

    ZapList set(ZapMessage msg, int pos, int count) {
        this.msg = msg;
        this.pos = pos;
        this.count = count;
        return this;
    }

    ZapList empty(ZapMessage msg) {
        return set(msg, 0, 0);
    }

    /** The element count as written (never more than the message size; 0 for a null list). */
    public int count() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** Offset of the first element from the start of the message (0 when null). */
    public int position() {
        return pos;
    }

    ZapMessage message() {
        return msg;
    }

    public int u8(int index) {
        java.util.Objects.checkIndex(index, count);
        return msg.u8(pos + (long) index);
    }

    public int u16(int index) {
        java.util.Objects.checkIndex(index, count);
        return msg.u16(pos + 2L * index);
    }

    public long u32(int index) {
        java.util.Objects.checkIndex(index, count);
        return msg.u32(pos + 4L * index);
    }

    public long u64(int index) {
        java.util.Objects.checkIndex(index, count);
        return msg.i64(pos + 8L * index);
    }

    /** Points {@code into} at the list as raw bytes (count bytes); empty when they run past the message. */
    public ZapSlice rawBytes(ZapSlice into) {
        return count > 0 && msg.inRange(pos, count) ? into.set(msg, pos, count) : into.empty(msg);
    }
}
