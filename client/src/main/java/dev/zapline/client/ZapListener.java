package dev.zapline.client;

import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpResponse;

/**
 * Receives what one {@link ZapChannel} reads, in request order, on the channel's event loop. Each call carries
 * the tag the request was written with. The views passed in are valid only during the call: copy what you keep.
 *
 * <p>A request ends with exactly one of {@link #onResponse}, {@link #onStreamEnd} or {@link #onFailure}; a
 * streamed response first gets {@link #onStreamHead} and any number of {@link #onStreamData}. When the connection
 * goes, every request still in flight gets {@link #onFailure} (oldest first), then {@link #onClosed} is called
 * once. Implementations should not throw; an exception closes the connection.
 */
public interface ZapListener {

    /** A whole response (frame type 2). */
    void onResponse(long tag, ZapHttpResponse response);

    /** The head of a streamed response (frame type 3); its body is usually empty. */
    void onStreamHead(long tag, ZapHttpResponse head);

    /** A data chunk of the streamed response in progress (frame type 4). */
    void onStreamData(long tag, ZapHttpChunk chunk);

    /** The end of the streamed response in progress (frame type 5); its data is the trailer block. */
    void onStreamEnd(long tag, ZapHttpChunk end);

    /**
     * The channel is about to hand over the frames that one read from the socket completed (before the first of
     * them): all of them had arrived by now. Does nothing by default.
     */
    default void onRead() {}

    /**
     * The channel has handed over every frame of one read from the socket (Netty's {@code channelReadComplete}):
     * the place to {@link ZapChannel#flush()} what the responses of the batch made you write, so a pipelined
     * window leaves in one write instead of one per response. Failures of a closing connection come outside any
     * read batch. Does nothing by default.
     */
    default void onReadComplete() {}

    /** A request in flight when the connection went, with the reason it went. */
    void onFailure(long tag, ZapOutcome outcome);

    /**
     * The connection is closed: {@link ZapOutcome#CLIENT_CLOSED} after {@link ZapChannel#close()}, otherwise the
     * reason, with a detail for diagnosis.
     */
    void onClosed(ZapOutcome reason, String detail);
}
