package dev.zapline.server.internal;

import dev.zapline.server.internal.http2.Http2ServerConnection;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * Stands behind the TLS handler of an HTTPS listener until the handshake ends, then puts the connection that ALPN
 * chose in its place: HTTP/2 for {@code h2}, else (also when the client offered no ALPN) the HTTP/1.1 one.
 * Decrypted bytes that arrive before the choice are handed on in order. Event-loop confined.
 */
public final class AlpnSwitch extends ChannelInboundHandlerAdapter {

    private final SslHandler ssl;
    private final Connection http;
    private final ServerContext server;
    private ArrayDeque<Object> early;

    public AlpnSwitch(SslHandler ssl, Connection http, ServerContext server) {
        this.ssl = ssl;
        this.http = http;
        this.server = server;
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (early == null) {
            early = new ArrayDeque<>(2);
        }
        early.add(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext chc, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent e && e.isSuccess()) {
            if ("h2".equals(ssl.applicationProtocol())) {
                Http2ServerConnection h2 = Http2ServerConnection.create(server);
                h2.ssl = ssl;
                chc.pipeline().addAfter(chc.name(), null, h2);
            } else {
                chc.pipeline().addAfter(chc.name(), null, http);
            }
            while (early != null && !early.isEmpty()) {
                chc.fireChannelRead(early.poll());
            }
            chc.fireUserEventTriggered(evt);
            chc.pipeline().remove(this);
            return;
        }
        chc.fireUserEventTriggered(evt);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext chc) {
        while (early != null && !early.isEmpty()) {
            ReferenceCountUtil.release(early.poll());
        }
    }
}
