package dev.zapline.server.internal.http2;

import dev.zapline.server.Http2Limits;
import dev.zapline.server.Transport;
import dev.zapline.server.internal.LoopMetrics;
import dev.zapline.server.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;

/**
 * One HTTP/2 connection (RFC 9113), on Netty's {@link Http2ConnectionHandler} with {@link Http2Streams} as the frame
 * listener: no child channel per stream. Each stream's request is dispatched with a context lent for as long as
 * the stream is in flight; {@link Http2Responses} writes the responses; writes are flushed once per read batch.
 * This class holds the connection's life: its window, its reads, its errors, GOAWAY, drain and close.
 *
 * <p>Limits ({@link Http2Limits}): request bodies over the HTTP/1.1 body limit get 413 and RST_STREAM(NO_ERROR),
 * requests not whole within the idle timeout 408 ({@link Http2Watch}); bodies buffered past a cap hold back their
 * flow-control credit. PING or SETTINGS floods and a zero window held open with a response pending are answered
 * with GOAWAY(ENHANCE_YOUR_CALM); rapid reset, empty DATA and CONTINUATION floods and control-frame queues are
 * Netty's own checks, configured by {@link Http2ConnectionBuilder}. An idle connection (no open stream, nothing
 * read for the idle timeout) and a draining one get GOAWAY(NO_ERROR) and close, the latter once its open streams
 * are done; after a GOAWAY for an error the close lingers ({@link Http2Linger}). A malformed request (RFC 9113
 * §8.1.1: Netty's checks and {@link Http2RequestRules}) is reset with PROTOCOL_ERROR before any handler runs.
 */
public final class Http2ServerConnection extends Http2ConnectionHandler {

    private final ServerContext server;
    private final Http2Limits limits;

    /** What answers this connection's streams, the {@link Responder} their contexts are bound to. */
    private final Http2Responses responses = new Http2Responses(this);
    /** The frame listener: each stream's request, body and dispatch. */
    public final Http2Streams streams;

    private Http2Linger linger;

    /** The TLS handler in front of this one on a TLS listener; null on plaintext. */
    public SslHandler ssl;
    /** Whether the connection was counted opened already (by the HTTP/1.1 handler it replaced). */
    public boolean countedOpen;

    private ChannelHandlerContext chc;
    private LoopMetrics metrics;
    private int metricsTransport;
    private boolean inRead;
    private boolean windowOpened;
    private boolean draining;
    public boolean closed;
    /** Whether a GOAWAY for an error (or idleness) was sent: the connection is lingering to its close. */
    public boolean failed;

    /** The idle timeout, the stall timeout and the request deadline. */
    private final Http2Watch watch = new Http2Watch(this);

