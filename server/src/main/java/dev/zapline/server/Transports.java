package dev.zapline.server;

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
final class Transports {

    private final boolean epoll;

    Transports(boolean preferNative) {
        this.epoll = preferNative && Epoll.isAvailable();
    }

    boolean isEpoll() {
        return epoll;
    }

    /**
     * Event loops on non-daemon threads: a started app keeps a plain {@code main} alive (the README's five
     * lines) until it is stopped; the JVM's own shutdown (a signal, {@code System.exit}) is not held up by them.
     */
    EventLoopGroup group(int threads, String name) {
        IoHandlerFactory factory = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, false), factory);
    }

    Class<? extends ServerChannel> serverChannel() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** The server channel for a unix domain socket (epoll only). */
    Class<? extends ServerChannel> domainServerChannel(ListenAddress a) {
        if (!epoll) {
            throw new IllegalArgumentException("address " + a + ": unix domain sockets need the epoll transport");
        }
        return EpollServerDomainSocketChannel.class;
    }

    String name() {
        return epoll ? "epoll" : "nio";
    }
}
