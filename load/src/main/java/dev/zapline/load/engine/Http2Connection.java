package dev.zapline.load.engine;

import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.internal.h2.H2Exception;
import dev.zapline.load.internal.h2.H2FrameReader;
import dev.zapline.load.metrics.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.concurrent.CompletableFuture;

/**
 * One HTTP/2 connection of {@link Http2LoadClient} (RFC 9113), written over frames by hand: the handler that reads
 * the server's frames and the {@link Connection} the engine writes through. Each request is a stream (ids 1, 3, 5,
 * ...; the k-th write is stream {@code 2k + 1}), its pre-encoded header block sent verbatim in one HEADERS frame, a
 * body after it in DATA frames as the server's flow-control windows allow. Responses end in any order and are
 * reported by write number ({@link ConnectionEvents#onResponse(int, int, long)}), with the bytes of the stream's
 * frames. Confined to the channel's event loop; nothing allocated per request once warm.
 *
 * <p>Opening. The client sends the preface, its SETTINGS (no push, a 16 MiB stream window) and a WINDOW_UPDATE
 * that makes the connection's window as large; the connection counts as open, and its connect future completes,
 * when the server's first SETTINGS frame has arrived (and is acknowledged), so the engine starts with the server's
 * stream limit ({@link #streamLimit}). A server that does not speak HTTP/2 fails the connect.
 *
 * <p>Receiving. Each header block goes through the connection's HPACK decoder (every block, to keep its dynamic
 * table in step); DATA is counted, not kept, and the window is given back (connection and stream, in one
 * WINDOW_UPDATE each) once half of it is used, so a long run never stalls. PINGs are answered.
 *
 * <p>Endings. A stream ends with END_STREAM (a response, or a protocol error if it had no final status), with
 * RST_STREAM ({@link Outcome#REFUSED} for REFUSED_STREAM, {@link Outcome#PROTOCOL_ERROR} for PROTOCOL_ERROR,
 * {@link Outcome#RESET} otherwise), or with GOAWAY when its id is above the server's last ({@link Outcome#GOAWAY});
 * after a GOAWAY the connection takes no more requests and closes when the streams below have ended. A frame the
 * client cannot accept closes the connection with a GOAWAY of its own, what was in flight failing as
 * {@link Outcome#PROTOCOL_ERROR}. Stream ids run out after 2^30 requests: {@link #maxWrites} lets the engine retire
 * the connection before.
 */
final class Http2Connection extends LoadConnection implements H2FrameReader.Frames {

    /** Our stream and connection receive window. */
    static final int WINDOW = 16 << 20;
    /** Give back received bytes once this many are unacknowledged. */
    private static final int WINDOW_UPDATE_AT = WINDOW / 2;

    private final byte[][] blocks;
    private final byte[][] bodies;
    private final H2Streams streams;
    private final int maxWrites;
    private final int[] ending;
    private final H2FrameReader reader = new H2FrameReader(H2.DEFAULT_MAX_FRAME);
    private final H2HeaderBlocks headerBlocks = new H2HeaderBlocks();
    private final H2Out h2;
    private boolean started;

    private int nextId = 1;
    private int peerMaxStreams = Integer.MAX_VALUE;
    private int recvUnacked;
    private boolean goaway;

