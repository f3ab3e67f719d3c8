package dev.zapline.load.engine;

/**
 * The open streams of one {@link Http2Connection}: a fixed pool of slots (as many as the connection may have
 * streams at once) holding each stream's state, found by stream id through an open-addressing table (linear
 * probing, deletion by backward shift). Ids are odd and rising, so {@code id >>> 1} spreads them. Allocates nothing
 * after construction. Confined to the connection's thread.
 */
final class H2Streams {

    /** Per slot: the stream id, 0 for a free slot. */
    final int[] id;
    /** Per slot: the final status seen so far, 0 before the response's head. */
    final int[] status;
    /** Per slot: bytes of the response's frames so far (frame headers included). */
    final long[] bytes;
    /** Per slot: DATA bytes received and not yet given back by a WINDOW_UPDATE. */
    final int[] unacked;
    /** Per slot: what the stream may still send (the peer's window for it; negative after a smaller setting). */
    final int[] window;
    /** Per slot: which of the client's requests, and how much of its body has gone. */
    final int[] request;

    final int[] bodySent;
    /** Per slot: waiting in the connection's queue for window to send its body. */
    final boolean[] blocked;

    private final int[] free;
    private int freeCount;
    private final int[] keys;
    private final int[] vals;
    private final int mask;
    private int open;

    H2Streams(int slots) {
        id = new int[slots];
        status = new int[slots];
        bytes = new long[slots];
        unacked = new int[slots];
        window = new int[slots];
        request = new int[slots];
        bodySent = new int[slots];
        blocked = new boolean[slots];
        free = new int[slots];
        for (int i = 0; i < slots; i++) {
            free[i] = slots - 1 - i;
        }
        freeCount = slots;
        int n = Integer.highestOneBit(Math.max(2, slots * 2 - 1)) << 1;
        keys = new int[n];
        vals = new int[n];
        mask = n - 1;
    }

    /** Streams open. */
    int open() {
        return open;
    }

    int capacity() {
        return id.length;
    }

    /** Opens stream {@code streamId} with a send window of {@code sendWindow}; returns its slot. */
    int add(int streamId, int sendWindow, int requestIndex) {
        if (freeCount == 0) {
            throw new IllegalStateException("stream " + streamId + ": all " + id.length + " slots in use");
        }
        int s = free[--freeCount];
        id[s] = streamId;
        status[s] = 0;
        bytes[s] = 0;
        unacked[s] = 0;
        window[s] = sendWindow;
        request[s] = requestIndex;
        bodySent[s] = 0;
        blocked[s] = false;
        int h = (streamId >>> 1) & mask;
        while (keys[h] != 0) {
            h = (h + 1) & mask;
        }
        keys[h] = streamId;
        vals[h] = s;
        open++;
        return s;
    }

    /** The slot of open stream {@code streamId}, or -1. */
    int find(int streamId) {
        if (streamId == 0) {
            return -1;
        }
        for (int h = (streamId >>> 1) & mask; keys[h] != 0; h = (h + 1) & mask) {
            if (keys[h] == streamId) {
                return vals[h];
            }
        }
        return -1;
    }

    /** Closes the stream in {@code slot}. */
    void remove(int slot) {
        int streamId = id[slot];
        int h = (streamId >>> 1) & mask;
        while (keys[h] != streamId) {
            h = (h + 1) & mask;
        }
        // backward shift: move up each later entry of the run whose home is at or before the hole
        int hole = h;
        for (int j = (hole + 1) & mask; keys[j] != 0; j = (j + 1) & mask) {
            int home = (keys[j] >>> 1) & mask;
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                vals[hole] = vals[j];
                hole = j;
            }
        }
        keys[hole] = 0;
        id[slot] = 0;
        free[freeCount++] = slot;
        open--;
    }
}
