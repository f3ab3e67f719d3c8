package dev.zapline.load.engine;

/**
 * The requests in flight on one {@link Link}, in write order: the intended and actual send time of each, in a ring of
 * slots. A FIFO connection (HTTP/1.1, ZAP) ends the oldest request ({@link #oldest}); a multiplexed one (HTTP/2)
 * ends the request it wrote {@code seq}-th ({@link #slot}), in any order; {@link #release} frees the slot either
 * way. Out of order, the ring keeps an ended flag per slot: the head is always the oldest request still in flight
 * (the one timeouts look at) and advances over the slots ended behind it; a slot ended out of order stays in the ring
 * until then, so the ring grows (doubling, rarely) when one slow request holds the head while the others keep
 * turning over. {@link #size} counts the requests in flight either way. Confined to the loop.
 */
final class InFlightRing {

    /** The link's index, for messages. */
    private final int index;

    private final int capacity;
    private long[] intended;
    private long[] sent;
    /** Per slot, what was written: the client's request number, or a journey iteration's ({@link Journeys}). */
    private int[] tags;
    /** Per slot, whether the request first waited for a free slot (the admission queued it). */
    private boolean[] queued;
    /** Per slot, whether its request has ended (out-of-order rings only; null for FIFO ones). */
    private boolean[] ended;

    private int head;
    /** Slots from the head to the newest, ended ones included ({@code == size} for a FIFO ring). */
    private int span;
    /** Requests in flight. */
    private int size;
    /** The connection's write count of the request at the head (out-of-order rings). */
    private int headSeq;
    /** The newest requests in flight not flushed yet ({@link DirtyLinks}); their send time is provisional. */
    private int unflushed;

    InFlightRing(int index, int capacity, boolean outOfOrder) {
        this.index = index;
        this.capacity = capacity;
        int slots = outOfOrder ? Math.max(16, Integer.highestOneBit(Math.max(1, capacity - 1)) << 2) : capacity;
        this.intended = new long[slots];
        this.sent = new long[slots];
        this.tags = new int[slots];
        this.queued = new boolean[slots];
        this.ended = outOfOrder ? new boolean[slots] : null;
    }

    /** Requests in flight. */
    int size() {
        return size;
    }

    /** A new connection: its first write is number 0. */
    void restart() {
        headSeq = 0;
    }

    void push(long intendedNanos, long sentNanos) {
        push(intendedNanos, sentNanos, 0);
    }

    /** A request intended at {@code intendedNanos}, written at {@code sentNanos}, carrying {@code tag}. */
    void push(long intendedNanos, long sentNanos, int tag) {
        push(intendedNanos, sentNanos, tag, false);
    }

    /** Like {@link #push(long, long, int)}; {@code waited}: the request first waited for a free slot. */
    void push(long intendedNanos, long sentNanos, int tag, boolean waited) {
        if (span == intended.length) {
            grow();
        }
        int i = head + span;
        if (i >= intended.length) {
            i -= intended.length;
        }
        intended[i] = intendedNanos;
        sent[i] = sentNanos;
        tags[i] = tag;
        queued[i] = waited;
        span++;
        size++;
        unflushed++;
    }

    /** Only an out-of-order ring fills beyond {@link #capacity}: one slow request holds the head. */
    private void grow() {
        int n = intended.length;
        long[] in = new long[n * 2];
        long[] se = new long[n * 2];
        boolean[] en = new boolean[n * 2];
        int[] ta = new int[n * 2];
        boolean[] qu = new boolean[n * 2];
        for (int k = 0; k < span; k++) {
            int i = head + k < n ? head + k : head + k - n;
            in[k] = intended[i];
            se[k] = sent[i];
            en[k] = ended[i];
            ta[k] = tags[i];
            qu[k] = queued[i];
        }
        intended = in;
        sent = se;
        ended = en;
        tags = ta;
        queued = qu;
        head = 0;
    }

    /** The unflushed requests were flushed at {@code nanos}: that is their send time. */
    void flushed(long nanos) {
        flushed(nanos, null);
    }

    /**
     * The unflushed requests were flushed at {@code nanos}: that is their send time, and unless {@code ledger} is
     * null each one's lateness against its intended time is recorded there ({@link Ledger#flushed}).
     */
    void flushed(long nanos, Ledger ledger) {
        for (int k = span - unflushed; k < span; k++) {
            int i = head + k;
            i = i >= intended.length ? i - intended.length : i;
            sent[i] = nanos;
            if (ledger != null && (ended == null || !ended[i])) {
                ledger.flushed(intended[i], nanos, queued[i]);
            }
        }
        unflushed = 0;
    }

    long oldestIntended() {
        return intended[head];
    }

    long oldestSent() {
        return sent[head];
    }

    /** The slot of the oldest request in flight. */
    int oldest() {
        if (size == 0) {
            throw new IllegalStateException("connection " + index + ": an ending with nothing in flight");
        }
        return ended != null ? slot(headSeq) : head;
    }

    /** When the request in {@code slot} was due (open model) or started (closed model). */
    long intended(int slot) {
        return intended[slot];
    }

    /** What the request in {@code slot} carries: its request number, or its journey iteration's. */
    int tag(int slot) {
        return tags[slot];
    }

    /** When the request in {@code slot} was flushed (provisionally: written, until its flush). */
    long sent(int slot) {
        return sent[slot];
    }

    /**
     * The slot of the request the current connection wrote {@code seq}-th (counting from 0), which must be in flight.
     */
    int slot(int seq) {
        int k = seq - headSeq;
        if (ended == null || k < 0 || k >= span) {
            throw new IllegalStateException("connection " + index + ": request " + seq + " ended, but "
                    + (ended == null
                            ? "the link is FIFO"
                            : "in flight are " + headSeq + " to " + (headSeq + span - 1)));
        }
        int i = head + k;
        i = i >= intended.length ? i - intended.length : i;
        if (ended[i]) {
            throw new IllegalStateException("connection " + index + ": request " + seq + " ended twice");
        }
        return i;
    }

    /** The request in {@code slot} (of {@link #oldest} or {@link #slot}) has ended: its slot is free again. */
    void release(int slot) {
        if (ended != null) {
            end(slot);
            return;
        }
        head = head + 1 == capacity ? 0 : head + 1;
        size--;
        span--;
        if (unflushed > size) {
            unflushed = size;
        }
    }

    /** The request in out-of-order {@code slot} (of {@link #slot}) has ended: the head moves past every ended slot. */
    void end(int slot) {
        ended[slot] = true;
        size--;
        while (span > 0 && ended[head]) {
            ended[head] = false;
            head = head + 1 == intended.length ? 0 : head + 1;
            span--;
            headSeq++;
        }
        if (unflushed > span) {
            unflushed = span;
        }
    }
}
