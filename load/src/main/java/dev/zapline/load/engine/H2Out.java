package dev.zapline.load.engine;

import dev.zapline.client.Outbound;
import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.internal.h2.H2Exception;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

/**
 * The sending side of one {@link Http2Connection}: its frames appended to the connection's outbound buffer, and
 * request bodies sent as the server's flow-control windows allow (RFC 9113 section 5.2), a stream that runs out of
 * window queued until a WINDOW_UPDATE or a larger SETTINGS_INITIAL_WINDOW_SIZE gives it more. Confined to the
 * connection's event loop; allocates nothing once the buffer is warm.
 */
final class H2Out {

    private final Outbound out;
    private final H2Streams streams;
    private final byte[][] bodies;
    private Channel channel;

    /** The window a new stream starts with: the server's {@code SETTINGS_INITIAL_WINDOW_SIZE}. */
    int initialWindow = H2.DEFAULT_WINDOW;

    private int maxFrame = H2.DEFAULT_MAX_FRAME;
    private int window = H2.DEFAULT_WINDOW;

    /** Slots of streams waiting for window to send their body, oldest first. */
    private final int[] queue;

    private int queueHead;
    private int queued;

    /** Frames appended to {@code out}, the connection's buffer. */
    H2Out(Outbound out, H2Streams streams, byte[][] bodies) {
        this.out = out;
        this.streams = streams;
        this.bodies = bodies;
        this.queue = new int[streams.capacity()];
    }

    void channel(Channel ch) {
        channel = ch;
    }

    private ByteBuf frame(int length, int type, int flags, int stream) {
        ByteBuf b = out.room(channel.alloc(), H2.FRAME_HEADER + length);
        b.writeMedium(length);
        b.writeByte(type);
        b.writeByte(flags);
        b.writeInt(stream);
        return b;
    }

    /** The preface, our SETTINGS (no push, a stream window of {@code window}) and the connection window as large. */
    void preface(int window) {
        out.room(channel.alloc(), H2.PREFACE.length).writeBytes(H2.PREFACE);
        frame(12, H2.SETTINGS, 0, 0)
                .writeShort(H2.SETTINGS_ENABLE_PUSH)
                .writeInt(0)
                .writeShort(H2.SETTINGS_INITIAL_WINDOW_SIZE)
                .writeInt(window);
        windowUpdate(0, window - H2.DEFAULT_WINDOW);
    }

    /** A request's HEADERS, then what the windows allow of its body (stream in {@code slot}, of request i). */
    void request(int slot, byte[] block, boolean body) {
        int flags = body ? H2.FLAG_END_HEADERS : H2.FLAG_END_HEADERS | H2.FLAG_END_STREAM;
        frame(block.length, H2.HEADERS, flags, streams.id[slot]).writeBytes(block);
        if (body) {
            sendBody(slot);
        }
    }

    void windowUpdate(int stream, int increment) {
        frame(4, H2.WINDOW_UPDATE, 0, stream).writeInt(increment);
    }

    void settingsAck() {
        frame(0, H2.SETTINGS, H2.FLAG_ACK, 0);
    }

    void pingAck(byte[] opaque) {
        frame(8, H2.PING, H2.FLAG_ACK, 0).writeBytes(opaque, 0, 8);
    }

    /** A GOAWAY of ours (we never accept streams, so the last one is 0), sent at once. */
    void goaway(int code) {
        frame(8, H2.GOAWAY, 0, 0).writeInt(0).writeInt(code);
        out.flush(channel, false);
    }

    /**
     * The server's SETTINGS_MAX_FRAME_SIZE.
     *
     * @throws H2Exception outside 2^14 to 2^24 - 1 (section 6.5.2)
     */
    void maxFrame(long v) throws H2Exception {
        if (v < H2.DEFAULT_MAX_FRAME || v > (1 << 24) - 1) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "max frame size " + v);
        }
        maxFrame = (int) v;
    }

    /**
     * The server's SETTINGS_INITIAL_WINDOW_SIZE: every open stream's window moves by the difference (section
     * 6.9.2); queued bodies go on if it grew.
     *
     * @throws H2Exception beyond 2^31 - 1
     */
    void initialWindow(long v) throws H2Exception {
        if (v > H2.MAX_WINDOW) {
            throw new H2Exception(H2.FLOW_CONTROL_ERROR, "initial window " + v);
        }
        int delta = (int) v - initialWindow;
        initialWindow = (int) v;
        if (delta == 0) {
            return;
        }
        for (int s = 0; s < streams.capacity(); s++) {
            if (streams.id[s] != 0) {
                streams.window[s] += delta;
            }
        }
        if (delta > 0) {
            drain();
        }
    }

    /**
     * A WINDOW_UPDATE of {@code inc} for the connection ({@code slot} -1) or a stream.
     *
     * @throws H2Exception when the connection's window would pass 2^31 - 1 or the increment is 0
     */
    void windowGrew(int slot, int inc) throws H2Exception {
        if (slot < 0) {
            if (inc == 0 || (long) window + inc > H2.MAX_WINDOW) {
                throw new H2Exception(H2.FLOW_CONTROL_ERROR, "connection window " + window + " + " + inc);
            }
            window += inc;
        } else {
            streams.window[slot] += inc;
        }
        drain();
    }

    /** Sends what the windows allow of the stream's body; queues the stream for the rest. */
    private void sendBody(int slot) {
        byte[] body = bodies[streams.request[slot]];
        int sent = streams.bodySent[slot];
        int id = streams.id[slot];
        while (sent < body.length) {
            int n = Math.min(Math.min(body.length - sent, maxFrame), Math.min(window, streams.window[slot]));
            if (n <= 0) {
                if (!streams.blocked[slot]) {
                    streams.blocked[slot] = true;
                    queue[(queueHead + queued++) % queue.length] = slot;
                }
                break;
            }
            frame(n, H2.DATA, sent + n == body.length ? H2.FLAG_END_STREAM : 0, id)
                    .writeBytes(body, sent, n);
            sent += n;
            window -= n;
            streams.window[slot] -= n;
        }
        streams.bodySent[slot] = sent;
    }

    /** A window grew: the queued streams send what they now may, in order. */
    private void drain() {
        for (int k = queued; k > 0 && window > 0; k--) {
            int slot = queue[queueHead];
            queueHead = (queueHead + 1) % queue.length;
            queued--;
            streams.blocked[slot] = false;
            sendBody(slot);
        }
    }

    /** The stream in {@code slot} ends: out of the queue if its body was waiting (the server answered early). */
    void ended(int slot) {
        if (!streams.blocked[slot]) {
            return;
        }
        int kept = 0;
        for (int k = 0; k < queued; k++) {
            int s = queue[(queueHead + k) % queue.length];
            if (s != slot) {
                queue[(queueHead + kept++) % queue.length] = s;
            }
        }
        queued = kept;
        streams.blocked[slot] = false;
    }
}
