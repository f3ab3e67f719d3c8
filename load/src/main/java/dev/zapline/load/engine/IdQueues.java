package dev.zapline.load.engine;

import java.util.Arrays;

/**
 * The journeys of one loop between two steps, by iteration number, each with the time its next step is due: the
 * thinking ones in a min-heap on that time, the ready ones (due, no free connection slot yet) in a FIFO. Both grow
 * by doubling when more journeys are live than ever before, and never allocate otherwise. Confined to the loop.
 */
final class IdQueues {

    private long[] due = new long[64];
    private int[] heap = new int[64];
    private int heapSize;
    private final IntFifo ready = new IntFifo();

    /** When iteration {@code id}'s next step is due (set by {@link #think} or {@link #ready}). */
    long due(int id) {
        return due[id];
    }

    /** Iteration {@code id}'s next step is due at {@code at}: it waits in the heap until then. */
    void think(int id, long at) {
        ensure(id);
        due[id] = at;
        if (heapSize == heap.length) {
            heap = Arrays.copyOf(heap, heapSize * 2);
        }
        int i = heapSize++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (due[heap[parent]] - at <= 0) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = id;
    }

    /** The earliest thinking iteration's due time, or {@link Admission#NONE}. */
    long nextThinkingDue() {
        return heapSize == 0 ? Admission.NONE : due[heap[0]];
    }

    /** The earliest thinking iteration if it is due at {@code now}, taken; -1 otherwise. */
    int dueAt(long now) {
        if (heapSize == 0 || due[heap[0]] - now > 0) {
            return -1;
        }
        int top = heap[0];
        int last = heap[--heapSize];
        int i = 0;
        long d = due[last];
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && due[heap[child + 1]] - due[heap[child]] < 0) {
                child++;
            }
            if (d - due[heap[child]] <= 0) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        if (heapSize > 0) {
            heap[i] = last;
        }
        return top;
    }

    /** Any thinking iteration, taken (the run stopped: none will be due), or -1. */
    int pollThinking() {
        return heapSize == 0 ? -1 : heap[--heapSize];
    }

    int thinking() {
        return heapSize;
    }

    /** Iteration {@code id}'s next step, due at {@code at}, waits for a free slot (after those already waiting). */
    void ready(int id, long at) {
        ensure(id);
        due[id] = at;
        ready.add(id);
    }

    boolean hasReady() {
        return !ready.isEmpty();
    }

    int readyCount() {
        return ready.size();
    }

    /** The oldest ready iteration, or -1; {@link #pollReady} takes it. */
    int peekReady() {
        return ready.isEmpty() ? -1 : ready.peek();
    }

    int pollReady() {
        return ready.isEmpty() ? -1 : ready.poll();
    }

    private void ensure(int id) {
        if (id >= due.length) {
            due = Arrays.copyOf(due, Math.max(due.length * 2, id + 1));
        }
    }
}