    public Http2ServerConnection(
            Http2ConnectionDecoder decoder,
            Http2ConnectionEncoder encoder,
            Http2Settings settings,
            ServerContext server) {
        super(decoder, encoder, settings);
        this.server = server;
        this.limits = server.config().http2();
        this.streams = new Http2Streams(this, server, responses);
        connection().addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
                streamClosed(stream);
            }
        });
    }

    /** A connection handler for {@code server}'s HTTP/2 settings and limits. */
    public static Http2ServerConnection create(ServerContext server) {
        return new Http2ConnectionBuilder(server).build();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) throws Exception {
        this.chc = chc;
        this.metrics = server.loopMetrics();
        if (metrics != null) {
            metricsTransport = LoopMetrics.transport(Transport.HTTP, ssl != null);
            if (!countedOpen) {
                metrics.opened(metricsTransport);
            }
        }
        responses.bind(chc, server);
        streams.bind(chc, server, metrics, metricsTransport);
        linger = new Http2Linger(metrics, metricsTransport);
        chc.pipeline().addBefore(chc.name(), null, linger);
        super.handlerAdded(chc);
        openConnectionWindow();
        watch.start(chc, server.config().idleTimeout(), limits.stallTimeout());
    }

    @Override
    public void channelActive(ChannelHandlerContext chc) throws Exception {
        super.channelActive(chc);
        openConnectionWindow();
    }

    /** The connection's receive window beyond the protocol's 65535, sent as a WINDOW_UPDATE on stream 0. */
    private void openConnectionWindow() throws Http2Exception {
        if (windowOpened || !chc.channel().isActive()) {
            return;
        }
        windowOpened = true;
        int delta = limits.connectionWindow() - Http2CodecUtil.DEFAULT_WINDOW_SIZE;
        if (delta > 0) {
            Http2Stream s = connection().connectionStream();
            connection().local().flowController().incrementWindowSize(s, delta);
            chc.flush();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) throws Exception {
        if (failed) {
            // after our GOAWAY: read and drop, so closing does not reset the connection under the GOAWAY
            ReferenceCountUtil.release(msg);
            return;
        }
        inRead = true;
        watch.read();
        if (metrics != null && msg instanceof ByteBuf b) {
            metrics.received(metricsTransport, b.readableBytes());
        }
        super.channelRead(chc, msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext chc) throws Exception {
        inRead = false;
        super.channelReadComplete(chc);
    }

    /**
     * A stream error on a stream Netty does not hold, a header block it refused while decoding or a frame on a stream
     * it forgot: reset it, ignore it, or a connection error instead ({@link Http2ClientStreams#unopened}).
     */
    @Override
    protected void onStreamError(
            ChannelHandlerContext chc, boolean outbound, Throwable cause, Http2Exception.StreamException e) {
        int id = e.streamId();
        Http2ClientStreams.Verdict v = outbound || connection().stream(id) != null
                ? Http2ClientStreams.Verdict.RESET
                : ((Http2ClientStreams) connection()).unopened(id, e.error());
        if (v == Http2ClientStreams.Verdict.CONNECTION_ERROR) {
            onError(chc, false, Http2Exception.connectionError(Http2Error.PROTOCOL_ERROR, "stream %d", id));
        } else if (v == Http2ClientStreams.Verdict.RESET) {
            super.onStreamError(chc, outbound, cause, e);
        }
    }

    /** A stream closed: the listener lets it go; a draining connection closes once no stream is left. */
    private void streamClosed(Http2Stream stream) {
        streams.closed(stream);
        if (draining) {
            chc.executor().execute(this::closeIfDrained);
        }
    }

    /** A connection error (Netty's checks or ours): GOAWAY with its code, then {@link #goAwayAndClose}. */
    @Override
    protected void onConnectionError(
            ChannelHandlerContext chc, boolean outbound, Throwable cause, Http2Exception http2Ex) {
        boolean io = cause instanceof IOException;
        if (metrics != null && !failed) {
            metrics.error(
                    http2Ex != null
                            ? LoopMetrics.OTHER_PROTOCOL
                            : io ? LoopMetrics.IO_ERROR : LoopMetrics.INTERNAL_ERROR);
        }
        if (http2Ex == null && !io && !failed) {
            System.getLogger("dev.zapline.server").log(System.Logger.Level.WARNING, "HTTP/2 connection failed", cause);
        }
        goAwayAndClose(http2Ex == null ? Http2Error.INTERNAL_ERROR : http2Ex.error());
    }

    /**
     * GOAWAY with {@code error} and the last stream id, then a lingering close ({@link Http2Linger}): what the peer
     * still sends is read and dropped.
     */
    public void goAwayAndClose(Http2Error error) {
        if (failed) {
            return;
        }
        failed = true;
        linger.arm();
        // Netty closes after a GOAWAY with an error code once it is written; after NO_ERROR we do
        ChannelFuture f = goAway(
                chc, connection().remote().lastStreamCreated(), error.code(), Unpooled.EMPTY_BUFFER, chc.newPromise());
        if (error == Http2Error.NO_ERROR) {
            f.addListener(ChannelFutureListener.CLOSE);
        }
        chc.flush();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext chc, Object evt) throws Exception {
        if (evt == ServerContext.DRAIN) {
            drain();
            return;
        }
        super.userEventTriggered(chc, evt);
    }

    /** GOAWAY(NO_ERROR) with the last stream id: streams open now finish, then the connection closes. */
    private void drain() {
        if (draining || closed) {
            return;
        }
        draining = true;
        goAway(
                chc,
                connection().remote().lastStreamCreated(),
                Http2Error.NO_ERROR.code(),
                Unpooled.EMPTY_BUFFER,
                chc.newPromise());
        chc.flush();
        closeIfDrained();
    }

    private void closeIfDrained() {
        if (!closed && connection().numActiveStreams() == 0) {
            closed = true;
            chc.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** After writing a response part: flush now unless a read batch is in progress (it flushes at its end). */
    public void afterWrite() {
        if (!inRead) {
            try {
                flush(chc);
            } catch (Exception e) {
                chc.fireExceptionCaught(e);
            }
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) throws Exception {
        if (metrics != null) {
            metrics.closed(metricsTransport);
        }
        closed = true;
        watch.stop();
        super.channelInactive(chc);
    }
}
