package dev.zapline.load.internal.h2;

/**
 * An HPACK decoder (RFC 7541) for the response side of one connection, reading whole header blocks and reporting
 * each field's name and value, or only {@code :status}. The dynamic table is kept as bytes in a ring (its entries'
 * names and values, back to back) with an index of offsets, so decoding allocates nothing once the scratch buffers
 * for decoded strings have grown to the largest field seen.
 *
 * <p>Use: {@code int status = decoder.decode(block, 0, n, null)}, once per header block in the order the blocks
 * arrive on the connection (every block, also those of streams nobody waits for: they change the table).
 *
 * <p>Confined to one thread.
 */
public final class HpackDecoder {

    /** Receives the fields of a block (tests and diagnostics); the arrays are scratch, valid during the call. */
    public interface Fields {
        void field(byte[] name, int nameLen, byte[] value, int valueLen);
    }

    /** An entry's size beyond its name and value (RFC 7541 section 4.1). */
    private static final int ENTRY_OVERHEAD = 32;

    private static final byte[] STATUS = {':', 's', 't', 'a', 't', 'u', 's'};

    /** The table size the peer may set at most: our {@code SETTINGS_HEADER_TABLE_SIZE}. */
    private final int maxSize;
    /** The size the peer set last (a dynamic table size update), at most {@link #maxSize}. */
    private int capacity;
    /** Sum of the entries' sizes. */
    private int size;

    private final byte[] ring;
    /** Where the next entry's bytes go. */
    private int ringEnd;
    /** Per entry slot: offset of its name in the ring, name length, value length; newest at {@link #newest}. */
    private final int[] offsets;

    private final int[] nameLens;
    private final int[] valueLens;
    private int newest = -1;
    private int count;

    private byte[] name = new byte[64];
    private int nameLen;
    private byte[] value = new byte[64];
    private int valueLen;
    /** Where decoding is in the current block. */
    private int pos;

