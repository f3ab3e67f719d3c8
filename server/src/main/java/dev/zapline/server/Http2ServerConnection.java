package dev.zapline.server;

import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.RouteMatch;
import dev.zapline.transport.TlsInfo;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Connection;
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
import io.netty.handler.codec.http2.Http2StreamVisitor;
import io.netty.handler.codec.http2.UniformStreamByteDistributor;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.collection.IntObjectHashMap;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/2 connection (RFC 9113), on Netty's {@link Http2ConnectionHandler} with this class as the frame
 * listener: no child channel per stream. Each stream's request (HEADERS, DATA up to END_STREAM) is dispatched
 * through the app's one {@link Dispatcher} with a {@link Ctx} lent from the loop's pool for as long as the stream
 * is in flight, so a handed-off or streaming stream holds only its own context and the other streams go on; a
 * request answered at once takes and gives back the same context. Responses: a complete one is HEADERS (with
 * content-length) and one DATA frame with END_STREAM; a streamed one HEADERS, a DATA frame per write and an empty
 * DATA frame with END_STREAM; HEAD gets the headers only. Writes are flushed once per read batch.
 *
 * <p>Limits ({@link Http2Limits}): request bodies over the HTTP/1.1 body limit get 413 and RST_STREAM(NO_ERROR);
 * PING or SETTINGS floods and a zero window held open with a response pending are answered with
 * GOAWAY(ENHANCE_YOUR_CALM); rapid reset, empty DATA and CONTINUATION floods and control-frame queues are Netty's
 * own checks, configured from the limits. An idle connection (no open stream, nothing read for the idle timeout)
 * and a draining one get GOAWAY(NO_ERROR) and close, the latter once its open streams are done.
 */
final class Http2ServerConnection extends Http2ConnectionHandler implements Http2FrameListener, Responder {

    private final ServerContext server;
    private final Http2Limits limits;
    private final long maxBody;
    /** Request body bytes a connection may buffer before their flow-control credit is held back. */
    private final long creditCap;

    private final Attributes attributes = new Attributes();
    /** The context of each stream in flight, by stream id (a request arriving or a response being made). */
    private final IntObjectHashMap<Ctx> streams = new IntObjectHashMap<>();

    private final Http2ResponseHead responseHead = new Http2ResponseHead();
    private final Http2FloodCounter controlFrames;
    private final Runnable check = this::check;
    private Http2Linger linger;
    private final Http2StreamVisitor stallVisitor = this::blockedOnWindow;

    /** The TLS handler in front of this one on a TLS listener; null on plaintext. */
    SslHandler ssl;
    /** Whether the connection was counted opened already (by the HTTP/1.1 handler it replaced). */
    boolean countedOpen;

    private TlsInfo tls;
    private ChannelHandlerContext chc;
    private CtxPool pool;
    private LoopMetrics metrics;
    private int metricsTransport;
    private boolean inRead;
    private boolean readSinceCheck;
    private boolean windowOpened;
    private boolean draining;
    private boolean closed;
    private boolean blocked;
    /** Whether a GOAWAY for an error (or idleness) was sent: the connection is lingering to its close. */
    private boolean failed;

    private long tickNanos;
    private long quietNanos;
    private long stalledNanos;
    /** Scratch for {@link #expireRequests}. */
    private Ctx[] expired = new Ctx[8];
    /** Bytes of request bodies held by this connection's streams (arriving, or kept until their response ends). */
    private long buffered;

