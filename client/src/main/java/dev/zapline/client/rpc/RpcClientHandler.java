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
 * and handed to their call's listener. Whatever the client cannot accept closes the connection, the reason kept in
 * {@link RpcClient#closeReason()}: a malformed handshake, a frame shorter than its correlated header or longer
 * than {@link Rpc#MAX_FRAME}, a flag other than response, a bad envelope, an answer to no outstanding call (the
 * client cannot cancel calls, so only a broken server sends one), or the end of the stream inside a frame. Bytes
 * after such a frame are not read.
 */
final class RpcClientHandler extends ChannelInboundHandlerAdapter {

    private final RpcClient client;
    private final RpcResponseView view = new RpcResponseView();
    private final Promise<String> handshake = new DefaultPromise<>(GlobalEventExecutor.INSTANCE);
    private ByteBuf cumulation;
    private boolean failed;

    RpcClientHandler(RpcClient client) {
        this.client = client;
    }

    Promise<String> handshake() {
        return handshake;
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || failed) {
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
            int min = handshake.isDone() ? Rpc.CORRELATED_HEADER : 1;
            if (length > Rpc.MAX_FRAME || length < min) {
                fail(chc, "frame of " + length + " bytes outside " + min + ".." + Rpc.MAX_FRAME);
                return;
            }
            if (in.readableBytes() < Rpc.LENGTH_PREFIX + length) {
                return;
            }
            int body = start + Rpc.LENGTH_PREFIX;
            if (!handshake.isDone()) {
                String id = RpcHandshake.read(in, body, (int) length);
                if (id == null) {
                    fail(chc, "malformed handshake of " + length + " bytes");
                    return;
                }
                client.peerId(id);
                handshake.setSuccess(id);
            } else {
                String bad = response(in, body, (int) length);
                if (bad != null) {
                    fail(chc, bad);
                    return;
                }
            }
            in.skipBytes(Rpc.LENGTH_PREFIX + (int) length);
        }
    }

    /** Hands one correlated frame to its listener; what is wrong with it when it cannot be accepted. */
    private String response(ByteBuf in, int index, int length) {
        int reqId = in.getIntLE(index);
        int flag = in.getIntLE(index + 4);
        if (flag != Rpc.FLAG_RESPONSE) {
            return "frame flag " + flag + " is not a response (2)";
        }
        try {
            view.wrap(in, index + Rpc.CORRELATED_HEADER, length - Rpc.CORRELATED_HEADER);
        } catch (ZapFormatException e) {
            return "bad response envelope: " + e.getMessage();
        }
        RpcResponseListener l = client.take(reqId);
        if (l == null) {
            return "response to request " + reqId + ", which is not outstanding";
        }
        l.onResponse(reqId, view);
        return null;
    }

    private void fail(ChannelHandlerContext chc, String why) {
        failed = true;
        client.closing(why);
        handshake.tryFailure(new IllegalStateException(why));
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        chc.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        failed = true;
        client.closing("connection failed: " + cause);
        handshake.tryFailure(cause);
        chc.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) {
        if (cumulation != null && cumulation.isReadable()) {
            client.closing("closed by the server inside a frame, " + cumulation.readableBytes() + " bytes into it");
        }
        client.closing("closed by the server");
        handshake.tryFailure(new IllegalStateException(client.closeReason()));
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        client.failAll();
        chc.fireChannelInactive();
    }
}
