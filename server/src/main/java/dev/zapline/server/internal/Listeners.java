package dev.zapline.server.internal;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.server.ListenAddress;
import dev.zapline.server.ServerConfig;
import dev.zapline.server.Transport;
import dev.zapline.server.internal.http1.HttpConnection;
import dev.zapline.server.internal.zap.ZapConnection;
import dev.zapline.server.rpc.RpcEndpoint;
import dev.zapline.server.rpc.RpcService;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The sockets a started app serves on and the event loops behind them: binds each address with its transport's
 * connection handler (HTTP/1.1 or ZAP, behind TLS when asked, or native RPC), keeps the accepted connections, and
 * drains and closes them at stop. The app keeps its API and its checks; the transports are made here, so the API
 * package constructs none of them. Guarded by the app's lock.
 */
public final class Listeners {

    private final ServerConfig config;
    private final Transports transports;
    private final EventLoopGroup group;
    private final List<Channel> servers = new ArrayList<>();
    private final ChannelGroup connections = new DefaultChannelGroup("zapline", GlobalEventExecutor.INSTANCE);
    private final ChannelGroup rpcConnections = new DefaultChannelGroup("zapline-rpc", GlobalEventExecutor.INSTANCE);

    /** Starts the event loops {@code config} asks for. */
    public Listeners(ServerConfig config) {
        this.config = config;
        this.transports = new Transports(config.nativeTransport());
        this.group = transports.group(config.eventLoops(), "zapline-loop");
    }

    /** A native RPC listener: {@code service} on {@code address}, with the app's frame and idle limits. */
    public record RpcListener(ListenAddress address, RpcEndpoint endpoint) {

        public static RpcListener of(ListenAddress address, RpcService service, ServerConfig config) {
            int maxFrame = Math.min(config.maxFrame(), Rpc.MAX_FRAME);
            return new RpcListener(
                    address, new RpcEndpoint(service, RpcEndpoint.NODE_ID, maxFrame, config.idleTimeout()));
        }
    }

    /** Binds {@code a}; returns it with its ephemeral port resolved. */
    public ListenAddress bind(ListenAddress a, ServerContext server, TlsListener tlsListener) {
        Channel ch = bindChannel(a, new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                connections.add(ch);
                if (tlsListener != null) {
                    tlsListener.install(ch, connection(server, a.transport()), server);
                } else {
                    ch.pipeline().addLast(connection(server, a.transport()));
                }
            }
        });
        if (a.isUnix()) {
            return a;
        }
        InetSocketAddress local = (InetSocketAddress) ch.localAddress();
        return new ListenAddress(a.transport(), a.host(), local.getPort(), null, a.tls());
    }

    /** Binds an RPC listener; returns its bound address. */
    public InetSocketAddress bind(RpcListener r) {
        Channel ch = bindChannel(r.address(), new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                rpcConnections.add(ch);
                ch.pipeline().addLast(r.endpoint().connection());
            }
        });
        return (InetSocketAddress) ch.localAddress();
    }

    /** Binds {@code a} with {@code child} initializing each accepted channel; returns the server channel. */
    private Channel bindChannel(ListenAddress a, ChannelInitializer<Channel> child) {
        ServerBootstrap b = new ServerBootstrap()
                .group(group)
                .option(ChannelOption.SO_BACKLOG, 4096)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childHandler(child);
        SocketAddress address;
        if (a.isUnix()) {
            b.channel(transports.domainServerChannel(a));
            address = new DomainSocketAddress(a.path());
        } else {
            b.channel(transports.serverChannel())
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true);
            if (config.reusePort() && transports.isEpoll()) {
                b.option(EpollChannelOption.SO_REUSEPORT, true);
            }
            address = new InetSocketAddress(a.host(), a.port());
        }
        Channel ch;
        try {
            ch = b.bind(address).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + a, e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot listen on " + a + ": " + e.getMessage(), e);
        }
        servers.add(ch);
        return ch;
    }

    /** The connection handler of a listener of {@code transport}, for a channel the caller drives (no socket). */
    public static ChannelHandler embedded(ServerContext server, Transport transport) {
        return new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(connection(server, transport));
            }
        };
    }

    private static Connection connection(ServerContext server, Transport transport) {
        return transport == Transport.HTTP ? new HttpConnection(server) : new ZapConnection(server);
    }

    /** "epoll" or "nio". */
    public String name() {
        return transports.name();
    }

    /** Stops accepting: closes the listening sockets. */
    public void closeServers() {
        for (Channel s : servers) {
            s.close().awaitUninterruptibly();
        }
        servers.clear();
    }

    /**
     * Lets the connections finish their in-flight requests for up to {@code grace}, closes them (the RPC ones
     * last), then stops the event loops; returns when they have stopped.
     */
    public void drainAndStop(Duration grace) {
        connections.forEach(c -> c.pipeline().fireUserEventTriggered(ServerContext.DRAIN));
        long deadline = System.nanoTime() + grace.toNanos();
        while (!connections.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        connections.close().awaitUninterruptibly();
        rpcConnections.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
