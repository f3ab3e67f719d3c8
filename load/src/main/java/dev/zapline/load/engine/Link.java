package dev.zapline.load.engine;

import dev.zapline.load.metrics.Outcome;

/**
 * The driver's side of one connection: the requests in flight on it ({@link InFlightRing}) and its connection's
 * state. Receives the connection's events and hands them to the {@link LoopDriver}, naming the slot of the request
 * that ended: the oldest for a FIFO connection (HTTP/1.1, ZAP, {@link #onResponse(int, long)}), the one written
 * {@code seq}-th for a multiplexed one (HTTP/2, {@link #onResponse(int, int, long)}). Confined to the loop. Each part
 * of the state is changed by one role, through methods named for what happened: {@link #activate},
 * {@link #deactivate} and {@link #timeOut} by {@link Slots}; the opening and reconnect state by {@link Pool}.
 */
final class Link implements ConnectionEvents, Runnable {

    final LoopDriver driver;
    final int index;
    final int capacity;
    /** The requests in flight. */
    final InFlightRing ring;
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
        this.ring = new InFlightRing(index, capacity, outOfOrder);
    }

    boolean hasFree() {
        return active && ring.size() < limit;
    }

    /** Requests in flight. */
    int inFlight() {
        return ring.size();
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
        ring.restart();
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

    @Override
    public void onResponse(int status, long bytes) {
        driver.answered(this, ring.oldest(), status, bytes);
    }

    @Override
    public void onFailure(Outcome outcome) {
        driver.oldestFailed(this, outcome);
    }

    @Override
    public void onResponse(int seq, int status, long bytes) {
        driver.answered(this, ring.slot(seq), status, bytes);
    }

    @Override
    public void onFailure(int seq, Outcome outcome) {
        driver.failed(this, ring.slot(seq), outcome);
    }

    @Override
    public void onStreamLimit(int streams) {
        driver.streamLimit(this, streams);
    }

    @Override
    public void onRead() {
        driver.readStarted();
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
