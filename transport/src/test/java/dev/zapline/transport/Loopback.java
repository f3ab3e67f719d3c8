package dev.zapline.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A Netty TLS server on 127.0.0.1 (ephemeral port) that records each handshake's outcome and, after a successful
 * one, writes {@code ok} (so a TLS 1.3 client has read the session ticket, sent before it, when it reads it); and a
 * client that connects with a {@link ClientTls}. Bounded: every wait is at most 10 s.
 */
final class Loopback implements AutoCloseable {

    /** A handshake's outcome on one side: what was negotiated, or why it failed. */
    record Outcome(TlsInfo info, Throwable failure) {
        String reason() {
            return failure == null ? null : TlsFailure.reason(failure);
        }

        boolean ok() {
            return failure == null;
        }
    }

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final BlockingQueue<Outcome> server = new LinkedBlockingQueue<>();
    private final Channel listener;

    Loopback(ServerTls tls) throws InterruptedException {
        SslContext ctx = tls.context();
        listener = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        SslHandler h = ctx.newHandler(ch.alloc());
                        h.setHandshakeTimeoutMillis(tls.handshakeTimeout().toMillis());
                        ch.pipeline().addLast(h, new Quiet());
                        h.handshakeFuture().addListener(f -> {
                            if (f.isSuccess()) {
                                server.add(new Outcome(TlsInfo.of(h), null));
                                ch.writeAndFlush(Unpooled.copiedBuffer("ok", StandardCharsets.US_ASCII));
                            } else {
                                server.add(new Outcome(null, f.cause()));
                            }
                        });
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** The next handshake outcome the server saw. */
    Outcome serverOutcome() throws InterruptedException {
        Outcome o = server.poll(10, TimeUnit.SECONDS);
        if (o == null) {
            throw new AssertionError("the server saw no handshake end within 10 s");
        }
        return o;
    }

    /** Connects to {@code host} (which resolves to loopback) with {@code tls}; on success waits for the "ok". */
    Outcome connect(ClientTls tls, String host) throws Exception {
        CompletableFuture<Outcome> done = new CompletableFuture<>();
        Channel ch = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        SslHandler h = tls.newHandler(c.alloc(), host, port());
                        c.pipeline().addLast(h, new Quiet() {
                            @Override
                            public void channelRead(ChannelHandlerContext c, Object msg) {
                                ReferenceCountUtil.release(msg);
                                done.complete(new Outcome(TlsInfo.of(h), null));
                            }
                        });
                        h.handshakeFuture().addListener(f -> {
                            if (!f.isSuccess()) {
                                done.complete(new Outcome(null, f.cause()));
                            }
                        });
                    }
                })
                .connect("127.0.0.1", port())
                .sync()
                .channel();
        try {
            return done.get(10, TimeUnit.SECONDS);
        } finally {
            ch.close().sync();
        }
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Handshake failures are outcomes here, not log lines. */
    static class Quiet extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext c, Object msg) {
            ReferenceCountUtil.release(msg);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext c, Throwable cause) {
            c.close();
        }
    }
}
