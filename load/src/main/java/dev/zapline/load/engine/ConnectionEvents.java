package dev.zapline.load.engine;

import dev.zapline.load.metrics.Outcome;

/**
 * What a {@link Connection} reports, on its event loop, for its requests in the order they were written. Every
 * request written gets exactly one of {@link #onResponse} or {@link #onFailure}.
 */
public interface ConnectionEvents {

    /** The oldest request in flight got a complete response of {@code bytes} bytes. */
    void onResponse(int status, long bytes);

    /** The oldest request in flight ended without a response. */
    void onFailure(Outcome outcome);

    /**
     * The connection has delivered everything of one read from the socket (Netty's {@code channelReadComplete}):
     * the engine flushes, in one write per connection, what the responses of the batch made sendable.
     */
    void onReadComplete();

    /** The connection is gone (after the failures of whatever was in flight). */
    void onClosed();
}
