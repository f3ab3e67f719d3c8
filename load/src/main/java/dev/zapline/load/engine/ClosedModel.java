package dev.zapline.load.engine;

/**
 * The closed model's admission: each user sends a request, waits for it to end, thinks, and sends the next, until
 * the run's end; its request is due when its think time is over. A user's request that finds no free slot waits
 * (never dropped for a ceiling: users are bounded) until the maximum wait or the end. After the end, or a stop, a
 * user whose request ends retires, and so does a thinking one; the loop is exhausted when every user has.
 */
final class ClosedModel extends Admission {

    private final LongRing thinking;
    private final long think;
    private int users;
    private long end = Long.MAX_VALUE;
    private boolean stopped;

    ClosedModel(int users, long thinkNanos, long maxWaitNanos) {
        super(Math.max(1, users), maxWaitNanos, Integer.MAX_VALUE);
        this.thinking = new LongRing(Math.max(1, users));
        this.think = thinkNanos;
        this.users = users;
    }

    /** Users stop starting requests at {@code endNanos}; set before {@link #begin}. */
    @Override
    void endAt(long endNanos) {
        end = endNanos;
    }

    @Override
    void begin(long start) {
        for (int i = 0; i < users; i++) {
            thinking.add(start);
        }
    }

    @Override
    long due(long now) {
        if (now - end >= 0) {
            users -= thinking.size();
            while (!thinking.isEmpty()) {
                thinking.poll();
            }
            return NONE;
        }
        return !thinking.isEmpty() && thinking.peek() - now <= 0 ? thinking.poll() : NONE;
    }

    @Override
    boolean over(long now) {
        return now - end >= 0;
    }

    /** Also every waiting request once the end has come: the users stop. */
    @Override
    long expired(long now) {
        return now - end >= 0 ? pollWaiting() : super.expired(now);
    }

    @Override
    void ended(long now) {
        if (stopped || now - end >= 0) {
            users--;
        } else {
            thinking.add(now + think);
        }
    }

    @Override
    void stop() {
        stopped = true;
        users -= thinking.size();
        while (!thinking.isEmpty()) {
            thinking.poll();
        }
    }

    @Override
    long nextWake() {
        long w = earliest(thinking.isEmpty() ? NONE : thinking.peek(), nextExpiry());
        return (hasWaiting() || !thinking.isEmpty()) && end != Long.MAX_VALUE ? earliest(w, end) : w;
    }

    @Override
    boolean exhausted() {
        return users == 0;
    }

    /** True: the user whose request ended thinks, then sends again (at once without a think time). */
    @Override
    boolean endingStartsRequests() {
        return true;
    }

    @Override
    int reportedCeiling() {
        return 0;
    }

    /** Users that have not retired. */
    int users() {
        return users;
    }
}
