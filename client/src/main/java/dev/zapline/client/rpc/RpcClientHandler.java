package dev.zapline.client.rpc;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrameReader;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultPromise;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;

/**
 * Reads an {@link RpcClient}'s connection: the server's handshake, then correlated response frames, cut by the
 * shared {@link RpcFrameReader}, read in place and handed to their call's listener. Whatever the client cannot accept
 * closes the connection, the reason kept in {@link RpcClient#closeReason()}: a malformed handshake, a frame shorter
 * than its correlated header or longer than {@link Rpc#MAX_FRAME}, a flag other than response, a bad envelope, an
 * answer to no outstanding call (the client cannot cancel calls, so only a broken server sends one), or the end of
 * the stream inside a frame. Bytes after such a frame are not read.
 */
final class RpcClientHandler extends ChannelInboundHandlerAdapter implements RpcFrameReader.Sink {

    private final RpcClient client;
    private final RpcResponseView view = new RpcResponseView();
    private final Promise<String> handshake = new DefaultPromise<>(GlobalEventExecutor.INSTANCE);
    private final RpcFrameReader frames = new RpcFrameReader(Rpc.MAX_FRAME, Rpc.MAX_FRAME);
    private ChannelHandlerContext chc;
    private boolean failed;

    RpcClientHandler(RpcClient client) {
        this.client = client;
    }

    Promise<String> handshake() {
        return handshake;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        this.chc = chc;
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || failed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        frames.read(chc.alloc(), in, this);
    }

    @Override
    public boolean handshake(ByteBuf in, int index, int length) {
        String id = RpcHandshake.read(in, index, length);
        if (id == null) {
            fail("malformed handshake of " + length + " bytes");
            return false;
        }
        client.peerId(id);
        handshake.setSuccess(id);
        return true;
    }

    @Override
    public boolean frame(ByteBuf in, int index, int length) {
        String bad = response(in, index, length);
        if (bad != null) {
            fail(bad);
            return false;
        }
        return true;
    }

    @Override
    public void malformed(long length, long min, long max) {
        fail("frame of " + length + " bytes outside " + min + ".." + max);
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

    private void fail(String why) {
        failed = true;
        client.closing(why);
        handshake.tryFailure(new IllegalStateException(why));
        frames.stop();
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
        if (frames.pending() > 0) {
            client.closing("closed by the server inside a frame, " + frames.pending() + " bytes into it");
        }
        client.closing("closed by the server");
        handshake.tryFailure(new IllegalStateException(client.closeReason()));
        frames.release();
        client.failAll();
        chc.fireChannelInactive();
    }
}
