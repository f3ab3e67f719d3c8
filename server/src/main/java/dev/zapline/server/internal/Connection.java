package dev.zapline.server.internal;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.Transport;
import dev.zapline.transport.TlsInfo;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import javax.net.ssl.SSLException;

/**
 * What every transport's connection does the same way: accumulate bytes, let the protocol decode and dispatch
 * requests through the one {@link Ctx} the connection owns, collect responses in one outbound buffer flushed once
 * per read batch, hold pipelined requests behind a handed-off one, enforce the idle and whole-request timeouts,
 * drain on shutdown, and release every buffer when the channel goes. Runs on the channel's event loop.
 */
public abstract class Connection extends BufferedConnection implements Responder {

    private static final ServerAccess A = ServerAccess.get();

    public final ServerContext server;
    /** Per-connection attribute values ({@link Attribute#perConnection}). */
    public final Attributes attributes = new Attributes();

    /** The TLS handler in front of this one on a TLS listener; null on plaintext. */
    public SslHandler ssl;
    /** What the TLS handshake negotiated, read once. */
    private final TlsSession tls = new TlsSession();
    /** The context lent by the loop's pool while a request is in progress; null while the connection is idle. */
    public Ctx ctx;

    private CtxPool pool;
    /** Dispatch and completion of each request, shared with the other transports. */
    private RequestCycle cycle;

    public ByteBuf cumulation;
    public boolean draining;

    private ByteBuf pending;
    private boolean paused;
    /** How long a request may take to arrive from its first byte: the idle timeout. */
    private final RequestDeadline deadline;
    /** This loop's metric cells, or null when the app counts nothing. */
    private LoopMetrics metrics;
    /** This connection's transport index in {@link LoopMetrics}. */
    private int metricsTransport;
    /** When the request being answered was dispatched ({@link RequestCycle#clock()}). */
    private long dispatchedAt;

    public Connection(ServerContext server) {
        super(server.config().idleTimeout().toNanos());
        this.server = server;
        this.deadline = new RequestDeadline(server.config().idleTimeout().toNanos());
    }

    public abstract Transport transport();

    /** Decodes and dispatches as many whole requests from {@link #cumulation} as it can. */
    public abstract void decode();

    /** Whether part of a request has been received but not all of it. */
    public abstract boolean midRequest();

    /** Queues the protocol's error response for input it cannot accept and marks the connection closing. */
    public abstract void protocolError(int status, String detail);

