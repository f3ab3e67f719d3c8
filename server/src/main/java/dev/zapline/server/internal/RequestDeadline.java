package dev.zapline.server.internal;

import io.netty.util.concurrent.EventExecutor;

/**
 * How long a request may take to arrive whole on a byte-stream connection (HTTP/1.1, ZAP): the idle timeout, timed
 * from the read that brought its first byte, so that a client trickling bytes (each read restarts the idle count)
 * still cannot hold a request open. Read on the event loop's ticker, the clock its scheduled checks run on:
 * monotonic, and a test's manual one when the channel's loop has one. Event-loop confined.
 */
public final class RequestDeadline {

    private final long timeoutNanos;
    /** Whether part of a request has arrived and {@link #since} times it. */
    private boolean partial;
    /** When the read that brought the first byte of the request still being received ran. */
    private long since;

    public RequestDeadline(long timeoutNanos) {
        this.timeoutNanos = timeoutNanos;
    }

    /** After a decode: whether part of a request is held; the first decode that leaves one starts its time. */
    public void receiving(boolean part, EventExecutor loop) {
        if (!part) {
            partial = false;
        } else if (!partial) {
            partial = true;
            since = loop.ticker().nanoTime();
        }
    }

    /** The request arrived whole: bytes after it, if any, are the next request's, timed when decoding reaches them. */
    public void arrived() {
        partial = false;
    }

    /** Whether the request being received has taken the timeout or longer since its first byte. */
    public boolean expired(EventExecutor loop) {
        return partial && loop.ticker().nanoTime() - since >= timeoutNanos;
    }
}
