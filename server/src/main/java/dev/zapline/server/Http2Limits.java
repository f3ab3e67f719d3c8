package dev.zapline.server;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * HTTP/2 settings advertised to clients and the protections that keep one misbehaving client from costing the
 * server more than its own connection: each breach is answered with a GOAWAY (error code in brackets) and a
 * close, other connections unaffected. The HTTP/1.1 {@link ServerConfig#limits() limits} still bound the request
 * body (413) and, through {@link #maxHeaderListSize}, the header block.
 *
 * <p>Start from {@link #DEFAULT} and change what you need with the {@code with} methods:
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=http2}
 *
 * <p>Immutable and thread-safe; docs/server.md "HTTP/2" lists what each breach is answered with.
 *
 * @param maxConcurrentStreams SETTINGS_MAX_CONCURRENT_STREAMS (256); a stream over it is refused (REFUSED_STREAM)
 * @param maxHeaderListSize SETTINGS_MAX_HEADER_LIST_SIZE, decoded bytes (64 KiB, as HTTP/1.1's header limit): a
 *     header list over it (an HPACK bomb included: a small block decoding to a large list) gets a 431 response on
 *     its stream; a header block whose encoded bytes pass 1.25 times it, still arriving in CONTINUATION frames, is
 *     a connection error [PROTOCOL_ERROR]
 * @param maxFrameSize SETTINGS_MAX_FRAME_SIZE (16384, the minimum HTTP/2 allows)
 * @param initialStreamWindow SETTINGS_INITIAL_WINDOW_SIZE for request bodies (1 MiB)
 * @param connectionWindow the connection's receive window, opened by a WINDOW_UPDATE on stream 0 (16 MiB)
 * @param maxResetsPerWindow RST_STREAM frames a client may send per {@link #floodWindow} before the connection
 *     is closed (200; rapid reset, CVE-2023-44487) [ENHANCE_YOUR_CALM]
 * @param maxControlFramesPerWindow PING and SETTINGS frames a client may send per {@link #floodWindow} (100)
 *     [ENHANCE_YOUR_CALM]
 * @param floodWindow the window the two counts above are taken over (10 s)
 * @param maxQueuedControlFrames control frames (PING and SETTINGS acks, RST_STREAM) queued unflushed because the
 *     client does not read them (10000) [ENHANCE_YOUR_CALM]
 * @param maxConsecutiveEmptyData empty DATA frames without END_STREAM in a row (2) [ENHANCE_YOUR_CALM]
 * @param maxSmallContinuationFrames CONTINUATION frames of under 8 KiB allowed in one header block (16)
 *     [ENHANCE_YOUR_CALM]
 * @param stallTimeout how long a response may wait on a flow-control window the client keeps at zero (10 s)
 *     [ENHANCE_YOUR_CALM]
 */
public record Http2Limits(
        int maxConcurrentStreams,
        int maxHeaderListSize,
        int maxFrameSize,
        int initialStreamWindow,
        int connectionWindow,
        int maxResetsPerWindow,
        int maxControlFramesPerWindow,
        Duration floodWindow,
        int maxQueuedControlFrames,
        int maxConsecutiveEmptyData,
        int maxSmallContinuationFrames,
        Duration stallTimeout) {

    public static final Http2Limits DEFAULT = new Http2Limits(
            256,
            64 << 10,
            16384,
            1 << 20,
            16 << 20,
            200,
            100,
            Duration.ofSeconds(10),
            10_000,
            2,
            16,
            Duration.ofSeconds(10));

    public Http2Limits {
        if (maxConcurrentStreams < 1
                || maxHeaderListSize < 64
                || maxResetsPerWindow < 1
                || maxControlFramesPerWindow < 1
                || maxQueuedControlFrames < 1
                || maxConsecutiveEmptyData < 1
                || maxSmallContinuationFrames < 1) {
            throw new IllegalArgumentException("HTTP/2 limits out of range: " + this);
        }
        if (maxFrameSize < 16384 || maxFrameSize > 16777215) {
            throw new IllegalArgumentException("max frame size " + maxFrameSize + " outside 16384..16777215");
        }
        if (initialStreamWindow < 1 || connectionWindow < 65535) {
            throw new IllegalArgumentException("stream window " + initialStreamWindow + " < 1 or connection window "
                    + connectionWindow + " < 65535");
        }
        if (!floodWindow.isPositive() || !stallTimeout.isPositive()) {
            throw new IllegalArgumentException(
                    "flood window " + floodWindow + " and stall timeout " + stallTimeout + " must be positive");
        }
    }

    public Http2Limits withMaxConcurrentStreams(int n) {
        return with(f -> f.maxConcurrentStreams = n);
    }

    public Http2Limits withMaxHeaderListSize(int bytes) {
        return with(f -> f.maxHeaderListSize = bytes);
    }

    public Http2Limits withWindows(int stream, int connection) {
        return with(f -> f.windows(stream, connection));
    }

    /** The flood caps: RST_STREAM and PING/SETTINGS frames allowed per {@code window}. */
    public Http2Limits withFloodCaps(int resets, int controlFrames, Duration window) {
        return with(f -> f.floodCaps(resets, controlFrames, window));
    }

    public Http2Limits withStallTimeout(Duration d) {
        return with(f -> f.stallTimeout = d);
    }

    /** A copy with what {@code change} sets, the rest as here (the constructor checks the result). */
    private Http2Limits with(Consumer<Fields> change) {
        Fields f = new Fields(this);
        change.accept(f);
        return f.limits();
    }

    /** The components as fields the {@code with} methods change, grouped as those methods set them. */
    private static final class Fields {
        private int maxConcurrentStreams;
        private int maxHeaderListSize;
        private final int maxFrameSize;
        private int initialStreamWindow;
        private int connectionWindow;
        private int maxResetsPerWindow;
        private int maxControlFramesPerWindow;
        private Duration floodWindow;
        private final int maxQueuedControlFrames;
        private final int maxConsecutiveEmptyData;
        private final int maxSmallContinuationFrames;
        private Duration stallTimeout;

        Fields(Http2Limits l) {
            maxConcurrentStreams = l.maxConcurrentStreams;
            maxHeaderListSize = l.maxHeaderListSize;
            maxFrameSize = l.maxFrameSize;
            windows(l.initialStreamWindow, l.connectionWindow);
            floodCaps(l.maxResetsPerWindow, l.maxControlFramesPerWindow, l.floodWindow);
            maxQueuedControlFrames = l.maxQueuedControlFrames;
            maxConsecutiveEmptyData = l.maxConsecutiveEmptyData;
            maxSmallContinuationFrames = l.maxSmallContinuationFrames;
            stallTimeout = l.stallTimeout;
        }

        void windows(int stream, int connection) {
            initialStreamWindow = stream;
            connectionWindow = connection;
        }

        void floodCaps(int resets, int controlFrames, Duration window) {
            maxResetsPerWindow = resets;
            maxControlFramesPerWindow = controlFrames;
            floodWindow = window;
        }

        Http2Limits limits() {
            return new Http2Limits(
                    maxConcurrentStreams,
                    maxHeaderListSize,
                    maxFrameSize,
                    initialStreamWindow,
                    connectionWindow,
                    maxResetsPerWindow,
                    maxControlFramesPerWindow,
                    floodWindow,
                    maxQueuedControlFrames,
                    maxConsecutiveEmptyData,
                    maxSmallContinuationFrames,
                    stallTimeout);
        }
    }
}
