package dev.zapline.wire;

/**
 * Walks the elements of a variable-element list ({@code [u32 length][payload]} each) in order, O(1) per step.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=listCursor}
 *
 * <p>The walk stops early, without reading outside the message, at the first element whose length prefix or
 * payload would run past the end; {@link #truncated()} then says so. Not thread-safe.
 */
public final class ZapListCursor {

    private ZapMessage msg;
    private long next;
    private int remaining;
    private int elementPos;
    private int elementLength;
    private boolean truncated;

    /** Starts a walk over {@code list}; returns this. */
    public ZapListCursor reset(ZapList list) {
        this.msg = list.message();
        this.next = list.position();
        this.remaining = list.count();
        this.elementPos = 0;
        this.elementLength = 0;
        this.truncated = false;
        return this;
    }

    /** Advances to the next element; false at the end or when the next element does not fit in the message. */
    public boolean next() {
        if (remaining == 0) {
            return false;
        }
        long length = msg.u32(next);
        long payload = next + 4;
        if (!msg.inRange(next, 4) || !msg.inRange(payload, length)) {
            truncated = true;
            remaining = 0;
            return false;
        }
        remaining--;
        elementPos = (int) payload;
        elementLength = (int) length;
        next = payload + length;
        return true;
    }

    /** True when the walk ended before {@code count} elements because one ran past the message. */
    public boolean truncated() {
        return truncated;
    }

    /** Length of the current element's payload. */
    public int elementLength() {
        return elementLength;
    }

    /** Points {@code into} at the current element's payload. */
    public ZapSlice element(ZapSlice into) {
        return into.set(msg, elementPos, elementLength);
    }

    /**
     * Wraps the current element as a message of its own (struct elements are complete ZAP messages).
     *
     * @throws ZapFormatException when the element is not a valid message; its offset is then relative to the
     *     element
     */
    public ZapMessage elementMessage(ZapMessage into) {
        return msg.wrapSlice(into, elementPos, elementLength);
    }
}