    /**
     * A connection sending {@code blocks[i]} (and {@code bodies[i]}, maybe empty) for request i, with at most
     * {@code streams} streams at once and stream ids up to {@code maxStreamId}; {@code ready} completes when it is
     * open; {@code handshake} is its TLS handshake, or null.
     */
    Http2Connection(
            byte[][] blocks,
            byte[][] bodies,
            ConnectionEvents events,
            int streams,
            int maxStreamId,
            CompletableFuture<Connection> ready,
            Handshake handshake) {
        super(events, ready, handshake);
        this.blocks = blocks;
        this.bodies = bodies;
        this.streams = new H2Streams(streams);
        this.maxWrites = ((maxStreamId - 1) >>> 1) + 1;
        this.ending = new int[streams];
        this.h2 = new H2Out(out, this.streams, bodies);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        super.handlerAdded(chc);
        h2.channel(channel);
        if (channel.isActive()) {
            start(); // added once TLS had chosen h2
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext chc) {
        start();
        chc.fireChannelActive();
    }

    private void start() {
        if (started) {
            return;
        }
        started = true;
        h2.preface(WINDOW);
        send();
        awaitOpen("HTTP/2 SETTINGS");
    }

    @Override
    public int streamLimit() {
        return Math.min(streams.capacity(), peerMaxStreams);
    }

    @Override
    public int maxWrites() {
        return maxWrites;
    }

    @Override
    public boolean write(int i) {
        int id = nextId;
        if (goaway || !opened() || id < 0 || streams.open() >= streamLimit() || !isActive()) {
            return false;
        }
        nextId = id + 2;
        h2.request(streams.add(id, h2.initialWindow, i), blocks[i], bodies[i].length > 0);
        return true;
    }

    @Override
    public boolean isActive() {
        return !goaway && super.isActive();
    }

    @Override
    protected void read(ChannelHandlerContext chc, ByteBuf in) {
        try {
            while (!closed && reader.next(in, this)) {
                // each frame handled by data() or frame()
            }
        } catch (H2Exception e) {
            h2.goaway(e.code());
            broken("the server at " + channel.remoteAddress() + " did not speak HTTP/2 (error " + e.code() + ")");
        } finally {
            in.release();
        }
    }

    @Override
    public void data(int stream, int flags, int length) throws H2Exception {
        if (headerBlocks.continuing() != 0 || stream == 0) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "DATA on stream " + stream);
        }
        recvUnacked += length;
        int slot = counted(stream, length);
        if (slot >= 0 && (flags & H2.FLAG_END_STREAM) != 0) {
            complete(slot);
        } else if (slot >= 0 && (streams.unacked[slot] += length) >= WINDOW_UPDATE_AT) {
            h2.windowUpdate(stream, streams.unacked[slot]);
            streams.unacked[slot] = 0;
        }
        if (recvUnacked >= WINDOW_UPDATE_AT) {
            h2.windowUpdate(0, recvUnacked);
            recvUnacked = 0;
        }
    }

    /**
     * The stream a frame of {@code len} bytes came on: its slot, the frame counted in the response's bytes, or -1 for
     * one that is not open (fine if it was one of ours that ended, an error otherwise).
     */
    private int counted(int stream, int len) throws H2Exception {
        int slot = streams.find(stream);
        if (slot >= 0) {
            streams.bytes[slot] += H2.FRAME_HEADER + len;
        } else if ((stream & 1) == 0 || nextId > 0 && stream >= nextId) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "frame on stream " + stream + ", never opened");
        }
        return slot;
    }

    @Override
    public void frame(int type, int flags, int stream, byte[] p, int len) throws H2Exception {
        if (headerBlocks.continuing() != 0 && type != H2.CONTINUATION) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "frame of type " + type + " inside a header block");
        }
        if (!opened() && type != H2.SETTINGS) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "frame of type " + type + " before the server's SETTINGS");
        }
        switch (type) {
            case H2.HEADERS -> headers(flags, stream, p, len);
            case H2.CONTINUATION -> continuation(flags, stream, p, len);
            case H2.SETTINGS -> settings(flags, stream, p, len);
            case H2.PING -> ping(flags, stream, p, len);
            case H2.GOAWAY -> goaway(stream, p, len);
            case H2.RST_STREAM -> reset(stream, p, len);
            case H2.WINDOW_UPDATE -> windowUpdate(stream, p, len);
            case H2.PUSH_PROMISE -> throw new H2Exception(H2.PROTOCOL_ERROR, "PUSH_PROMISE, push being disabled");
            default -> {
                // PRIORITY and unknown types are ignored (RFC 9113 sections 5.5, 6.3)
            }
        }
    }

    private void headers(int flags, int stream, byte[] p, int len) throws H2Exception {
        if (stream == 0) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "HEADERS on stream 0");
        }
        int slot = counted(stream, len);
        headerBlock(slot, headerBlocks.headers(flags, stream, p, len));
    }

    private void continuation(int flags, int stream, byte[] p, int len) throws H2Exception {
        int status = headerBlocks.continuation(flags, stream, p, len);
        headerBlock(counted(stream, len), status);
    }

    /** A header block ended ({@code status} its {@code :status}) on the stream in {@code slot}, -1: none open. */
    private void headerBlock(int slot, int status) {
        if (slot < 0 || status == H2HeaderBlocks.MORE) {
            return;
        }
        if (status >= 200 || status < 0) {
            streams.status[slot] = status; // 1xx is informational, 0 (trailers) changes nothing
        }
        if ((headerBlocks.flags() & H2.FLAG_END_STREAM) != 0) {
            complete(slot);
        }
    }

    private void settings(int flags, int stream, byte[] p, int len) throws H2Exception {
        if (stream != 0) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "SETTINGS on stream " + stream);
        }
        if ((flags & H2.FLAG_ACK) != 0) {
            if (len != 0) {
                throw new H2Exception(H2.FRAME_SIZE_ERROR, "SETTINGS ACK with " + len + " bytes");
            }
            return;
        }
        if (len % 6 != 0) {
            throw new H2Exception(H2.FRAME_SIZE_ERROR, "SETTINGS of " + len + " bytes");
        }
        int limit = streamLimit();
        for (int i = 0; i < len; i += 6) {
            int id = (p[i] & 0xff) << 8 | (p[i + 1] & 0xff);
            long v = intAt(p, i + 2) & 0xffffffffL;
            switch (id) {
                case H2.SETTINGS_MAX_CONCURRENT_STREAMS -> peerMaxStreams = (int) Math.min(v, Integer.MAX_VALUE);
                case H2.SETTINGS_INITIAL_WINDOW_SIZE -> h2.initialWindow(v);
                case H2.SETTINGS_MAX_FRAME_SIZE -> h2.maxFrame(v);
                default -> {
                    // the header table size only matters to an encoder with a dynamic table, which we are not
                }
            }
        }
        h2.settingsAck();
        if (!opened()) {
            open(null);
        } else if (streamLimit() != limit) {
            events.onStreamLimit(streamLimit());
        }
    }

    private static int intAt(byte[] p, int i) {
        return (p[i] & 0xff) << 24 | (p[i + 1] & 0xff) << 16 | (p[i + 2] & 0xff) << 8 | (p[i + 3] & 0xff);
    }

    private void ping(int flags, int stream, byte[] p, int len) throws H2Exception {
        if (stream != 0 || len != 8) {
            throw new H2Exception(H2.FRAME_SIZE_ERROR, "PING of " + len + " bytes on stream " + stream);
        }
        if ((flags & H2.FLAG_ACK) == 0) {
            h2.pingAck(p);
        }
    }

    private void goaway(int stream, byte[] p, int len) throws H2Exception {
        if (stream != 0 || len < 8) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "GOAWAY of " + len + " bytes on stream " + stream);
        }
        int last = intAt(p, 0) & 0x7fffffff;
        goaway = true;
        int n = 0;
        for (int s = 0; s < streams.capacity(); s++) {
            if (streams.id[s] > last) {
                ending[n++] = streams.id[s];
                end(s);
            }
        }
        for (int k = 0; k < n; k++) {
            events.onFailure((ending[k] - 1) >>> 1, Outcome.GOAWAY);
        }
        closeWhenDrained();
    }

    private void reset(int stream, byte[] p, int len) throws H2Exception {
        if (stream == 0 || len != 4) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "RST_STREAM of " + len + " bytes on stream " + stream);
        }
        int slot = counted(stream, len);
        if (slot < 0) {
            return;
        }
        int code = intAt(p, 0);
        end(slot);
        Outcome o = code == H2.REFUSED_STREAM
                ? Outcome.REFUSED
                : code == H2.PROTOCOL_ERROR ? Outcome.PROTOCOL_ERROR : Outcome.RESET;
        events.onFailure((stream - 1) >>> 1, o);
        closeWhenDrained();
    }

    private void windowUpdate(int stream, byte[] p, int len) throws H2Exception {
        if (len != 4) {
            throw new H2Exception(H2.FRAME_SIZE_ERROR, "WINDOW_UPDATE of " + len + " bytes");
        }
        int slot = stream == 0 ? -1 : streams.find(stream);
        if (stream == 0 || slot >= 0) {
            h2.windowGrew(slot, intAt(p, 0) & 0x7fffffff);
        }
    }

    /** Closes the stream in {@code slot} (no event). */
    private void end(int slot) {
        h2.ended(slot);
        streams.remove(slot);
    }

    private void complete(int slot) {
        int id = streams.id[slot];
        int status = streams.status[slot];
        long n = streams.bytes[slot];
        end(slot);
        int seq = (id - 1) >>> 1;
        if (status < 200) {
            events.onFailure(seq, Outcome.PROTOCOL_ERROR); // ended without a (valid) final status
        } else {
            events.onResponse(seq, status, n);
        }
        closeWhenDrained();
    }

    /** After a GOAWAY, the connection closes once its last stream has ended. */
    private void closeWhenDrained() {
        if (goaway && streams.open() == 0 && !closed) {
            closed = true;
            send();
            channel.close();
        }
    }

    @Override
    protected void readComplete() {
        super.readComplete();
        flush();
    }

    @Override
    protected void failInFlight(Outcome why) {
        int n = 0;
        for (int s = 0; s < streams.capacity(); s++) {
            if (streams.id[s] != 0) {
                ending[n++] = streams.id[s];
                end(s);
            }
        }
        for (int k = 0; k < n; k++) {
            events.onFailure((ending[k] - 1) >>> 1, why);
        }
    }

    @Override
    protected String closedBeforeOpen() {
        return "the server at " + channel.remoteAddress()
                + " closed the connection before its HTTP/2 SETTINGS (does it speak h2"
                + (handshake() == null ? "c with prior knowledge" : "") + "?)";
    }
}
