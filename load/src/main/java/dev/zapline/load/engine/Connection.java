package dev.zapline.load.engine;

/**
 * One connection of a {@link Client}, used only on its event loop: writes the client's pre-encoded requests and
 * reports what comes back to its {@link ConnectionEvents}, in request order (or by request, when
 * {@link Client#outOfOrder}). Implementations allocate nothing per
 * request in steady state.
 */
public interface Connection {

    /**
     * Appends the client's request {@code i} to the outbound buffer; false (nothing written) when the connection is
     * closed.
     */
    boolean write(int i);

    /** Sends what {@link #write} appended. */
    void flush();

    boolean isActive();

    /**
     * How many requests the connection may have in flight at once, as the server allows (HTTP/2's
     * {@code SETTINGS_MAX_CONCURRENT_STREAMS}); the engine never writes beyond it. Read when the connection opens and
     * after {@link ConnectionEvents#onStreamLimit}.
     */
    default int streamLimit() {
        return Integer.MAX_VALUE;
    }

    /**
     * How many requests the connection can write in its life (HTTP/2 runs out of stream ids), 0 for no end. The
     * engine retires the connection when it has written that many, as for {@code --reconnect-every}.
     */
    default int maxWrites() {
        return 0;
    }

    /**
     * The TLS handshake the connection made before it counted as open, or null for a plaintext connection. Read once,
     * when the connect future completes.
     */
    default Handshake handshake() {
        return null;
    }

    /**
     * The last response's headers and body as a journey step reads them ({@link dev.zapline.load.journey.Response}),
     * valid during the {@link ConnectionEvents#onResponse} call that reports it; null for a connection that runs no
     * journeys.
     */
    default dev.zapline.load.journey.Response response() {
        return null;
    }

    /**
     * Closes the connection; each request in flight then gets {@link ConnectionEvents#onFailure}, then
     * {@link ConnectionEvents#onClosed} is called once (now or later on the loop).
     */
    void close();
}
