package dev.zapline.load.engine;

import java.util.Arrays;

/** A FIFO of ints that grows by doubling when full and never shrinks. Not thread-safe: one event loop. */
final class IntFifo {

    private int[] values = new int[8];
    private int head;
    private int size;

    void add(int v) {
        if (size == values.length) {
            int[] grown = Arrays.copyOf(values, values.length * 2);
            for (int k = 0; k < head; k++) {
                grown[values.length + k] = values[k];
            }
            values = grown;
        }
        values[(head + size) & (values.length - 1)] = v;
        size++;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The oldest value. @throws IllegalStateException when empty */
    int peek() {
        if (size == 0) {
            throw new IllegalStateException("empty");
        }
        return values[head];
    }

    /** Takes the oldest value. @throws IllegalStateException when empty */
    int poll() {
        int v = peek();
        head = (head + 1) & (values.length - 1);
        size--;
        return v;
    }
}
