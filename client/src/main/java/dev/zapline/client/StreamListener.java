package dev.zapline.client;

import java.util.List;

/**
 * Receives one response of {@link ZapClient#stream} as it arrives: {@link #onHead} once, {@link #onData} per
 * chunk of a streamed response, then {@link #onEnd}; or {@link #onError} at any point instead of the rest. A
 * whole (non-streamed) response arrives as {@code onHead} with its body, then {@code onEnd}.
 *
 * <p>Called on the connection's event loop, one call at a time: do not block. An exception thrown here is logged
 * and otherwise ignored.
 */
public interface StreamListener {

    /** Status and headers; the body is the whole body of a non-streamed response, usually empty otherwise. */
    void onHead(ZapResponse head);

    /** One chunk of a streamed response (the array is the listener's to keep). */
    void onData(byte[] data);

    /** The end, with the trailers (often none). */
    void onEnd(List<ZapHeader> trailers);

    /** The response will not arrive (or not completely), with the outcome saying why. */
    void onError(ZapException error);
}
