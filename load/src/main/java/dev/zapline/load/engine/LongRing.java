package dev.zapline.load.engine;

/** A fixed-capacity FIFO of longs (intended send times), allocated once. Not thread-safe: one event loop. */
final class LongRing {

    private final long[] values;
    private final int mask;
    private int head;
    private int size;

    LongRing(int capacity) {
        if (capacity < 1 || capacity > 1 << 30) {
            throw new IllegalArgumentException("ring capacity " + capacity + " outside [1, 2^30]");
        }
        int c = Integer.highestOneBit(capacity);
        values = new long[c == capacity ? c : c << 1];
        mask = values.length - 1;
    }

    /** @throws IllegalStateException when full */
    void add(long v) {
        if (size == values.length) {
            throw new IllegalStateException("ring full at " + size);
        }
        values[(head + size) & mask] = v;
        size++;
    }

    /** The oldest value. @throws IllegalStateException when empty */
    long peek() {
        if (size == 0) {
            throw new IllegalStateException("ring empty");
        }
        return values[head];
    }

    long poll() {
        long v = peek();
        head = (head + 1) & mask;
        size--;
        return v;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int capacity() {
        return values.length;
    }
}