    /** A decoder whose peer may use a dynamic table of up to {@code maxSize} bytes (4,096 by default in HTTP/2). */
    public HpackDecoder(int maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException("table size " + maxSize + " is negative");
        }
        this.maxSize = maxSize;
        this.capacity = maxSize;
        this.ring = new byte[Math.max(1, maxSize)];
        int slots = maxSize / ENTRY_OVERHEAD + 1;
        this.offsets = new int[slots];
        this.nameLens = new int[slots];
        this.valueLens = new int[slots];
    }

    /** Entries in the dynamic table (tests). */
    public int entries() {
        return count;
    }

    /** The dynamic table's size in HPACK terms (tests). */
    public int tableSize() {
        return size;
    }

    /**
     * Decodes one whole header block; returns its {@code :status} as a number, or 0 when it has none (trailers).
     * Every field also goes to {@code fields} unless it is null.
     *
     * @throws HpackException when the block is malformed: a bad index, integer or Huffman string, a table size
     *     update beyond the limit or after a field
     */
    public int decode(byte[] b, int off, int len, Fields fields) throws HpackException {
        int end = off + len;
        pos = off;
        int status = 0;
        boolean any = false;
        while (pos < end) {
            int first = b[pos] & 0xff;
            if (first >= 0x80) {
                int index = integer(b, end, 7);
                if (index == 0) {
                    throw new HpackException("indexed field with index 0");
                }
                if (index >= 8 && index <= 14 && fields == null) {
                    status = statusOf(HpackStatic.value(index), HpackStatic.value(index).length);
                    any = true;
                    continue;
                }
                copyEntry(index, true);
            } else if (first >= 0x40 || first < 0x20) {
                boolean indexing = first >= 0x40;
                int index = integer(b, end, indexing ? 6 : 4);
                if (index == 0) {
                    nameLen = string(b, end, true);
                } else {
                    copyEntry(index, false);
                }
                valueLen = string(b, end, false);
                if (indexing) {
                    insert();
                }
            } else {
                if (any) {
                    throw new HpackException("dynamic table size update after a field");
                }
                int s = integer(b, end, 5);
                if (s > maxSize) {
                    throw new HpackException("dynamic table size update to " + s + " beyond the limit " + maxSize);
                }
                capacity = s;
                evictTo(capacity);
                continue;
            }
            any = true;
            if (fields != null) {
                fields.field(name, nameLen, value, valueLen);
            }
            if (nameLen == STATUS.length && same(name, STATUS)) {
                status = statusOf(value, valueLen);
            }
        }
        return status;
    }

    private static boolean same(byte[] a, byte[] b) {
        for (int i = 0; i < b.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    /** Three digits, else -1 (the connection treats a response without a valid status as malformed). */
    private static int statusOf(byte[] v, int n) {
        if (n != 3) {
            return -1;
        }
        int s = 0;
        for (int i = 0; i < 3; i++) {
            int d = v[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            s = s * 10 + d;
        }
        return s;
    }

    /** An integer with an {@code n}-bit prefix at {@link #pos} (RFC 7541 section 5.1), at most 2^28. */
    private int integer(byte[] b, int end, int n) throws HpackException {
        int mask = (1 << n) - 1;
        int v = b[pos++] & mask;
        if (v < mask) {
            return v;
        }
        for (int shift = 0; ; shift += 7) {
            if (pos >= end) {
                throw new HpackException("integer cut by the end of the block");
            }
            if (shift > 21) {
                throw new HpackException("integer longer than 2^28");
            }
            int c = b[pos++] & 0xff;
            v += (c & 0x7f) << shift;
            if ((c & 0x80) == 0) {
                return v;
            }
        }
    }

    /** A string literal at {@link #pos} into the name or the value scratch; returns its decoded length. */
    private int string(byte[] b, int end, boolean toName) throws HpackException {
        if (pos >= end) {
            throw new HpackException("string cut by the end of the block");
        }
        boolean huffman = (b[pos] & 0x80) != 0;
        int n = integer(b, end, 7);
        if (n > end - pos) {
            throw new HpackException("string of " + n + " bytes, " + (end - pos) + " left in the block");
        }
        int room = huffman ? Huffman.maxDecoded(n) : n;
        byte[] dst = toName ? name : value;
        if (dst.length < room) {
            dst = new byte[Math.max(room, dst.length * 2)];
            if (toName) {
                name = dst;
            } else {
                value = dst;
            }
        }
        int out;
        if (huffman) {
            out = Huffman.decode(b, pos, n, dst, 0);
        } else {
            System.arraycopy(b, pos, dst, 0, n);
            out = n;
        }
        pos += n;
        return out;
    }

    /** Copies entry {@code index}'s name (and value when {@code both}) into the scratch. */
    private void copyEntry(int index, boolean both) throws HpackException {
        if (index <= HpackStatic.SIZE) {
            byte[] n = HpackStatic.name(index);
            name = fit(name, n.length);
            System.arraycopy(n, 0, name, 0, n.length);
            nameLen = n.length;
            if (both) {
                byte[] v = HpackStatic.value(index);
                value = fit(value, v.length);
                System.arraycopy(v, 0, value, 0, v.length);
                valueLen = v.length;
            }
            return;
        }
        int k = index - HpackStatic.SIZE - 1;
        if (k >= count) {
            throw new HpackException("index " + index + " beyond the " + count + " entries of the dynamic table");
        }
        int slot = newest - k;
        if (slot < 0) {
            slot += offsets.length;
        }
        int at = offsets[slot];
        int nl = nameLens[slot];
        name = fit(name, nl);
        at = fromRing(at, name, nl);
        nameLen = nl;
        if (both) {
            int vl = valueLens[slot];
            value = fit(value, vl);
            fromRing(at, value, vl);
            valueLen = vl;
        }
    }

    private static byte[] fit(byte[] a, int n) {
        return a.length >= n ? a : new byte[Math.max(n, a.length * 2)];
    }

    private int fromRing(int at, byte[] dst, int n) {
        int first = Math.min(n, ring.length - at);
        System.arraycopy(ring, at, dst, 0, first);
        System.arraycopy(ring, 0, dst, first, n - first);
        int next = at + n;
        return next >= ring.length ? next - ring.length : next;
    }

    private void toRing(byte[] src, int n) {
        int first = Math.min(n, ring.length - ringEnd);
        System.arraycopy(src, 0, ring, ringEnd, first);
        System.arraycopy(src, first, ring, 0, n - first);
        ringEnd += n;
        if (ringEnd >= ring.length) {
            ringEnd -= ring.length;
        }
    }

    /** Adds the scratch's field as the newest entry, evicting the oldest ones to make room (section 4.4). */
    private void insert() {
        int entry = nameLen + valueLen + ENTRY_OVERHEAD;
        if (entry > capacity) {
            evictTo(0);
            return;
        }
        evictTo(capacity - entry);
        newest = newest + 1 == offsets.length ? 0 : newest + 1;
        offsets[newest] = ringEnd;
        nameLens[newest] = nameLen;
        valueLens[newest] = valueLen;
        toRing(name, nameLen);
        toRing(value, valueLen);
        count++;
        size += entry;
    }

    private void evictTo(int most) {
        while (size > most) {
            int oldest = newest - count + 1;
            if (oldest < 0) {
                oldest += offsets.length;
            }
            size -= nameLens[oldest] + valueLens[oldest] + ENTRY_OVERHEAD;
            count--;
        }
    }
}
