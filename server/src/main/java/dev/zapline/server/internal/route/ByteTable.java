package dev.zapline.server.internal.route;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An immutable open-addressed table from byte strings to values, probed with a range of a caller's buffer so a
 * lookup allocates nothing. Linear probing over a power-of-two array kept at most half full; the stored hash of
 * each key rejects most mismatches before the bytes are compared.
 *
 * <p>Built once and then only read: safe to share between threads.
 */
final class ByteTable<V> {

    private static final ByteTable<?> EMPTY = new ByteTable<>(new byte[0][], new Object[0]);

    private final int mask;
    private final int[] hashes;
    private final byte[][] keys;
    private final Object[] values;

    /** The keys must be distinct; {@code values[i]} belongs to {@code keys[i]}. */
    ByteTable(byte[][] keys, Object[] values) {
        if (keys.length != values.length) {
            throw new IllegalArgumentException(keys.length + " keys but " + values.length + " values");
        }
        int capacity = Integer.highestOneBit(Math.max(2, keys.length * 2 + 1)) << 1;
        this.mask = capacity - 1;
        this.hashes = new int[capacity];
        this.keys = new byte[capacity][];
        this.values = new Object[capacity];
        for (int i = 0; i < keys.length; i++) {
            put(keys[i], values[i]);
        }
    }

    @SuppressWarnings("unchecked")
    static <V> ByteTable<V> empty() {
        return (ByteTable<V>) EMPTY;
    }

    /** The value stored for the bytes {@code buf[off, off + len)}, or {@code null}. */
    @SuppressWarnings("unchecked")
    V get(byte[] buf, int off, int len) {
        int h = hash(buf, off, len);
        for (int i = h & mask; ; i = (i + 1) & mask) {
            byte[] k = keys[i];
            if (k == null) {
                return null;
            }
            if (hashes[i] == h && Arrays.equals(k, 0, k.length, buf, off, off + len)) {
                return (V) values[i];
            }
        }
    }

    /** Four bytes per multiply (a path such as {@code /health} takes three steps, not seven), then mixed. */
    static int hash(byte[] buf, int off, int len) {
        int h = len;
        int i = off;
        int end = off + len;
        for (; i + 4 <= end; i += 4) {
            h = (h ^ (int) INT.get(buf, i)) * 0x9E3779B9;
        }
        for (; i < end; i++) {
            h = 31 * h + buf[i];
        }
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private void put(byte[] key, Object value) {
        int h = hash(key, 0, key.length);
        int i = h & mask;
        while (keys[i] != null) {
            if (Arrays.equals(keys[i], key)) {
                throw new IllegalArgumentException("duplicate key " + Arrays.toString(key));
            }
            i = (i + 1) & mask;
        }
        hashes[i] = h;
        keys[i] = key;
        values[i] = value;
    }
}
