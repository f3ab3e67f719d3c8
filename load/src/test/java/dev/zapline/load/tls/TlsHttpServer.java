package dev.zapline.load.tls;

import dev.zapline.transport.ServerTls;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A small HTTPS server for the loader's tests, independent of zapline's server: TLS from a {@link ServerTls}, then
 * a 200 {@code ok} for every request head ({@code GET}s without bodies) on one event loop, keep-alive. It counts
 * handshakes, completed and failed, and requests.
 */
public final class TlsHttpServer implements AutoCloseable {

    private static final ByteBuf OK = Unpooled.unreleasableBuffer(Unpooled.directBuffer()
            .writeBytes("HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-type: text/plain\r\n\r\nok"
                    .getBytes(StandardCharsets.US_ASCII)));

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    /** Handshakes that completed, and that failed. */
    public final AtomicLong handshakes = new AtomicLong();

    public final AtomicLong failedHandshakes = new AtomicLong();
    public final AtomicLong requests = new AtomicLong();

    public TlsHttpServer(ServerTls tls) throws InterruptedException {
        this(n -> tls);
    }

    /** A server whose n-th connection (from 0) gets {@code tls.apply(n)}: a certificate may change mid-run. */
    public TlsHttpServer(IntFunction<ServerTls> tls) throws InterruptedException {
        AtomicInteger connections = new AtomicInteger();
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ServerTls t = tls.apply(connections.getAndIncrement());
                        ch.pipeline().addLast(t.context().newHandler(ch.alloc()), new Responder());
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    /** Answers each request head (ended by an empty line) with {@link #OK}; one flush per read batch. */
    private final class Responder extends ChannelInboundHandlerAdapter {

        /** How much of CR LF CR LF the bytes seen so far end with. */
        private int matched;

        private int pending;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            try {
                for (int i = in.readerIndex(); i < in.writerIndex(); i++) {
                    byte b = in.getByte(i);
                    boolean next = b == (matched % 2 == 0 ? '\r' : '\n');
                    matched = next ? matched + 1 : b == '\r' ? 1 : 0;
                    if (matched == 4) {
                        matched = 0;
                        pending++;
                    }
                }
            } finally {
                in.release();
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            for (; pending > 0; pending--) {
                requests.incrementAndGet();
                ctx.write(OK.duplicate(), ctx.voidPromise());
            }
            ctx.flush();
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof SslHandshakeCompletionEvent e) {
                (e.isSuccess() ? handshakes : failedHandshakes).incrementAndGet();
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
