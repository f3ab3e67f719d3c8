package dev.zapline.load.engine;

import dev.zapline.load.metrics.Outcome;

/**
 * The driver's side of one connection: its slots (intended and actual send times of the requests in flight, in
 * write order) and its connection's state. Receives the connection's events and hands them to the
 * {@link LoopDriver}. Confined to the loop. Each part of the state is changed by one role, through methods named for
 * what happened: the ring by the writes and endings, {@link #activate}/{@link #deactivate} and the timeout by
 * {@link Slots}, the opening and reconnect state by {@link Pool}.
 *
 * <p>Two ways to end a request. A FIFO connection (HTTP/1.1, ZAP) ends the oldest request in flight
 * ({@link #onResponse(int, long)}); a multiplexed one (HTTP/2) ends the request it wrote {@code seq}-th
 * ({@link #onResponse(int, int, long)}), in any order. Either way the driver hears of the ending's slot
 * ({@link #oldest}, {@link #slot}) and gives it back with {@link #release}. Out of order, the ring keeps an ended
 * flag per slot: the head is always the oldest request still in flight (the one timeouts look at) and advances over
 * the slots ended behind it; a slot ended out of order stays in the ring until then, so the ring grows (doubling,
 * rarely) when one slow request holds the head while the others keep turning over. {@link #inFlight} counts the
 * requests in flight either way.
 */
final class Link implements ConnectionEvents, Runnable {

    final LoopDriver driver;
    final int index;
    final int capacity;
    private long[] intended;
    private long[] sent;
    /** Per slot, whether its request has ended (out-of-order links only; null for FIFO ones). */
    private boolean[] ended;

    private int head;
    /** Slots from the head to the newest, ended ones included ({@code == size} for a FIFO link). */
    private int span;
    /** Requests in flight. */
    private int size;
    /** The connection's write count of the request at the head (out-of-order links). */
    private int headSeq;
    /** The newest requests in flight not flushed yet ({@link DirtyLinks}); their send time is provisional. */
    private int unflushed;
    /** Requests in flight at most on the current connection: {@link #capacity}, or less if the server says so. */
    private int limit;

    private Connection conn;
    /** Open and taking requests. */
    private boolean active;
    /** The connection is being closed because a request timed out: what was in flight counts as TIMEOUT. */
    private boolean timedOut;

    /** Requests written on the current connection ({@code --reconnect-every}). */
    private int writes;
    /** Retire the connection at this many writes ({@code --reconnect-every}, or the connection's own end), 0: never. */
    private int retireAt;
    /**
     * The current connection has written its {@code --reconnect-every} share: it takes no more requests and is
     * closed (and a new one opened) once the last of them has ended.
     */
    private boolean retiring;
    /** Retired when nothing more was due: not reopened. */
    private boolean spent;

    /** Failed openings in a row. */
    private int failures;

    private long connectStarted;

    Link(LoopDriver driver, int index, int capacity) {
        this(driver, index, capacity, false);
    }

    Link(LoopDriver driver, int index, int capacity, boolean outOfOrder) {
        this.driver = driver;
        this.index = index;
        this.capacity = capacity;
        this.limit = capacity;
        int slots = outOfOrder ? Math.max(16, Integer.highestOneBit(Math.max(1, capacity - 1)) << 2) : capacity;
        this.intended = new long[slots];
        this.sent = new long[slots];
        this.ended = outOfOrder ? new boolean[slots] : null;
    }

    boolean hasFree() {
        return active && size < limit;
    }

    /** Requests in flight. */
    int inFlight() {
        return size;
    }

    /** The open connection, or null. */
    Connection connection() {
        return conn;
    }

    /**
     * {@code c} opened: its first write is number 0, its limit what it says ({@link Connection#streamLimit}), and
     * the timeout, the failures in a row and the reconnect count start over.
     */
    void begin(Connection c) {
        conn = c;
        headSeq = 0;
        limit = Math.max(1, Math.min(capacity, c.streamLimit()));
        timedOut = false;
        failures = 0;
        writes = 0;
        retiring = false;
    }

