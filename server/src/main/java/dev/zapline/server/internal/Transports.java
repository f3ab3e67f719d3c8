package dev.zapline.server.internal;

import dev.zapline.server.ListenAddress;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/** Chooses epoll where the native library loads, NIO elsewhere (or when asked). */
public final class Transports {

    private final boolean epoll;

    public Transports(boolean preferNative) {
        this.epoll = preferNative && Epoll.isAvailable();
    }

    public boolean isEpoll() {
        return epoll;
    }

    /**
     * Event loops on non-daemon threads: a started app keeps a plain {@code main} alive (the README's five
     * lines) until it is stopped; the JVM's own shutdown (a signal, {@code System.exit}) is not held up by them.
     */
    public EventLoopGroup group(int threads, String name) {
        IoHandlerFactory factory = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, false), factory);
    }

    public Class<? extends ServerChannel> serverChannel() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** The server channel for a unix domain socket (epoll only). */
    public Class<? extends ServerChannel> domainServerChannel(ListenAddress a) {
        if (!epoll) {
            throw new IllegalArgumentException("address " + a + ": unix domain sockets need the epoll transport");
        }
        return EpollServerDomainSocketChannel.class;
    }

    public String name() {
        return epoll ? "epoll" : "nio";
    }
}
