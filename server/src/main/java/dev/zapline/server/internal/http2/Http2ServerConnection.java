package dev.zapline.server.internal.http2;

import dev.zapline.server.Ctx;
import dev.zapline.server.Http2Limits;
import dev.zapline.server.Transport;
import dev.zapline.server.internal.CtxPool;
import dev.zapline.server.internal.LoopMetrics;
import dev.zapline.server.internal.Route;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.ServerContext;
import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.RouteMatch;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Flags;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.collection.IntObjectHashMap;
import java.io.IOException;

/**
 * One HTTP/2 connection (RFC 9113), on Netty's {@link Http2ConnectionHandler} with this class as the frame
 * listener: no child channel per stream. Each stream's request (HEADERS, DATA up to END_STREAM) is dispatched
 * through the app's one {@link Dispatcher} with a {@link Ctx} lent from the loop's pool for as long as the stream
 * is in flight, so a handed-off or streaming stream holds only its own context and the other streams go on; a
 * request answered at once takes and gives back the same context. {@link Http2Responses} writes the responses;
 * writes are flushed once per read batch.
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
public final class Http2ServerConnection extends Http2ConnectionHandler implements Http2FrameListener {

    private static final ServerAccess A = ServerAccess.get();

    private final ServerContext server;
    private final Http2Limits limits;
    private final long maxBody;
    /** Request body bytes a connection may buffer before their flow-control credit is held back. */
    private final long creditCap;

    /** The context of each stream in flight, by stream id (a request arriving or a response being made). */
    public final IntObjectHashMap<Ctx> streams = new IntObjectHashMap<>();

    /** What answers this connection's streams, the {@link Responder} their contexts are bound to. */
    private final Http2Responses responses = new Http2Responses(this);

    private final Http2FloodCounter controlFrames;
    private Http2Linger linger;

    /** The TLS handler in front of this one on a TLS listener; null on plaintext. */
    public SslHandler ssl;
    /** Whether the connection was counted opened already (by the HTTP/1.1 handler it replaced). */
    public boolean countedOpen;

    private ChannelHandlerContext chc;
    private CtxPool pool;
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
    /** Bytes of request bodies held by this connection's streams (arriving, or kept until their response ends). */
    private long buffered;

    public Http2ServerConnection(
            Http2ConnectionDecoder decoder,
            Http2ConnectionEncoder encoder,
            Http2Settings settings,
            ServerContext server) {
        super(decoder, encoder, settings);
        this.server = server;
        this.limits = server.config().http2();
        this.maxBody = server.limits().maxBody();
        this.creditCap = Math.max(limits.connectionWindow(), maxBody);
        this.controlFrames = new Http2FloodCounter(
                limits.maxControlFramesPerWindow(), limits.floodWindow().toNanos());
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
        this.pool = server.ctxPool();
        this.metrics = server.loopMetrics();
        if (metrics != null) {
            metricsTransport = LoopMetrics.transport(Transport.HTTP, ssl != null);
            if (!countedOpen) {
                metrics.opened(metricsTransport);
            }
        }
        responses.bind(chc, server);
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

    @Override
    public void onHeadersRead(
            ChannelHandlerContext chc, int streamId, Http2Headers headers, int padding, boolean endOfStream)
            throws Http2Exception {
        Ctx c = streams.get(streamId);
        if (c != null) {
            // trailers: they end the request; their fields are not kept
            Http2RequestRules.checkTrailers(streamId, headers);
            if (endOfStream && !A.h2(c).dispatched) {
                dispatch(c);
            }
            return;
        }
        Http2RequestRules.checkRequest(streamId, headers);
        c = pool.take(responses, chc.channel(), Transport.HTTP);
        Http2Head h = A.h2(c);
        if (h == null) {
            A.h2(c, h = new Http2Head());
        }
        h.wrap(streamId, headers);
        if (h.untrimmed) {
            release(c);
            throw Http2RequestRules.refused(streamId, Http2RequestRules.UNTRIMMED);
        }
        streams.put(streamId, c);
        if (endOfStream) {
            dispatch(c);
        } else {
            h.arrivedAt = chc.executor().ticker().nanoTime();
        }
    }

    @Override
    public void onHeadersRead(
            ChannelHandlerContext chc,
            int streamId,
            Http2Headers headers,
            int streamDependency,
            short weight,
            boolean exclusive,
            int padding,
            boolean endOfStream)
            throws Http2Exception {
        onHeadersRead(chc, streamId, headers, padding, endOfStream);
    }

    @Override
    public int onDataRead(ChannelHandlerContext chc, int streamId, ByteBuf data, int padding, boolean endOfStream) {
        int n = data.readableBytes();
        int processed = n + padding;
        Ctx c = streams.get(streamId);
        if (c == null || A.h2(c).dispatched) {
            return processed;
        }
        Http2Head h = A.h2(c);
        h.bodyBytes += n;
        if (h.bodyBytes > maxBody) {
            refuse(c, 413, LoopMetrics.BODY_TOO_LARGE);
            return processed;
        }
        if (n > 0) {
            h.append(chc.alloc(), data, endOfStream);
            h.held += n;
            buffered += n;
        }
        // The credit goes back at once while the connection's buffered bodies fit the cap; past it, only when a
        // body is let go, so a connection buffers at most the cap and a window more. One body within the limit
        // always fits; streams that all wait on each other are answered 408 at the request timeout.
        int credit = processed;
        if (buffered > creditCap) {
            h.unconsumed += processed;
            credit = 0;
        }
        if (endOfStream) {
            dispatch(c);
        }
        return credit;
    }

    /**
     * Answers a request that is still arriving with {@code status} (413: body over the limit; 408: not whole in
     * time), then RST_STREAM(NO_ERROR): the rest of it is not wanted (RFC 9113 §8.1).
     */
    public void refuse(Ctx c, int status, int errorKind) {
        Http2Head h = A.h2(c);
        h.dispatched = true;
        if (metrics != null) {
            metrics.error(errorKind);
        }
        Http2Headers r =
                new DefaultHttp2Headers().status(Integer.toString(status)).setInt("content-length", 0);
        int id = h.streamId;
        encoder().writeHeaders(chc, id, r, 0, true, chc.newPromise());
        resetStream(chc, id, Http2Error.NO_ERROR.code(), chc.newPromise());
        release(c);
        afterWrite();
    }

    private void dispatch(Ctx c) {
        Http2Head h = A.h2(c);
        h.dispatched = true;
        if (metrics != null) {
            h.dispatchedAt = System.nanoTime();
        }
        server.dispatcher().dispatch(c, h);
        if ((A.handOff(c) != null && !c.responded()) || A.streaming(c)) {
            h.pending = true;
            return;
        }
        finish(c);
    }

    /** The response is complete: listeners run, the request is counted, its body released, its context returned. */
    public void finish(Ctx c) {
        Http2Head h = A.h2(c);
        h.pending = false;
        A.finished(c);
        if (metrics != null) {
            RouteMatch<Route> m = A.match(c);
            int route = m.outcome() == RouteMatch.Outcome.FOUND ? m.handler().metricsId() : 0;
            int method = Method.of(h.bytes(), h.methodStart(), h.methodLength());
            metrics.request(route, metricsTransport, method, c.status(), System.nanoTime() - h.dispatchedAt);
        }
        release(c);
    }

    /** Releases the request's body and gives its context back to the pool. */
    private void release(Ctx c) {
        Http2Head h = A.h2(c);
        if (streams.get(h.streamId) == c) {
            streams.remove(h.streamId);
        }
        returnCredit(h);
        releaseBody(h);
        pool.give(c);
    }

    /** Gives back the flow-control credit held for {@code h}'s body (a closed stream's went back when it closed). */
    private void returnCredit(Http2Head h) {
        if (h.unconsumed > 0) {
            Http2Stream s = connection().stream(h.streamId);
            int n = h.unconsumed;
            h.unconsumed = 0;
            if (s != null) {
                try {
                    decoder().flowController().consumeBytes(s, n);
                } catch (Http2Exception e) {
                    onError(chc, false, e);
                }
            }
        }
    }

    private void releaseBody(Http2Head h) {
        buffered -= h.held;
        h.held = 0;
        ByteBuf b = h.body;
        h.body = Unpooled.EMPTY_BUFFER;
        if (b != Unpooled.EMPTY_BUFFER && b.refCnt() > 0) {
            b.release();
        }
    }

    /**
     * A stream closed (both ends done, reset, or the connection gone). A request still arriving gives its context
     * back now; one being answered (handed off, streaming) keeps it until its response completes, and what it still
     * writes is dropped. When the connection is gone its body goes too, as on HTTP/1.1.
     */
    private void streamClosed(Http2Stream stream) {
        Ctx c = streams.remove(stream.id());
        if (c != null) {
            Http2Head h = A.h2(c);
            h.gone = true;
            if (!h.dispatched) {
                release(c);
            } else if (h.pending && !chc.channel().isActive()) {
                releaseBody(h);
            }
        }
        if (draining) {
            chc.executor().execute(this::closeIfDrained);
        }
    }

    @Override
    public void onRstStreamRead(ChannelHandlerContext chc, int streamId, long errorCode) {}

    @Override
    public void onPriorityRead(
            ChannelHandlerContext chc, int streamId, int streamDependency, short weight, boolean exclusive) {}

    @Override
    public void onSettingsAckRead(ChannelHandlerContext chc) {}

    @Override
    public void onSettingsRead(ChannelHandlerContext chc, Http2Settings settings) throws Http2Exception {
        controlFrame();
    }

    @Override
    public void onPingRead(ChannelHandlerContext chc, long data) throws Http2Exception {
        controlFrame();
    }

    @Override
    public void onPingAckRead(ChannelHandlerContext chc, long data) {}

    @Override
    public void onPushPromiseRead(
            ChannelHandlerContext chc, int streamId, int promisedStreamId, Http2Headers headers, int padding)
            throws Http2Exception {
        throw Http2Exception.connectionError(Http2Error.PROTOCOL_ERROR, "a client does not push");
    }

    @Override
    public void onGoAwayRead(ChannelHandlerContext chc, int lastStreamId, long errorCode, ByteBuf debugData) {}

    @Override
    public void onWindowUpdateRead(ChannelHandlerContext chc, int streamId, int windowSizeIncrement) {}

    @Override
    public void onUnknownFrame(
            ChannelHandlerContext chc, byte frameType, int streamId, Http2Flags flags, ByteBuf payload) {}

    /** A PING or SETTINGS frame from the client: too many in the window is a flood. */
    private void controlFrame() throws Http2Exception {
        if (controlFrames.exceeded(chc.executor().ticker().nanoTime())) {
            throw Http2Exception.connectionError(
                    Http2Error.ENHANCE_YOUR_CALM,
                    "more than %d PING and SETTINGS frames in %s",
                    limits.maxControlFramesPerWindow(),
                    limits.floodWindow());
        }
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
        super.channelInactive(chc);
    }
}
