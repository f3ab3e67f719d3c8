package dev.zapline.load.engine;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapChannel;
import dev.zapline.client.ZapClientConfig;
import dev.zapline.client.ZapFrame;
import dev.zapline.client.ZapListener;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.ZapOutcome;
import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.transport.ClientTls;
import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code zap://} and {@code zaps://}: connections are {@link ZapChannel}s writing pre-encoded zaphttp frames, over
 * TLS when a {@link ClientTls} is given (the channel opens once its handshake is done). Thread-safe.
 */
public final class ZapLoadClient extends LoadClient {

    private final ZapFrame[] frames;
    private final ZapClientConfig config;

    public ZapLoadClient(ZapLoops loops, ZapAddress address, ZapFrame frame, String target) {
        this(loops, address, java.util.List.of(frame), target);
    }

    /** Sends {@code frames} round robin in plaintext; {@code target} names them in messages. */
    public ZapLoadClient(ZapLoops loops, ZapAddress address, java.util.List<ZapFrame> frames, String target) {
        this(loops, address, frames, target, null);
    }

    /** Sends {@code frames} round robin, over TLS unless {@code tls} is null. */
    public ZapLoadClient(
            ZapLoops loops, ZapAddress address, java.util.List<ZapFrame> frames, String target, ClientTls tls) {
        super(loops, address, frames.size(), (tls == null ? "zap://" : "zaps://") + address + target, "ZAP", false);
        if (frames.isEmpty()) {
            throw new IllegalArgumentException("no request to send to " + address);
        }
        this.frames = frames.toArray(new ZapFrame[0]);
        for (int i = 0; i < this.frames.length; i++) {
            bytes[i] = this.frames[i].length();
        }
        this.config = ZapClientConfig.defaults().with(c -> c.tls = tls);
    }

    @Override
    void open(EventLoop loop, ConnectionEvents events, CompletableFuture<Connection> ready) {
        Conn c = new Conn(frames, events);
        ZapChannel.connect(loops, loop, address, config, c).whenComplete((ch, e) -> {
            if (e != null) {
                ready.completeExceptionally(e instanceof CompletionException ? e : new CompletionException(e));
            } else {
                c.channel = ch;
                c.handshake = ch.tls() == null ? null : Negotiated.of(ch.tls(), ch.handshakeNanos());
                ready.complete(c);
            }
        });
    }

    /** One connection: the channel and the translation of its listener calls into outcomes. */
    private static final class Conn implements Connection, ZapListener {

        private final ZapFrame[] frames;
        private final ConnectionEvents events;
        ZapChannel channel;
        Handshake handshake;
        private int streamStatus;
        private long streamBytes;

        Conn(ZapFrame[] frames, ConnectionEvents events) {
            this.frames = frames;
            this.events = events;
        }

        @Override
        public boolean write(int i) {
            return channel.write(frames[i], 0);
        }

        @Override
        public void flush() {
            channel.flush();
        }

        @Override
        public Handshake handshake() {
            return handshake;
        }

        @Override
        public boolean isActive() {
            return channel.isActive();
        }

        @Override
        public void close() {
            channel.close();
        }

        @Override
        public void onResponse(long tag, ZapHttpResponse response) {
            events.onResponse(response.status(), channel.lastFrameLength());
        }

        @Override
        public void onRead() {
            events.onRead();
        }

        @Override
        public void onReadComplete() {
            events.onReadComplete();
        }

        @Override
        public void onStreamHead(long tag, ZapHttpResponse head) {
            streamStatus = head.status();
            streamBytes = channel.lastFrameLength();
        }

        @Override
        public void onStreamData(long tag, ZapHttpChunk chunk) {
            streamBytes += channel.lastFrameLength();
        }

        @Override
        public void onStreamEnd(long tag, ZapHttpChunk end) {
            events.onResponse(streamStatus, streamBytes + channel.lastFrameLength());
        }

        @Override
        public void onFailure(long tag, ZapOutcome outcome) {
            events.onFailure(
                    switch (outcome) {
                        case CONNECT_FAILED -> Outcome.CONNECT_ERROR;
                        case PROTOCOL_ERROR, FRAME_TOO_LARGE -> Outcome.PROTOCOL_ERROR;
                        case TIMEOUT -> Outcome.TIMEOUT;
                        case CLOSED, CLIENT_CLOSED -> Outcome.RESET;
                    });
        }

        @Override
        public void onClosed(ZapOutcome reason, String detail) {
            events.onClosed();
        }
    }
}
