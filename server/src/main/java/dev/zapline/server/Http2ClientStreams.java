package dev.zapline.server;

import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Stream;
import java.util.Arrays;

/**
 * The server side of an HTTP/2 connection that knows which stream ids the client really used, so "may this stream
 * have existed" is exact where Netty's answer is "is it at or below the highest id". The difference matters for
 * HEADERS on a lower id (RFC 9113 §5.1.1): an id the client skipped was implicitly closed when a higher one opened
 * and can never be opened, so HEADERS on it is a connection error PROTOCOL_ERROR (Netty then refuses to create the
 * stream behind the next expected id), while an id the client did use is a closed stream (§5.1: the frame may be in
 * flight after our RST_STREAM), answered RST_STREAM(STREAM_CLOSED) as before.
 *
 * <p>One bit per id for the last {@link #WINDOW} client ids; an id further back is taken as used (Netty's answer).
 * Event-loop confined; allocates nothing per stream.
 */
final class Http2ClientStreams extends DefaultHttp2Connection {

    /** How many of the latest client stream ids are remembered. */
    static final int WINDOW = 1024;

    private final long[] used = new long[WINDOW / Long.SIZE];
    /** The highest client stream id used, -1 before the first. */
    private int highest = -1;

    Http2ClientStreams() {
        super(true);
        addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamAdded(Http2Stream stream) {
                if (remote().isValidStreamId(stream.id())) {
                    opened(stream.id());
                }
            }
        });
    }

    /** Notes that the client opened {@code id}; the ids it skipped to get there are now closed unused. */
    void opened(int id) {
        if (id <= highest) {
            return;
        }
        if ((id - highest) / 2 > WINDOW) {
            Arrays.fill(used, 0);
        } else {
            for (int skipped = highest + 2; skipped < id; skipped += 2) {
                used[slot(skipped)] &= ~bit(skipped);
            }
        }
        used[slot(id)] |= bit(id);
        highest = id;
    }

    /** Whether the client used {@code id} (true for ids older than the window: it may have). */
    boolean used(int id) {
        if (id > highest || id <= 0) {
            return false;
        }
        return highest - id >= 2 * WINDOW || (used[slot(id)] & bit(id)) != 0;
    }

    /**
     * For a stream error on {@code id} before its stream was opened (Netty refused the header block while decoding
     * it): false when the client can no longer open {@code id} (an even id, or one it skipped), which makes the
     * error a connection error PROTOCOL_ERROR whatever the fields (RFC 9113 §5.1.1). Otherwise true, and a new id is
     * opened to be reset, as Netty does for a header list over the limit: it counts as used, and DATA the client
     * sent behind the HEADERS is then dropped (§5.1: frames on a stream we reset) instead of being DATA on an idle
     * stream, a connection error that would end the client's other streams.
     */
    boolean toReset(int id) {
        Endpoint<?> client = remote();
        if (!client.isValidStreamId(id) || (id < highest && !used(id))) {
            return false;
        }
        if (id > highest) {
            try {
                client.createStream(id, true);
            } catch (Http2Exception overTheLimit) {
                // over the stream limit: the reset goes out without a stream, as Netty would
            }
        }
        return true;
    }

    @Override
    public boolean streamMayHaveExisted(int streamId) {
        return remote().isValidStreamId(streamId) ? used(streamId) : super.streamMayHaveExisted(streamId);
    }

    private static int slot(int id) {
        return ((id >>> 1) & (WINDOW - 1)) >>> 6;
    }

    private static long bit(int id) {
        return 1L << (id >>> 1);
    }
}
