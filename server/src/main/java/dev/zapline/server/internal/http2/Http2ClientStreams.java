package dev.zapline.server.internal.http2;

import dev.zapline.server.internal.route.Endpoint;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Stream;
import java.util.Arrays;

/**
 * The server side of an HTTP/2 connection that knows which stream ids the client really used, and which of them
 * the server reset, where Netty keeps only the highest id. RFC 9113 tells these apart:
 *
 * <ul>
 *   <li>an id the client skipped was implicitly closed when a higher one opened and can never be opened: HEADERS on
 *       it is a connection error PROTOCOL_ERROR (§5.1.1). {@link #streamMayHaveExisted} says no, so Netty refuses
 *       to create the stream behind the next expected id; Netty alone answered RST_STREAM(STREAM_CLOSED).
 *   <li>an id the server reset: what the client sent before it saw the RST_STREAM is ignored (§5.1, "closed"),
 *       where Netty answers each such frame with another RST_STREAM(STREAM_CLOSED) once it forgot the stream.
 *   <li>an id the client used and ended: a closed stream, RST_STREAM(STREAM_CLOSED) as Netty does.
 * </ul>
 *
 * <p>Two bits per id for the last {@link #WINDOW} client ids; an id further back is taken as used and not reset
 * (Netty's answers). Event-loop confined; allocates nothing per stream.
 */
public final class Http2ClientStreams extends DefaultHttp2Connection {

    /** How many of the latest client stream ids are remembered. */
    public static final int WINDOW = 1024;

    /** What a stream error on a stream Netty does not hold (not opened yet, or gone) comes to. */
    public enum Verdict {
        /** Reset the stream, as Netty does. */
        RESET,
        /** Send nothing: a frame the client sent before it saw our RST_STREAM. */
        IGNORE,
        /** A connection error PROTOCOL_ERROR: the client can no longer open that id. */
        CONNECTION_ERROR
    }

    private final long[] used = new long[WINDOW / Long.SIZE];
    private final long[] reset = new long[WINDOW / Long.SIZE];
    /** The highest client stream id used, -1 before the first. */
    private int highest = -1;

    public Http2ClientStreams() {
        super(true);
        addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamAdded(Http2Stream stream) {
                if (remote().isValidStreamId(stream.id())) {
                    opened(stream.id());
                }
            }

            @Override
            public void onStreamClosed(Http2Stream stream) {
                int id = stream.id();
                if (stream.isResetSent() && remote().isValidStreamId(id) && recent(id)) {
                    reset[slot(id)] |= bit(id);
                }
            }
        });
    }

    /** Notes that the client opened {@code id}; the ids it skipped to get there are now closed unused. */
    public void opened(int id) {
        if (id <= highest) {
            return;
        }
        if ((id - highest) / 2 > WINDOW) {
            Arrays.fill(used, 0);
            Arrays.fill(reset, 0);
        } else {
            for (int skipped = highest + 2; skipped < id; skipped += 2) {
                used[slot(skipped)] &= ~bit(skipped);
                reset[slot(skipped)] &= ~bit(skipped);
            }
        }
        used[slot(id)] |= bit(id);
        reset[slot(id)] &= ~bit(id);
        highest = id;
    }

    /** Whether the client used {@code id} (true for ids older than the window: it may have). */
    public boolean used(int id) {
        if (id > highest || id <= 0) {
            return false;
        }
        return !recent(id) || (used[slot(id)] & bit(id)) != 0;
    }

    /** Whether the server reset stream {@code id} (false for ids older than the window). */
    public boolean resetByServer(int id) {
        return id > 0 && id <= highest && recent(id) && (reset[slot(id)] & bit(id)) != 0;
    }

    /**
     * What an inbound stream error on {@code id} comes to when Netty holds no stream for it: Netty refused the
     * header block while decoding it (a bad field: {@code error} PROTOCOL_ERROR), or a frame came on a stream it
     * forgot (STREAM_CLOSED). A header block on an id the client can no longer open (even, or skipped) is a
     * connection error whatever its fields (§5.1.1). A new id is opened to be reset, as Netty does for a header list
     * over the limit: it counts as used, and DATA sent behind the HEADERS is then ignored instead of being DATA on
     * an idle stream, a connection error that would end the client's other streams.
     */
    public Verdict unopened(int id, Http2Error error) {
        if (error == Http2Error.STREAM_CLOSED) {
            return resetByServer(id) ? Verdict.IGNORE : Verdict.RESET;
        }
        if (error != Http2Error.PROTOCOL_ERROR) {
            return Verdict.RESET;
        }
        Endpoint<?> client = remote();
        if (!client.isValidStreamId(id) || (id < highest && !used(id))) {
            return Verdict.CONNECTION_ERROR;
        }
        if (id > highest) {
            try {
                client.createStream(id, true);
            } catch (Http2Exception overTheLimit) {
                // over the stream limit: the reset goes out without a stream, as Netty would
            }
        }
        return Verdict.RESET;
    }

    @Override
    public boolean streamMayHaveExisted(int streamId) {
        return remote().isValidStreamId(streamId) ? used(streamId) : super.streamMayHaveExisted(streamId);
    }

    /** Whether {@code id} (at most the highest) is still in the window. */
    private boolean recent(int id) {
        return highest - id < 2 * WINDOW;
    }

    private static int slot(int id) {
        return ((id >>> 1) & (WINDOW - 1)) >>> 6;
    }

    private static long bit(int id) {
        return 1L << (id >>> 1);
    }
}
