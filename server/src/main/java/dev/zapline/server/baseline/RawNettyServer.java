package dev.zapline.server.baseline;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The raw-Netty baseline of the HTTP benchmark: {@code GET /health} served by one hand-written handler
 * ({@link RawHealthHandler}) on the transport and options zapline uses (epoll {@link MultiThreadIoEventLoopGroup},
 * pooled allocator, TCP_NODELAY, SO_BACKLOG 4096, SO_REUSEADDR), so the gap to zapline is the framework alone.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.zapline.server.baseline.RawNettyServer --port 8081 --event-loops 1
 * </pre>
 *
 * <p>Prints {@code listening on http://HOST:PORT (epoll, N event loops)} once bound; stops on SIGINT/SIGTERM.
 */
public final class RawNettyServer implements AutoCloseable {

    private final EventLoopGroup group;
    private final Channel server;
    private final boolean epoll;

    private RawNettyServer(String host, int port, int eventLoops) throws InterruptedException {
        epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        group = new MultiThreadIoEventLoopGroup(eventLoops, new DefaultThreadFactory("raw-netty", true), io);
        CachedResponses responses = new CachedResponses(System::currentTimeMillis);
        responses.start(group.next());
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        try {
            server = new ServerBootstrap().group(group).channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 4096)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new RawHealthHandler(responses));
                        }
                    })
                    .bind(new InetSocketAddress(host, port)).sync().channel();
        } catch (RuntimeException | InterruptedException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** Binds {@code host:port} (0: an ephemeral port) with {@code eventLoops} threads. */
    public static RawNettyServer start(String host, int port, int eventLoops) throws InterruptedException {
        if (eventLoops < 1) {
            throw new IllegalArgumentException("eventLoops " + eventLoops + " < 1");
        }
        return new RawNettyServer(host, port, eventLoops);
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    public String transportName() {
        return epoll ? "epoll" : "nio";
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = 8080;
        int loops = 1;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--host" -> host = value;
                case "--port" -> port = Integer.parseInt(value);
                case "--event-loops" -> loops = Integer.parseInt(value);
                default -> throw new IllegalArgumentException("unknown option '" + args[i]
                        + "'; usage: RawNettyServer [--host 127.0.0.1] [--port 8080] [--event-loops 1]");
            }
            i++;
        }
        RawNettyServer s = start(host, port, loops);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            s.close();
            stopped.countDown();
        }, "raw-netty-shutdown"));
        System.out.println("listening on http://" + host + ":" + s.port() + " (" + s.transportName() + ", " + loops
                + " event loops)");
        System.out.flush();
        stopped.await();
    }
}
