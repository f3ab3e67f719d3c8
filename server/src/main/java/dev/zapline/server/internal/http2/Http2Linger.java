package dev.zapline.server.internal.http2;

import dev.zapline.server.internal.LoopMetrics;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DuplexChannel;
import java.util.concurrent.TimeUnit;

/**
 * The outbound edge of an HTTP/2 connection: counts the bytes it sends (with metrics on), and closes it lingering.
 * A lingering close for an HTTP/2 connection that sent a GOAWAY for an error: closing a socket with bytes of the
 * peer's still unread makes the kernel reset it, and the peer would lose the GOAWAY telling it why. Once armed, the
 * first close only shuts our side down (the peer reads the GOAWAY, then end of stream); the connection keeps reading
 * and dropping what the peer still sends, and closes when the peer does, or after {@link #LINGER_MILLIS}.
 * Sits in front of {@link Http2ServerConnection}, whose own closes (Netty's after an error GOAWAY) pass through it.
 */
public final class Http2Linger extends ChannelOutboundHandlerAdapter {

    /** How long a connection that got our GOAWAY for an error may go on sending before it is closed. */
    public static final long LINGER_MILLIS = 1000;

    /** This loop's metric cells and the connection's transport index, or null when the app counts nothing. */
    private final LoopMetrics metrics;

    private final int transport;
    private boolean armed;
    private boolean lingering;

    public Http2Linger(LoopMetrics metrics, int transport) {
        this.metrics = metrics;
        this.transport = transport;
    }

    @Override
    public void write(ChannelHandlerContext chc, Object msg, ChannelPromise promise) {
        if (metrics != null && msg instanceof ByteBuf b) {
            metrics.sent(transport, b.readableBytes());
        }
        chc.write(msg, promise);
    }

    public void arm() {
        armed = true;
    }

    @Override
    public void close(ChannelHandlerContext chc, ChannelPromise promise) {
        if (!armed
                || lingering
                || !(chc.channel() instanceof DuplexChannel d)
                || !chc.channel().isActive()) {
            chc.close(promise);
            return;
        }
        lingering = true;
        d.shutdownOutput();
        chc.executor().schedule(() -> chc.close(promise), LINGER_MILLIS, TimeUnit.MILLISECONDS);
    }
}
