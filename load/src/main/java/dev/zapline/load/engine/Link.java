package dev.zapline.load.engine;

import dev.zapline.load.metrics.Outcome;

/**
 * The driver's side of one connection: its slots (intended and actual send times of the requests in flight, in
 * order) and its reconnect state. Receives the connection's events and hands them to the {@link LoopDriver}.
 * Confined to the loop.
 */
final class Link implements ConnectionEvents, Runnable {

    final LoopDriver driver;
    final int index;
    final int capacity;
    private final long[] intended;
    private final long[] sent;
    private int head;
    int size;
    /** The newest requests in flight not flushed yet ({@link DirtyLinks}); their send time is provisional. */
    private int unflushed;

    Connection conn;
    boolean active;
    boolean dirty;
    /** The connection is being closed because a request timed out: what was in flight counts as TIMEOUT. */
    boolean timedOut;

    /** Requests written on the current connection ({@code --reconnect-every}). */
    int writes;
    /**
     * The current connection has written its {@code --reconnect-every} share: it takes no more requests and is
     * closed (and a new one opened) once the last of them has ended.
     */
    boolean retiring;
    /** Retired when nothing more was due: not reopened. */
    boolean spent;

    int failures;
    long connectStarted;

    Link(LoopDriver driver, int index, int capacity) {
        this.driver = driver;
        this.index = index;
        this.capacity = capacity;
        this.intended = new long[capacity];
        this.sent = new long[capacity];
    }

    boolean hasFree() {
        return active && size < capacity;
    }

    void push(long intendedNanos, long sentNanos) {
        int i = (head + size) % capacity;
        intended[i] = intendedNanos;
        sent[i] = sentNanos;
        size++;
        unflushed++;
    }

    /** The unflushed requests were flushed at {@code nanos}: that is their send time. */
    void flushed(long nanos) {
        for (int k = size - unflushed; k < size; k++) {
            int i = head + k;
            sent[i >= capacity ? i - capacity : i] = nanos;
        }
        unflushed = 0;
    }

    long oldestIntended() {
        return intended[head];
    }

    long oldestSent() {
        return sent[head];
    }

    void pop() {
        if (size == 0) {
            throw new IllegalStateException("connection " + index + ": an ending with nothing in flight");
        }
        head = head + 1 == capacity ? 0 : head + 1;
        size--;
        if (unflushed > size) {
            unflushed = size;
        }
    }

    @Override
    public void onResponse(int status, long bytes) {
        driver.response(this, status, bytes);
    }

    @Override
    public void onFailure(Outcome outcome) {
        driver.failure(this, outcome);
    }

    @Override
    public void onReadComplete() {
        driver.readComplete();
    }

    @Override
    public void onClosed() {
        driver.closed(this);
    }

    /** The reopen task. */
    @Override
    public void run() {
        driver.open(this);
    }
}
