package dev.zapline.server.internal.http2;

import dev.zapline.server.Ctx;
import dev.zapline.server.Http2Limits;
import dev.zapline.server.Transport;
import dev.zapline.server.internal.CtxPool;
import dev.zapline.server.internal.LoopMetrics;
import dev.zapline.server.internal.RequestCycle;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Flags;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.util.collection.IntObjectHashMap;

/**
 * The frame listener of an {@link Http2ServerConnection}: each stream's request (HEADERS, DATA up to END_STREAM)
 * is dispatched through the {@link RequestCycle} with a {@link Ctx} lent from the loop's pool for as long as the
 * stream is in flight, so a handed-off or streaming stream holds only its own context and the other streams go on.
 * Request bodies over the HTTP/1.1 body limit get 413 and RST_STREAM(NO_ERROR); bodies buffered past a cap hold back
 * their flow-control credit; PING or SETTINGS floods are a connection error. Event-loop confined.
 */
public final class Http2Streams implements Http2FrameListener {

    private static final ServerAccess A = ServerAccess.get();

    private final Http2ServerConnection connection;
    private final Http2Limits limits;
    private final long maxBody;
    /** Request body bytes a connection may buffer before their flow-control credit is held back. */
    private final long creditCap;

    private final Http2FloodCounter controlFrames;
    /** What answers this connection's streams, the responder their contexts are bound to. */
    private final Http2Responses responses;

    private ChannelHandlerContext chc;
    private CtxPool pool;
    /** The context of each stream in flight, by stream id (a request arriving or a response being made). */
    public final IntObjectHashMap<Ctx> inFlight = new IntObjectHashMap<>();

    private LoopMetrics metrics;
    private RequestCycle cycle;
    /** Bytes of request bodies held by this connection's streams (arriving, or kept until their response ends). */
    private long buffered;

    public Http2Streams(Http2ServerConnection connection, ServerContext server, Http2Responses responses) {
        this.limits = server.config().http2();
        this.connection = connection;
        this.responses = responses;
        this.maxBody = server.config().limits().maxBody();
        this.creditCap = Math.max(limits.connectionWindow(), maxBody);
        this.controlFrames = new Http2FloodCounter(
                limits.maxControlFramesPerWindow(), limits.floodWindow().toNanos());
    }

    /** Binds to the connection's channel and loop once its handler is added. */
    public void bind(ChannelHandlerContext chc, ServerContext server, LoopMetrics metrics, int metricsTransport) {
        this.chc = chc;
        this.pool = server.ctxPool();
        this.metrics = metrics;
        this.cycle = new RequestCycle(server, metricsTransport);
    }

    @Override
    public void onHeadersRead(
            ChannelHandlerContext chc, int streamId, Http2Headers headers, int padding, boolean endOfStream)
            throws Http2Exception {
        Ctx c = inFlight.get(streamId);
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
        inFlight.put(streamId, c);
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
        Ctx c = inFlight.get(streamId);
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
        connection.encoder().writeHeaders(chc, id, r, 0, true, chc.newPromise());
        connection.resetStream(chc, id, Http2Error.NO_ERROR.code(), chc.newPromise());
        release(c);
        connection.afterWrite();
    }

    private void dispatch(Ctx c) {
        Http2Head h = A.h2(c);
        h.dispatched = true;
        h.dispatchedAt = cycle.clock();
        if (cycle.dispatch(c, h)) {
            h.pending = true;
            return;
        }
        finish(c);
    }

    /** The response is complete: listeners run, the request is counted, its body released, its context returned. */
    public void finish(Ctx c) {
        Http2Head h = A.h2(c);
        h.pending = false;
        cycle.finish(c, h.dispatchedAt);
        release(c);
    }

    /** Releases the request's body and gives its context back to the pool. */
    private void release(Ctx c) {
        Http2Head h = A.h2(c);
        if (inFlight.get(h.streamId) == c) {
            inFlight.remove(h.streamId);
        }
        returnCredit(h);
        releaseBody(h);
        pool.give(c);
    }

    /** Gives back the flow-control credit held for {@code h}'s body (a closed stream's went back when it closed). */
    private void returnCredit(Http2Head h) {
        if (h.unconsumed > 0) {
            Http2Stream s = connection.connection().stream(h.streamId);
            int n = h.unconsumed;
            h.unconsumed = 0;
            if (s != null) {
                try {
                    connection.decoder().flowController().consumeBytes(s, n);
                } catch (Http2Exception e) {
                    connection.onError(chc, false, e);
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
    public void closed(Http2Stream stream) {
        Ctx c = inFlight.remove(stream.id());
        if (c != null) {
            Http2Head h = A.h2(c);
            h.gone = true;
            if (!h.dispatched) {
                release(c);
            } else if (h.pending && !chc.channel().isActive()) {
                releaseBody(h);
            }
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
}
