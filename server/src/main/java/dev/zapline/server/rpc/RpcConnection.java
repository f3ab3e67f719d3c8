package dev.zapline.server.rpc;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrameReader;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcRequestView;
import dev.zapline.server.internal.BufferedConnection;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;

/**
 * One RPC connection: the peer's handshake frame, answered with ours, then correlated request frames read in
 * place from the accumulated bytes and dispatched by method ordinal; responses collect in one outbound buffer
 * flushed once per read batch. A bad envelope, an unknown method, a pipelined call or a failing handler is
 * answered with its status and the connection goes on; a malformed handshake, a frame too short to correlate or
 * longer than the limit closes this connection only, as does the idle timeout. Runs on the channel's event loop.
 */
final class RpcConnection extends BufferedConnection implements RpcFrameReader.Sink {

    /** A handshake frame longer than this is not one (the peer's is 80 bytes). */
    private static final int MAX_HANDSHAKE = 1024;

    private final RpcEndpoint endpoint;
    private final RpcService service;
    private final RpcCall call = new RpcCall();
    private final RpcReply reply = new RpcReply(this);
    private final RpcFrameReader frames;
    /** {@link RpcReply#later()} answers not yet written; the connection is not idle while there are some. */
    private int outstanding;

    RpcConnection(RpcEndpoint endpoint) {
        super(endpoint.idleNanos());
        this.endpoint = endpoint;
        this.service = endpoint.service();
        this.frames = new RpcFrameReader(MAX_HANDSHAKE, endpoint.maxFrame());
    }

    /** Closes the connection after two quiet checks in a row (the transports' idle policy); a deferred reply counts. */
    @Override
    protected void idleCheck() {
        if (closed || closing) {
            return;
        }
        if (outstanding > 0) {
            idle.read();
        }
        if (idle.idle()) {
            close();
        }
    }

    @Override
    protected void read(ByteBuf in) {
        frames.read(chc.alloc(), in, this);
    }

    /** The peer's handshake, answered with ours; a malformed one closes the connection. */
    @Override
    public boolean handshake(ByteBuf in, int index, int length) {
        if (RpcHandshake.read(in, index, length) == null) {
            close();
            return false;
        }
        RpcHandshake.write(out(), endpoint.nodeId());
        return true;
    }

    /** A length prefix too short to correlate or over the limit: the stream cannot be read on, so it closes. */
    @Override
    public void malformed(long length, long min, long max) {
        close();
    }

    /** Answers the correlated frame of {@code length} bytes at {@code index}; reading goes on unless closing. */
    @Override
    public boolean frame(ByteBuf in, int index, int length) {
        answer(in, index, length);
        return !closing;
    }

    private void answer(ByteBuf in, int index, int length) {
        int reqId = in.getIntLE(index);
        int flag = in.getIntLE(index + 4);
        if (flag != Rpc.FLAG_REQUEST) {
            refuse(reqId, 0, Rpc.STATUS_BAD_REQUEST, "frame flag " + flag + " is not a request (1)");
            return;
        }
        RpcRequestView view = call.view();
        try {
            view.wrap(in, index + Rpc.CORRELATED_HEADER, length - Rpc.CORRELATED_HEADER);
        } catch (ZapFormatException e) {
            refuse(reqId, 0, Rpc.STATUS_BAD_REQUEST, "bad envelope: " + e.getMessage());
            return;
        }
        int promise = view.promiseId();
        if (view.target() != 0) {
            refuse(
                    reqId,
                    promise,
                    Rpc.STATUS_BAD_REQUEST,
                    "promise pipelining not supported (target " + Integer.toUnsignedString(view.target()) + ")");
            return;
        }
        RpcMethod method = service.method(view.method());
        if (method == null) {
            refuse(
                    reqId,
                    promise,
                    Rpc.STATUS_NOT_FOUND,
                    "unknown method " + view.method() + " of service " + service.name());
            return;
        }
        call.reqId(reqId);
        reply.open(reqId, promise);
        try {
            method.handler().handle(call, reply);
            if (!reply.settled()) {
                reply.abandon();
                reply.error(Rpc.STATUS_INTERNAL, "method " + method.name() + " returned without replying");
            }
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            if (reply.answered()) {
                return;
            }
            reply.abandon();
            refuse(reqId, promise, Rpc.STATUS_INTERNAL, "method " + method.name() + " failed: " + e.getMessage());
        }
    }

    private void refuse(int reqId, int promise, int status, String message) {
        byte[] body = ErrorBody.of(message);
        RpcFrames.writeResponse(out(), reqId, promise, status, body, 0, body.length);
    }

    /** A {@link RpcReply#later()} answer is now outstanding. */
    void deferred() {
        outstanding++;
    }

    /** A {@link RpcReply#later()} answer was written or cancelled. */
    void undeferred() {
        outstanding--;
    }

    /** Answers from a {@link RpcReply#later()} reply, on the event loop; dropped once the connection is closed. */
    void sendLater(int reqId, int promiseId, int status, byte[] body) {
        if (chc.executor().inEventLoop()) {
            writeLater(reqId, promiseId, status, body);
        } else {
            chc.executor().execute(() -> writeLater(reqId, promiseId, status, body));
        }
    }

    private void writeLater(int reqId, int promiseId, int status, byte[] body) {
        undeferred();
        if (!closed && !closing) {
            RpcFrames.writeResponse(out(), reqId, promiseId, status, body, 0, body.length);
            afterWrite();
        }
    }

    @Override
    public void flushOut() {
        if (!closed && !out.isEmpty()) {
            out.flush(chc, closing);
        }
    }

    /** Closes this connection after what is already answered; reads after this are dropped. */
    private void close() {
        closing = true;
        out.flush(chc, true);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        if (!(cause instanceof java.io.IOException)) {
            System.getLogger("dev.zapline.server.rpc").log(System.Logger.Level.WARNING, "connection failed", cause);
        }
        chc.close();
    }

    @Override
    public void release() {
        frames.release();
        out.release();
    }
}
