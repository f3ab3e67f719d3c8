package dev.zapline.client.rpc;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultPromise;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;

/**
 * Reads an {@link RpcClient}'s connection: the server's handshake, then correlated response frames read in place
 * and handed to their call's listener. A malformed handshake, a frame shorter than its correlated header, longer
 * than {@link Rpc#MAX_FRAME} or holding a bad envelope closes the connection (the peer client does the same).
 */
final class RpcClientHandler extends ChannelInboundHandlerAdapter {

    private final RpcClient client;
    private final RpcResponseView view = new RpcResponseView();
    private final Promise<String> handshake = new DefaultPromise<>(GlobalEventExecutor.INSTANCE);
    private ByteBuf cumulation;

    RpcClientHandler(RpcClient client) {
        this.client = client;
    }

    Promise<String> handshake() {
        return handshake;
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        cumulation =
                cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(chc.alloc(), cumulation, in);
        try {
            decode(chc);
        } finally {
            if (cumulation != null && !cumulation.isReadable()) {
                cumulation.release();
                cumulation = null;
            } else if (cumulation != null) {
                cumulation.discardSomeReadBytes();
            }
        }
    }

    private void decode(ChannelHandlerContext chc) {
        while (cumulation != null && cumulation.readableBytes() >= Rpc.LENGTH_PREFIX) {
            ByteBuf in = cumulation;
            int start = in.readerIndex();
            long length = in.getUnsignedIntLE(start);
            if (length > Rpc.MAX_FRAME || length < (handshake.isDone() ? Rpc.CORRELATED_HEADER : 1)) {
                fail(chc, "frame of " + length + " bytes");
                return;
            }
            if (in.readableBytes() < Rpc.LENGTH_PREFIX + length) {
                return;
            }
            int body = start + Rpc.LENGTH_PREFIX;
            if (!handshake.isDone()) {
                String id = RpcHandshake.read(in, body, (int) length);
                if (id == null) {
                    fail(chc, "malformed handshake");
                    return;
                }
                client.peerId(id);
                handshake.setSuccess(id);
            } else if (!response(in, body, (int) length)) {
                fail(chc, "malformed response frame");
                return;
            }
            in.skipBytes(Rpc.LENGTH_PREFIX + (int) length);
        }
    }

    /** Hands one correlated frame to its listener; false for a bad envelope. Other flags and ids are ignored. */
    private boolean response(ByteBuf in, int index, int length) {
        int reqId = in.getIntLE(index);
        if (in.getIntLE(index + 4) != Rpc.FLAG_RESPONSE) {
            return true;
        }
        try {
            view.wrap(in, index + Rpc.CORRELATED_HEADER, length - Rpc.CORRELATED_HEADER);
        } catch (ZapFormatException e) {
            return false;
        }
        RpcResponseListener l = client.take(reqId);
        if (l != null) {
            l.onResponse(reqId, view);
        }
        return true;
    }

    private void fail(ChannelHandlerContext chc, String why) {
        handshake.tryFailure(new IllegalStateException(why));
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        chc.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        handshake.tryFailure(cause);
        chc.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) {
        handshake.tryFailure(new IllegalStateException("connection closed"));
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        client.failAll();
        chc.fireChannelInactive();
    }
}
