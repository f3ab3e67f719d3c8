package dev.zapline.load.engine;

/**
 * The links of one loop written to since their last flush, flushed together once per event-loop turn: at the end
 * of a read batch ({@link ConnectionEvents#onReadComplete}) or of a pacing tick. Requests that became sendable in
 * one turn thus leave in one write per connection (as wrk writes its whole pipeline window), not one per response.
 *
 * <p>Send time. A request's actual send time is the moment its connection is flushed, read once per link just
 * before the flush hands the link's bytes to the channel: the requests appended to a link in one turn share it.
 * Taking it when the request was appended instead would count the rest of the read batch (the other responses
 * parsed after it) as service time of the server; taking it later than the flush would hide the flush itself.
 * Latency from the intended time is unaffected. The flush is also where each request's send lag is recorded (how
 * late it left after its intended time, {@link Ledger#flushed}): the loop's own delay, as the target cannot slow
 * it. Confined to the loop; allocates nothing.
 */
final class DirtyLinks {

    private final Link[] links;
    private final NanoClock clock;
    /** The indexes of the marked links, in the order marked. */
    private final int[] dirty;
    /** Per link index, whether it is marked. */
    private final boolean[] marked;

    private int count;

    DirtyLinks(Link[] links, NanoClock clock) {
        this.links = links;
        this.clock = clock;
        this.dirty = new int[links.length];
        this.marked = new boolean[links.length];
    }

    /** {@code l} has unflushed requests. */
    void mark(Link l) {
        if (!marked[l.index]) {
            marked[l.index] = true;
            dirty[count++] = l.index;
        }
    }

    /** Flushes every marked link once and stamps its unflushed requests with the flush time. */
    void flush() {
        for (int i = 0; i < count; i++) {
            Link l = links[dirty[i]];
            marked[l.index] = false;
            Connection c = l.connection();
            if (c != null) {
                long now = clock.nanos();
                c.flush();
                l.ring.flushed(now, l.driver == null ? null : l.driver.ledger());
            }
        }
        count = 0;
    }
}