    /** Per-request cleanup once its response is complete. */
    public abstract void requestDone();

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        super.handlerAdded(chc);
        this.pool = server.ctxPool();
        this.metrics = server.loopMetrics();
        if (metrics != null) {
            metricsTransport = LoopMetrics.transport(transport(), ssl != null);
            metrics.opened(metricsTransport);
        }
        cycle = new RequestCycle(server, metricsTransport);
    }

    /** The idle timeout without a handler in the pipeline or a clock read per request ({@link IdleTimer}). */
    @Override
    protected void idleCheck() {
        if (closed) {
            idle.stop();
        } else if (idle.idle()) {
            idle.restart();
            onIdle();
            if (closing) {
                idle.stop();
            }
        }
    }

    /** Nothing was read for the idle timeout: 408 if a request was half received, else a quiet close. */
    public void onIdle() {
        if (paused || closing) {
            return;
        }
        if (midRequest()) {
            reject(408, "the request did not arrive in time");
            flushOut();
        } else {
            closing = true;
            chc.close();
        }
    }

    @Override
    protected void read(ByteBuf in) {
        if (metrics != null) {
            metrics.received(metricsTransport, in.readableBytes());
        }
        if (paused) {
            pending = Accumulation.append(chc.alloc(), pending, in);
            return;
        }
        cumulation = Accumulation.append(chc.alloc(), cumulation, in);
        if (deadline.expired(chc.executor())) {
            // A client trickling bytes resets the idle timer; a request must still arrive whole in time.
            reject(408, "the request did not arrive in time");
            return;
        }
        process();
    }

    private void process() {
        decode();
        deadline.receiving(midRequest() && !paused, chc.executor());
        if (cumulation != null && !paused) {
            cumulation = Accumulation.compact(chc.alloc(), cumulation, closing);
        }
        if (ctx != null && !paused && !closed && !midRequest()) {
            pool.give(ctx);
            ctx = null;
        }
    }

    /** The context for the request being received: the one held, else one taken from the loop's pool. */
    public Ctx lend() {
        Ctx c = ctx;
        if (c == null) {
            ctx = c = pool.take(this);
        }
        return c;
    }

    public boolean canDecode() {
        return !paused && !closing && cumulation != null;
    }

    /** Answers {@code head}; pauses the connection if the handler handed off or is still streaming. */
    public void dispatch(RequestHead head) {
        deadline.arrived();
        dispatchedAt = cycle.clock();
        if (cycle.dispatch(ctx, head)) {
            paused = true;
            chc.channel().config().setAutoRead(false);
            return;
        }
        finishRequest();
    }

    /** The response is complete: completion listeners run, then the transport's own cleanup. */
    private void finishRequest() {
        cycle.finish(ctx, dispatchedAt);
        requestDone();
    }

    /** Counts a protocol error of {@code status} and queues its response (see {@link #protocolError}). */
    public final void reject(int status, String detail) {
        reject(status, LoopMetrics.errorKind(status), detail);
    }

    /** Counts a protocol error of {@code kind} and queues its response with {@code status}. */
    public final void reject(int status, int kind, String detail) {
        if (metrics != null) {
            metrics.error(kind);
        }
        protocolError(status, detail);
    }

    public void resume() {
        paused = false;
        finishRequest();
        if (pending != null) {
            cumulation = Accumulation.append(chc.alloc(), cumulation, pending);
            pending = null;
        }
        if (!closing) {
            chc.channel().config().setAutoRead(chc.channel().isWritable());
            process();
        }
        flushOut();
    }

    @Override
    public boolean paused() {
        return paused;
    }

    /** Writes what the batch collected; closes after it when closing and no response is still being made. */
    @Override
    public void flushOut() {
        if (!closed) {
            int n = out.flush(chc, closing && !paused);
            if (metrics != null && n >= 0) {
                metrics.sent(metricsTransport, n);
            }
        }
    }

    /** Writes a response with {@code body} unless the connection is closed; the body is released either way. */
    @Override
    public final void respond(Ctx ctx, ByteBuf body) {
        try {
            if (!closed) {
                A.responseLength(ctx, body.readableBytes());
                writeResponse(ctx, body);
                afterWrite();
            }
        } finally {
            body.release();
        }
    }

    /** Writes the response with {@code body} (whose length is its content length) to {@link #out()}. */
    public abstract void writeResponse(Ctx ctx, ByteBuf body);

    /** Writes a streamed response's chunk unless closed, the response has no body or the chunk is empty. */
    @Override
    public final void streamChunk(Ctx ctx, ByteBuf data) {
        try {
            if (!closed && !A.omitBody(ctx) && data.isReadable() && writeChunk(ctx, data)) {
                afterWrite();
            }
        } finally {
            data.release();
        }
    }

    /** Writes {@code data} as a chunk of a streamed response to {@link #out()}; false if its status has no body. */
    public abstract boolean writeChunk(Ctx ctx, ByteBuf data);

    /** Ends a streamed response; resumes the connection if the stream was what held it. */
    public void streamEnded(Ctx ctx) {
        if (paused && (A.handOff(ctx) == null || A.isDone(A.handOff(ctx)))) {
            resume();
        } else {
            afterWrite();
        }
    }

    @Override
    public Attributes connectionAttributes() {
        return attributes;
    }

    @Override
    public void completeHandOff(Ctx ctx, Handler responder) {
        Dispatcher.complete(ctx, responder);
        if (!A.streaming(ctx)) {
            resume();
        }
    }

    /** Stops keep-alive: an idle connection closes now, a busy one after its current response. */
    public void drain() {
        draining = true;
        if (!paused && !midRequest() && out.isEmpty()) {
            closing = true;
            chc.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext chc, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            onIdle();
            return;
        }
        if (evt == ServerContext.DRAIN) {
            drain();
            return;
        }
        super.userEventTriggered(chc, evt);
    }

    /** What this connection's TLS handshake negotiated (read once), or null on plaintext and before it ends. */
    @Override
    public TlsInfo tls() {
        return tls.of(ssl);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        // A TLS failure (bad handshake, bad record) is counted by the listener and closes the connection quietly.
        boolean tlsFailure = cause instanceof DecoderException && cause.getCause() instanceof SSLException;
        if (metrics != null && !tlsFailure) {
            metrics.error(cause instanceof IOException ? LoopMetrics.IO_ERROR : LoopMetrics.INTERNAL_ERROR);
        }
        if (!(cause instanceof IOException) && !tlsFailure) {
            System.getLogger("dev.zapline.server").log(System.Logger.Level.WARNING, "connection failed", cause);
        }
        chc.close();
    }

    @Override
    protected void countClose() {
        if (metrics != null) {
            metrics.closed(metricsTransport);
        }
    }

    /**
     * Releases every buffer the connection holds; subclasses add their own and call this. A context still held is
     * not given back to the pool: a hand-off may hold it, and code up the stack may still be using it.
     */
    @Override
    public void release() {
        cumulation = Accumulation.releaseQuietly(cumulation);
        pending = Accumulation.releaseQuietly(pending);
        out.release();
    }
}
