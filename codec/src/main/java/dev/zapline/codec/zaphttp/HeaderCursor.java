package dev.zapline.codec.zaphttp;

import dev.zapline.wire.ZapSlice;

/**
 * Walks a zaphttp header block in wire order: {@code u32 count}, then per pair {@code u32 nameLen, name, u32
 * valueLen, value}, little-endian. Repeated names are repeated pairs. Zero-copy and allocation-free.
 *
 * {@snippet class=dev.zapline.codec.snippets.ZapHttpSnippets region=headerCursor}
 *
 * <p>A block whose count or lengths run past its end stops the walk; {@link #malformed()} then says so (a server
 * answers such a request with 400). Not thread-safe.
 */
public final class HeaderCursor {

    private ZapSlice block;
    private long remaining;
    private int next;
    private int namePos;
    private int nameLength;
    private int valuePos;
    private int valueLength;
    private boolean malformed;

    /** Starts a walk over {@code block} (an empty block has no headers); returns this. */
    public HeaderCursor reset(ZapSlice block) {
        this.block = block;
        this.malformed = false;
        this.next = 4;
        if (block.length() == 0) {
            remaining = 0;
        } else if (block.length() < 4) {
            remaining = 0;
            malformed = true;
        } else {
            remaining = block.u32At(0);
        }
        return this;
    }

    /** The pair count the block declares (0 for an empty block). */
    public long declaredCount() {
        return block == null || block.length() < 4 ? 0 : block.u32At(0);
    }

    /** Advances to the next pair; false at the end or at the first pair that does not fit. */
    public boolean next() {
        if (remaining == 0) {
            if (!malformed && block.length() > 0 && next != block.length()) {
                malformed = true;
            }
            return false;
        }
        int len = block.length();
        if ((long) next + 4 > len) {
            return fail();
        }
        long nl = block.u32At(next);
        long vAt = next + 4 + nl;
        if (vAt + 4 > len) {
            return fail();
        }
        long vl = block.u32At((int) vAt);
        long end = vAt + 4 + vl;
        if (end > len) {
            return fail();
        }
        namePos = next + 4;
        nameLength = (int) nl;
        valuePos = (int) vAt + 4;
        valueLength = (int) vl;
        next = (int) end;
        remaining--;
        return true;
    }

    private boolean fail() {
        malformed = true;
        remaining = 0;
        return false;
    }

    /**
     * True when the block's count, lengths or trailing bytes disagree with its size. Known after the walk has
     * ended ({@link #next()} returned false).
     */
    public boolean malformed() {
        return malformed;
    }

    public ZapSlice name(ZapSlice into) {
        return block.slice(namePos, nameLength, into);
    }

    public ZapSlice value(ZapSlice into) {
        return block.slice(valuePos, valueLength, into);
    }

    public int nameLength() {
        return nameLength;
    }

    public int valueLength() {
        return valueLength;
    }

    /** ASCII case-insensitive comparison of the current name with {@code lowerCaseName}. Allocation-free. */
    public boolean nameEqualsIgnoreCase(byte[] lowerCaseName) {
        if (lowerCaseName.length != nameLength) {
            return false;
        }
        for (int i = 0; i < nameLength; i++) {
            int c = block.byteAt(namePos + i);
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != (lowerCaseName[i] & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    /** Allocating convenience. */
    public String nameAsString() {
        return block.slice(namePos, nameLength, new ZapSlice()).asString();
    }

    /** Allocating convenience. */
    public String valueAsString() {
        return block.slice(valuePos, valueLength, new ZapSlice()).asString();
    }
}
