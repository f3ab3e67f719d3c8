package dev.zapline.client;

import java.util.Arrays;

/** FIFO of request tags, one per request in flight; grows by doubling, never shrinks. Not thread-safe. */
final class TagRing {

    private long[] tags;
    private int head;
    private int size;

    TagRing(int initialCapacity) {
        tags = new long[Integer.highestOneBit(Math.max(2, initialCapacity - 1)) << 1];
    }

    void add(long tag) {
        if (size == tags.length) {
            grow();
        }
        tags[(head + size) & (tags.length - 1)] = tag;
        size++;
    }

    /** The oldest tag. @throws IllegalStateException when empty */
    long peek() {
        if (size == 0) {
            throw new IllegalStateException("no request in flight");
        }
        return tags[head];
    }

    /** Removes and returns the oldest tag. @throws IllegalStateException when empty */
    long poll() {
        long t = peek();
        head = (head + 1) & (tags.length - 1);
        size--;
        return t;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int capacity() {
        return tags.length;
    }

    private void grow() {
        long[] bigger = new long[tags.length * 2];
        int first = Math.min(size, tags.length - head);
        System.arraycopy(tags, head, bigger, 0, first);
        System.arraycopy(tags, 0, bigger, first, size - first);
        Arrays.fill(tags, 0);
        tags = bigger;
        head = 0;
    }
}
