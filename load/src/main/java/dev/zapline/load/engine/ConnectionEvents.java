package dev.zapline.load.engine;

import dev.zapline.load.metrics.Outcome;

/**
 * What a {@link Connection} reports, on its event loop, for its requests. Every request written gets exactly one
 * ending: a FIFO connection (HTTP/1.1, ZAP) ends them in the order they were written ({@link #onResponse(int, long)},
 * {@link #onFailure(Outcome)}); a multiplexed one ({@link Client#outOfOrder}, HTTP/2) names the request it ends by its
 * write number on the connection ({@link #onResponse(int, int, long)}, {@link #onFailure(int, Outcome)}), in any
 * order. A connection uses one kind or the other, never both.
 */
public interface ConnectionEvents {

    /** The oldest request in flight got a complete response of {@code bytes} bytes. */
    void onResponse(int status, long bytes);

    /** The oldest request in flight ended without a response. */
    void onFailure(Outcome outcome);

    /**
     * The request the connection wrote {@code seq}-th (counting from 0 on this connection) got a complete response
     * of {@code bytes} bytes; the others in flight may still be waiting.
     */
    default void onResponse(int seq, int status, long bytes) {
        throw new UnsupportedOperationException("a FIFO listener: request " + seq + " ended out of order");
    }

    /** The request the connection wrote {@code seq}-th ended without a response. */
    default void onFailure(int seq, Outcome outcome) {
        throw new UnsupportedOperationException("a FIFO listener: request " + seq + " failed out of order");
    }

    /**
     * The server changed how many requests the connection may have in flight (HTTP/2's
     * {@code SETTINGS_MAX_CONCURRENT_STREAMS}); {@link Connection#streamLimit} says it from now on.
     */
    default void onStreamLimit(int streams) {}

    /**
     * The connection is about to deliver what one read from the socket brought: every response it completes
     * arrived before this call, so the engine reads its clock once for all of them (the first response's end).
     * Does nothing by default.
     */
    default void onRead() {}

    /**
     * The connection has delivered everything of one read from the socket (Netty's {@code channelReadComplete}):
     * the engine flushes, in one write per connection, what the responses of the batch made sendable.
     */
    void onReadComplete();

    /** The connection is gone (after the failures of whatever was in flight). */
    void onClosed();
}
