package dev.zapline.load.engine;

/**
 * One connection of a {@link Client}, used only on its event loop: writes the client's pre-encoded requests and
 * reports what comes back to its {@link ConnectionEvents}, in request order. Implementations allocate nothing per
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
     * The TLS handshake the connection made before it counted as open, or null for a plaintext connection. Read once,
     * when the connect future completes.
     */
    default Handshake handshake() {
        return null;
    }

    /**
     * Closes the connection; each request in flight then gets {@link ConnectionEvents#onFailure}, then
     * {@link ConnectionEvents#onClosed} is called once (now or later on the loop).
     */
    void close();
}