    /** The server changed the connection's stream limit to {@code streams}. */
    void limitStreams(int streams) {
        limit = Math.max(1, Math.min(capacity, Math.min(streams, conn.streamLimit())));
    }

    /** The connection is gone. */
    void closed() {
        conn = null;
    }

    boolean isActive() {
        return active;
    }

    /** Takes requests from now on; true when it did not before. */
    boolean activate() {
        boolean was = active;
        active = true;
        return !was;
    }

    /** Takes no more requests; true when it did before. */
    boolean deactivate() {
        boolean was = active;
        active = false;
        return was;
    }

    /** The connection is closed for a request past the timeout. */
    void timeOut() {
        timedOut = true;
    }

    boolean timedOut() {
        return timedOut;
    }

    /** What a request of this link that ended with {@code o} counts as: a timeout once the link timed out. */
    Outcome endedAs(Outcome o) {
        return timedOut ? Outcome.TIMEOUT : o;
    }

    /** The connection retires after {@code n} writes (0: never). */
    void retireAfter(int n) {
        retireAt = n;
    }

    /** Counts a write: true when it was the connection's last, which makes it retiring. */
    boolean countWrite() {
        if (retireAt > 0 && ++writes >= retireAt) {
            retiring = true;
            return true;
        }
        return false;
    }

    boolean retiring() {
        return retiring;
    }

    /** Closes the retiring connection, whose requests have all ended; {@code last}: no new one is to replace it. */
    void retire(boolean last) {
        retiring = false;
        spent = last;
        conn.close();
    }

    /** Retired when nothing more was due: not to be reopened. */
    boolean spent() {
        return spent;
    }

    /** An opening starts at {@code now}. */
    void connecting(long now) {
        connectStarted = now;
    }

    long connectStarted() {
        return connectStarted;
    }

    /** An opening failed. */
    void connectFailed() {
        failures++;
    }

    /** Failed openings in a row. */
    int failures() {
        return failures;
    }

    void push(long intendedNanos, long sentNanos) {
        if (span == intended.length) {
            grow();
        }
        int i = head + span;
        if (i >= intended.length) {
            i -= intended.length;
        }
        intended[i] = intendedNanos;
        sent[i] = sentNanos;
        span++;
        size++;
        unflushed++;
    }

    /** Only an out-of-order link fills its ring beyond {@link #capacity}: one slow request holds the head. */
    private void grow() {
        int n = intended.length;
        long[] in = new long[n * 2];
        long[] se = new long[n * 2];
        boolean[] en = new boolean[n * 2];
        for (int k = 0; k < span; k++) {
            int i = head + k < n ? head + k : head + k - n;
            in[k] = intended[i];
            se[k] = sent[i];
            en[k] = ended[i];
        }
        intended = in;
        sent = se;
        ended = en;
        head = 0;
    }

    /** The unflushed requests were flushed at {@code nanos}: that is their send time. */
    void flushed(long nanos) {
        for (int k = span - unflushed; k < span; k++) {
            int i = head + k;
            sent[i >= intended.length ? i - intended.length : i] = nanos;
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

    long intended(int slot) {
        return intended[slot];
    }

    long sent(int slot) {
        return sent[slot];
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

    @Override
    public void onResponse(int status, long bytes) {
        driver.answered(this, oldest(), status, bytes);
    }

    @Override
    public void onFailure(Outcome outcome) {
        driver.oldestFailed(this, outcome);
    }

    @Override
    public void onResponse(int seq, int status, long bytes) {
        driver.answered(this, slot(seq), status, bytes);
    }

    @Override
    public void onFailure(int seq, Outcome outcome) {
        driver.failed(this, slot(seq), outcome);
    }

    @Override
    public void onStreamLimit(int streams) {
        driver.streamLimit(this, streams);
    }

    @Override
    public void onReadComplete() {
        driver.readComplete();
    }

    @Override
    public void onClosed() {
        driver.connectionClosed(this);
    }

    /** The reopen task. */
    @Override
    public void run() {
        driver.open(this);
    }
}