    private Http2ServerConnection(
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
    static Http2ServerConnection create(ServerContext server) {
        return new Builder(server).build();
    }

    private static final class Builder extends AbstractHttp2ConnectionHandlerBuilder<Http2ServerConnection, Builder> {
        private final ServerContext server;

        Builder(ServerContext server) {
            this.server = server;
            Http2Limits l = server.config().http2();
            // No priorities (RFC 9113 deprecates them): the uniform distributor keeps less state per stream.
            DefaultHttp2Connection connection = new DefaultHttp2Connection(true);
            connection
                    .remote()
                    .flowController(new DefaultHttp2RemoteFlowController(
                            connection, new UniformStreamByteDistributor(connection)));
            connection(connection);
            initialSettings(new Http2Settings()
                    .maxConcurrentStreams(l.maxConcurrentStreams())
                    .maxHeaderListSize(l.maxHeaderListSize())
                    .maxFrameSize(l.maxFrameSize())
                    .initialWindowSize(l.initialStreamWindow()));
            decoderEnforceMaxRstFramesPerWindow(
                    l.maxResetsPerWindow(), (int) Math.max(1, l.floodWindow().toSeconds()));
            encoderEnforceMaxQueuedControlFrames(l.maxQueuedControlFrames());
            decoderEnforceMaxConsecutiveEmptyDataFrames(l.maxConsecutiveEmptyData());
            decoderEnforceMaxSmallContinuationFrames(l.maxSmallContinuationFrames());
            // the GOAWAY is sent by this class (drain, idle, protections); close() closes
            decoupleCloseAndGoAway(true);
        }

        @Override
        protected Http2ServerConnection build() {
            return super.build();
        }

        @Override
        protected Http2ServerConnection build(
                Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
            Http2ServerConnection c = new Http2ServerConnection(decoder, encoder, settings, server);
            decoder.frameListener(c);
            return c;
        }
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
        linger = new Http2Linger(metrics, metricsTransport);
        chc.pipeline().addBefore(chc.name(), null, linger);
        super.handlerAdded(chc);
        openConnectionWindow();
        tickNanos = Math.max(
                1,
                Math.min(
                                server.config().idleTimeout().toNanos(),
                                limits.stallTimeout().toNanos())
                        / 2);
        chc.executor().schedule(check, tickNanos, TimeUnit.NANOSECONDS);
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
        readSinceCheck = true;
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
            if (endOfStream && !c.h2.dispatched) {
                dispatch(c);
            }
            return;
        }
        c = pool.take(this, chc.channel(), Transport.HTTP);
        Http2Head h = c.h2;
        if (h == null) {
            c.h2 = h = new Http2Head();
        }
        h.wrap(streamId, headers);
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
        if (c == null || c.h2.dispatched) {
            return processed;
        }
        Http2Head h = c.h2;
        h.bodyBytes += n;
        if (h.bodyBytes > maxBody) {
            refuse(c, 413, LoopMetrics.BODY_TOO_LARGE);
            return processed;
        }
        if (n > 0) {
            append(h, data, endOfStream);
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

    /** Adds {@code data} to the body: kept as a slice when it is the whole body, else copied. */
    private void append(Http2Head h, ByteBuf data, boolean last) {
        int n = data.readableBytes();
        ByteBuf b = h.body;
        if (b == Unpooled.EMPTY_BUFFER) {
            h.body = last ? data.retainedSlice() : chc.alloc().buffer(n).writeBytes(data);
            return;
        }
        if (b.maxWritableBytes() < n || b.refCnt() > 1) {
            ByteBuf grown = chc.alloc().buffer(Math.max(b.readableBytes() + n, b.capacity() * 2));
            grown.writeBytes(b);
            b.release();
            h.body = b = grown;
        }
        b.writeBytes(data);
    }

    /**
     * Answers a request that is still arriving with {@code status} (413: body over the limit; 408: not whole in
     * time), then RST_STREAM(NO_ERROR): the rest of it is not wanted (RFC 9113 §8.1).
     */
    private void refuse(Ctx c, int status, int errorKind) {
        Http2Head h = c.h2;
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
        Http2Head h = c.h2;
        h.dispatched = true;
        if (metrics != null) {
            h.dispatchedAt = System.nanoTime();
        }
        server.dispatcher().dispatch(c, h);
        if ((c.handOff != null && !c.responded()) || c.streaming()) {
            h.pending = true;
            return;
        }
        finish(c);
    }

    /** The response is complete: listeners run, the request is counted, its body released, its context returned. */
    private void finish(Ctx c) {
        Http2Head h = c.h2;
        h.pending = false;
        c.finished();
        if (metrics != null) {
            RouteMatch<Route> m = c.match;
            int route = m.outcome() == RouteMatch.Outcome.FOUND ? m.handler().metricsId() : 0;
            int method = Method.of(h.bytes(), h.methodStart(), h.methodLength());
            metrics.request(route, metricsTransport, method, c.status(), System.nanoTime() - h.dispatchedAt);
        }
        release(c);
    }

    /** Releases the request's body and gives its context back to the pool. */
    private void release(Ctx c) {
        Http2Head h = c.h2;
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
            Http2Head h = c.h2;
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

    /** The idle timeout and the stall check, every half of the shorter of the two. */
    private void check() {
        if (closed || failed) {
            return;
        }
        quietNanos = readSinceCheck ? 0 : quietNanos + tickNanos;
        readSinceCheck = false;
        Http2Connection conn = connection();
        if (conn.numActiveStreams() == 0
                && quietNanos >= server.config().idleTimeout().toNanos()) {
            goAwayAndClose(Http2Error.NO_ERROR);
            return;
        }
        expireRequests();
        blocked = false;
        try {
            conn.forEachActiveStream(stallVisitor);
        } catch (Http2Exception e) {
            throw new IllegalStateException(e);
        }
        stalledNanos = blocked ? stalledNanos + tickNanos : 0;
        if (stalledNanos >= limits.stallTimeout().toNanos()) {
            goAwayAndClose(Http2Error.ENHANCE_YOUR_CALM);
            return;
        }
        chc.executor().schedule(check, tickNanos, TimeUnit.NANOSECONDS);
    }

    /** Answers 408 to each request still arriving after the idle timeout from its HEADERS (a slow body). */
    private void expireRequests() {
        if (streams.isEmpty()) {
            return;
        }
        long now = chc.executor().ticker().nanoTime();
        long timeout = server.config().idleTimeout().toNanos();
        int n = 0;
        for (Ctx c : streams.values()) {
            Http2Head h = c.h2;
            if (!h.dispatched && now - h.arrivedAt >= timeout) {
                if (n == expired.length) {
                    expired = Arrays.copyOf(expired, n * 2);
                }
                expired[n++] = c;
            }
        }
        for (int i = 0; i < n; i++) {
            refuse(expired[i], 408, LoopMetrics.REQUEST_TIMEOUT);
            expired[i] = null;
        }
    }

    /** Whether {@code s} has response bytes waiting on a window the client keeps at zero (or below). */
    private boolean blockedOnWindow(Http2Stream s) {
        var flow = encoder().flowController();
        if (flow.hasFlowControlled(s)
                && (flow.windowSize(s) <= 0 || flow.windowSize(connection().connectionStream()) <= 0)) {
            blocked = true;
            return false;
        }
        return true;
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
    private void goAwayAndClose(Http2Error error) {
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

    private void afterWrite() {
        if (!inRead) {
            try {
                flush(chc);
            } catch (Exception e) {
                chc.fireExceptionCaught(e);
            }
        }
    }

    @Override
    public void respond(Ctx ctx, byte[] body, int offset, int length) {
        ctx.responseLength = length;
        if (ctx.h2.gone) {
            return;
        }
        ByteBuf data = hasBody(ctx) && length > 0 ? chc.alloc().buffer(length).writeBytes(body, offset, length) : null;
        complete(ctx, data, length, false);
    }

    @Override
    public void respond(Ctx ctx, ByteBuf body) {
        ctx.responseLength = body.readableBytes();
        if (ctx.h2.gone || !hasBody(ctx) || !body.isReadable()) {
            long n = body.readableBytes();
            body.release();
            if (!ctx.h2.gone) {
                complete(ctx, null, n, false);
            }
            return;
        }
        complete(ctx, body, body.readableBytes(), false);
    }

    @Override
    public void respond(Ctx ctx, CharSequence text) {
        int length = HttpResponses.utf8Length(text);
        ctx.responseLength = length;
        if (ctx.h2.gone) {
            return;
        }
        ByteBuf data = null;
        if (hasBody(ctx) && length > 0) {
            data = chc.alloc().buffer(length);
            ByteBufUtil.reserveAndWriteUtf8(data, text, length);
        }
        complete(ctx, data, length, true);
    }

    private static boolean hasBody(Ctx ctx) {
        return !ctx.omitBody && HttpResponses.hasBody(ctx.status());
    }

    /** HEADERS with content-length {@code length}, then {@code data} with END_STREAM (or none: END_STREAM on HEADERS). */
    private void complete(Ctx ctx, ByteBuf data, long length, boolean text) {
        int id = ctx.h2.streamId;
        ctx.h2.gone = true;
        Http2Headers h = responseHead.head(ctx, server.dateLine(), length, text);
        encoder().writeHeaders(chc, id, h, 0, data == null, chc.newPromise());
        if (data != null) {
            encoder().writeData(chc, id, data, 0, true, chc.newPromise());
        }
        afterWrite();
    }

    @Override
    public void startStream(Ctx ctx) {
        Http2Head s = ctx.h2;
        if (s.gone) {
            return;
        }
        boolean body = hasBody(ctx);
        Http2Headers h = responseHead.head(ctx, server.dateLine(), -1, false);
        encoder().writeHeaders(chc, s.streamId, h, 0, !body, chc.newPromise());
        s.gone = !body;
        afterWrite();
    }

    @Override
    public void streamChunk(Ctx ctx, ByteBuf data) {
        if (ctx.h2.gone || !data.isReadable()) {
            data.release();
            return;
        }
        encoder().writeData(chc, ctx.h2.streamId, data, 0, false, chc.newPromise());
        afterWrite();
    }

    @Override
    public void endStream(Ctx ctx) {
        Http2Head s = ctx.h2;
        if (!s.gone) {
            s.gone = true;
            encoder().writeData(chc, s.streamId, Unpooled.EMPTY_BUFFER, 0, true, chc.newPromise());
        }
        if (s.pending && (ctx.handOff == null || ctx.handOff.isDone())) {
            finish(ctx);
        }
        afterWrite();
    }

    @Override
    public void completeHandOff(Ctx ctx, Handler responder) {
        Dispatcher.complete(ctx, responder);
        if (!ctx.streaming() && ctx.h2.pending) {
            finish(ctx);
        }
        afterWrite();
    }

    @Override
    public TlsInfo tls() {
        TlsInfo t = tls;
        if (t == null && ssl != null && ssl.handshakeFuture().isSuccess()) {
            tls = t = TlsInfo.of(ssl);
        }
        return t;
    }

    @Override
    public Attributes connectionAttributes() {
        return attributes;
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
