package dev.zapline.server.internal.http2;

/**
 * Counts frames of one kind per fixed window on a nanosecond clock and says when a peer sends more than its cap
 * in one window (PING and SETTINGS floods: each costs the server an acknowledgement). Event-loop confined.
 */
public final class Http2FloodCounter {

    private final int max;
    private final long windowNanos;
    private long windowStart;
    private int count;
    private boolean started;

    public Http2FloodCounter(int max, long windowNanos) {
        this.max = max;
        this.windowNanos = windowNanos;
    }

    /** Counts one frame at {@code now}; true when it is over the cap of the current window. */
    public boolean exceeded(long now) {
        if (!started || now - windowStart >= windowNanos) {
            started = true;
            windowStart = now;
            count = 0;
        }
        return ++count > max;
    }
}
