package dev.zapline.client;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The event loops ZAP connections run on: epoll where the native library loads, NIO elsewhere (or when asked).
 * Threads are daemons named {@code zapline-client-…}; each loop is a {@link TimerLoop}, whose one timer moves
 * without allocating (the load generator paces its sends with it).
 *
 * {@snippet class=dev.zapline.client.snippets.ClientSnippets region=loops}
 *
 * <p>Thread-safe. {@link #close()} stops the loops and waits up to a second for them.
 */
public final class ZapLoops implements AutoCloseable {

    private final boolean epoll;
    private final EventLoopGroup group;

    private ZapLoops(int threads, boolean preferNative) {
        if (threads < 1) {
            throw new IllegalArgumentException("event loop threads " + threads + " < 1");
        }
        this.epoll = preferNative && Epoll.isAvailable();
        IoHandlerFactory factory = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        this.group = TimerLoop.group(threads, new DefaultThreadFactory("zapline-client", true), factory);
    }

    /** Starts {@code threads} event loops, epoll when {@code preferNative} and available. */
    public static ZapLoops create(int threads, boolean preferNative) {
        return new ZapLoops(threads, preferNative);
    }

    /** The next loop, round-robin. */
    public EventLoop next() {
        return group.next();
    }

    public EventLoopGroup group() {
        return group;
    }

    /** "epoll" or "nio". */
    public String name() {
        return epoll ? "epoll" : "nio";
    }

    /** The channel class for a connection to {@code a} on these loops. */
    public Class<? extends Channel> channelClass(ZapAddress a) {
        if (a.isUnix()) {
            if (!epoll) {
                throw new IllegalArgumentException("address " + a + ": unix domain sockets need the epoll transport");
            }
            return EpollDomainSocketChannel.class;
        }
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
