package dev.zapline.server.rpc;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcRequestView;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One RPC connection: the peer's handshake frame, answered with ours, then correlated request frames read in
 * place from the accumulated bytes and dispatched by method ordinal; responses collect in one outbound buffer
 * flushed once per read batch. A bad envelope, an unknown method, a pipelined call or a failing handler is
 * answered with its status and the connection goes on; a malformed handshake, a frame too short to correlate or
 * longer than the limit closes this connection only, as does the idle timeout. Runs on the channel's event loop.
 */
final class RpcConnection extends ChannelInboundHandlerAdapter {

    /** A handshake frame longer than this is not one (the peer's is 80 bytes). */
    private static final int MAX_HANDSHAKE = 1024;

    private static final int OUT_INITIAL = 4096;

    private final RpcEndpoint endpoint;
    private final RpcService service;
    private final RpcCall call = new RpcCall();
    private final RpcReply reply = new RpcReply(this);

    private ChannelHandlerContext chc;
    private ByteBuf cumulation;
    private ByteBuf out;
    private boolean greeted;
    private boolean inRead;
    private boolean closing;
    private boolean closed;
    private final Runnable idleCheck = this::idleCheck;
    private ScheduledFuture<?> idleTimer;
    private boolean readSinceCheck;
    private int quietChecks;
    /** {@link RpcReply#later()} answers not yet written; the connection is not idle while there are some. */
    private int outstanding;

    RpcConnection(RpcEndpoint endpoint) {
        this.endpoint = endpoint;
        this.service = endpoint.service();
    }

    /**
     * The idle timeout without a clock read per frame: a check every half period notes whether anything was read
     * since the last one; two quiet checks in a row close the connection (1 to 1.5 timeouts after the last read).
     * One periodic task for the connection's life, cancelled when it closes: rescheduling a one-shot task per check
     * allocated a task (64 bytes) on the event loop every half period (issue 18).
     */
    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        this.chc = chc;
        long half = Math.max(1, endpoint.idleNanos() / 2);
        idleTimer = chc.executor().scheduleAtFixedRate(idleCheck, half, half, TimeUnit.NANOSECONDS);
    }

    private void idleCheck() {
        if (closed || closing) {
            return;
        }
        if (readSinceCheck || outstanding > 0) {
            readSinceCheck = false;
            quietChecks = 0;
        } else if (++quietChecks >= 2) {
            close();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || closing) {
            ReferenceCountUtil.release(msg);
            return;
        }
        inRead = true;
        readSinceCheck = true;
        cumulation =
                cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(chc.alloc(), cumulation, in);
        decode();
        if (cumulation != null) {
            if (!cumulation.isReadable() || closing) {
                cumulation.release();
                cumulation = null;
            } else {
                cumulation.discardSomeReadBytes();
            }
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext chc) {
        inRead = false;
        flushOut();
    }

    private void decode() {
        while (!closing && cumulation != null) {
            ByteBuf in = cumulation;
            int readable = in.readableBytes();
            if (readable < Rpc.LENGTH_PREFIX) {
                return;
            }
            int start = in.readerIndex();
            long length = in.getUnsignedIntLE(start);
            long limit = greeted ? endpoint.maxFrame() : MAX_HANDSHAKE;
            if (length > limit || length < (greeted ? Rpc.CORRELATED_HEADER : 1)) {
                close();
                return;
            }
            if (readable < Rpc.LENGTH_PREFIX + length) {
                return;
            }
            int body = start + Rpc.LENGTH_PREFIX;
            if (!greeted) {
                if (RpcHandshake.read(in, body, (int) length) == null) {
                    close();
                    return;
                }
                greeted = true;
                RpcHandshake.write(out(), endpoint.nodeId());
            } else {
                frame(in, body, (int) length);
            }
            in.skipBytes(Rpc.LENGTH_PREFIX + (int) length);
        }
    }

    /** Answers the correlated frame of {@code length} bytes at {@code index}. */
    private void frame(ByteBuf in, int index, int length) {
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

    ByteBuf out() {
        if (out == null) {
            out = chc.alloc().buffer(OUT_INITIAL);
        }
        return out;
    }

    /** After a response is written: flush now unless a read batch is in progress (it flushes at its end). */
    void afterWrite() {
        if (!inRead) {
            flushOut();
        }
    }

    /** Answers from a {@link RpcReply#later()} reply, on the event loop; dropped once the connection is closed. */
    /** A {@link RpcReply#later()} answer is now outstanding. */
    void deferred() {
        outstanding++;
    }

    /** A {@link RpcReply#later()} answer was written or cancelled. */
    void undeferred() {
        outstanding--;
    }

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

    private void flushOut() {
        if (closed || out == null) {
            return;
        }
        ByteBuf o = out;
        out = null;
        if (closing) {
            chc.writeAndFlush(o).addListener(ChannelFutureListener.CLOSE);
        } else {
            chc.writeAndFlush(o, chc.voidPromise());
        }
    }

    /** Closes this connection after what is already answered; reads after this are dropped. */
    private void close() {
        closing = true;
        if (out == null) {
            chc.close();
        } else {
            flushOut();
        }
    }

    /** A peer that does not read its answers stops being read until it catches up. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext chc) {
        if (!closing) {
            chc.channel().config().setAutoRead(chc.channel().isWritable());
        }
        chc.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        if (!(cause instanceof java.io.IOException)) {
            System.getLogger("dev.zapline.server.rpc").log(System.Logger.Level.WARNING, "connection failed", cause);
        }
        chc.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) {
        release();
        chc.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext chc) {
        release();
    }

    private void release() {
        closed = true;
        if (idleTimer != null) {
            idleTimer.cancel(false);
            idleTimer = null;
        }
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
