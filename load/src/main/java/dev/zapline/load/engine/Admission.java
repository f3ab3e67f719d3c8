package dev.zapline.load.engine;

/**
 * Which of a loop's requests start and when, apart from any socket or clock: the open model's schedule
 * ({@link OpenModel}) or the closed model's users ({@link ClosedModel}). The {@link LoopDriver} asks it, with the
 * time as an argument, for the requests that are due; for each it answers send, queue or drop; and it keeps the
 * FIFO of requests waiting for a free connection slot, with the longest they may wait. Pure state on one loop:
 * nothing here reads a clock, blocks or allocates after construction.
 *
 * <p>Times are the loop clock's nanoseconds. {@link #NONE} stands for "no such time".
 */
abstract sealed class Admission permits OpenModel, ClosedModel {

    static final long NONE = Long.MIN_VALUE;

    /** What becomes of a due request. */
    enum Verdict {
        /** Write it now, on the free slot the caller has. */
        SEND,
        /** It waits for a slot (appended to the FIFO). */
        QUEUE,
        /** In flight plus waiting has reached the ceiling, or the FIFO is full: count it dropped. */
        DROP
    }

    private final LongRing waiting;
    private final long maxWait;
    /** Requests in flight plus waiting beyond which a due one is dropped. */
    int ceiling;

    Admission(int waitingCapacity, long maxWaitNanos, int ceiling) {
        if (maxWaitNanos <= 0 || ceiling < 1) {
            throw new IllegalArgumentException("max wait " + maxWaitNanos + " ns, ceiling " + ceiling);
        }
        this.waiting = new LongRing(waitingCapacity);
        this.maxWait = maxWaitNanos;
        this.ceiling = ceiling;
    }

    /** Starts the run at {@code start}. */
    abstract void begin(long start);

    /** The intended time of the next request due at {@code now}, taken; {@link #NONE} when none is. */
    abstract long due(long now);

    /** A request of this loop ended at {@code now} (answered, failed or dropped). */
    abstract void ended(long now);

    /** Stops taking new requests; the waiting ones are still the caller's to drop ({@link #pollWaiting}). */
    abstract void stop();

    /** When {@link #due} or {@link #expired} next has something, at the earliest; {@link #NONE} for never. */
    abstract long nextWake();

    /** No request will be due any more and none waits: with nothing in flight, the loop is done. */
    abstract boolean exhausted();

    /**
     * Whether a request's ending can make the next one due at once (a closed-model user's, after its think time),
     * so the driver takes what is due right after each ending; the open model's requests fall due on the
     * schedule's times, taken when the timer wakes.
     */
    abstract boolean endingStartsRequests();

    /** Requests stop starting at {@code endNanos}; set before {@link #begin}. The open schedule ends by itself. */
    void endAt(long endNanos) {}

    /** A response arrived {@code serviceNanos} after its write (the adaptive ceiling's input, if any). */
    void served(long serviceNanos) {}

    /** Moves the ceiling if its rule says so at {@code now} (only the open model's adaptive ceiling moves). */
    void adapt(long now) {}

    /** The ceiling the engine reports ({@link Engine#ceiling}); 0 for the closed model, whose users bound it. */
    int reportedCeiling() {
        return ceiling;
    }

    /**
     * The verdict on a request intended at {@code intended}, given whether the caller holds a free slot and how
     * many requests are in flight: it is sent only when nothing waits before it; a {@code QUEUE} verdict has
     * appended it to the FIFO.
     */
    final Verdict admit(long intended, boolean slotFree, int inflight) {
        if (slotFree && waiting.isEmpty()) {
            return Verdict.SEND;
        }
        if (inflight + waiting.size() >= ceiling || waiting.size() == waiting.capacity()) {
            return Verdict.DROP;
        }
        waiting.add(intended);
        return Verdict.QUEUE;
    }

    /**
     * The oldest waiting request if it has waited longer than the maximum at {@code now}, taken; otherwise
     * {@link #NONE}.
     */
    long expired(long now) {
        return !waiting.isEmpty() && now - waiting.peek() > maxWait ? waiting.poll() : NONE;
    }

    /**
     * Whether a request {@link #expired} at {@code now} leaves because the run is over rather than because it waited
     * too long: it is then not sent, but no failure of the target (a closed-model user waiting for a connection
     * when the run ends, say while {@code --reconnect-every} replaces it).
     */
    boolean over(long now) {
        return false;
    }

    /** When the oldest waiting request expires ({@link #expired} takes it from then on), or {@link #NONE}. */
    final long nextExpiry() {
        return waiting.isEmpty() ? NONE : waiting.peek() + maxWait + 1;
    }

    final boolean hasWaiting() {
        return !waiting.isEmpty();
    }

    final int waitingCount() {
        return waiting.size();
    }

    /** The oldest waiting request's intended time, or {@link #NONE}; {@link #pollWaiting} takes it. */
    final long peekWaiting() {
        return waiting.isEmpty() ? NONE : waiting.peek();
    }

    final long pollWaiting() {
        return waiting.isEmpty() ? NONE : waiting.poll();
    }

    /** The earlier of two times, {@link #NONE} standing for "never". */
    static long earliest(long a, long b) {
        return a == NONE ? b : b == NONE || a - b <= 0 ? a : b;
    }
}
