package dev.zapline.load.engine;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayDeque;

/**
 * Holds a TLS connection's place in the pipeline until the handshake's ALPN choice says which protocol handler
 * takes it ({@link #become}); whatever the TLS handler decodes before that (a server may send its first HTTP/2
 * frames in the handshake's last flight) is kept and handed on, in order. One per connection.
 */
final class Alpn extends ChannelInboundHandlerAdapter {

    private ChannelHandlerContext ctx;
    private final ArrayDeque<Object> early = new ArrayDeque<>(2);

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        ctx = chc;
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        early.add(msg);
    }

    /** Puts {@code next} in this handler's place and hands it what arrived meanwhile. */
    void become(ChannelHandler next) {
        ctx.pipeline().addAfter(ctx.name(), null, next);
        boolean any = !early.isEmpty();
        for (Object m = early.poll(); m != null; m = early.poll()) {
            ctx.fireChannelRead(m);
        }
        if (any) {
            ctx.fireChannelReadComplete();
        }
        ctx.pipeline().remove(this);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext chc) {
        for (Object m = early.poll(); m != null; m = early.poll()) {
            io.netty.util.ReferenceCountUtil.release(m);
        }
    }
}
