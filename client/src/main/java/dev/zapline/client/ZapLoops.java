package dev.zapline.client;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDomainSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The event loops ZAP connections and the load generator run on, over io_uring, epoll or NIO ({@link IoTransport}).
 * Threads are daemons named {@code zapline-client-…}; each loop is a {@link TimerLoop}, whose one timer moves
 * without allocating (the load generator paces its sends with it). Every transport honours the timer to the
 * nanosecond the kernel allows: epoll arms a timerfd, io_uring submits a timeout with the wait, NIO's selector
 * rounds to milliseconds.
 *
 * {@snippet class=dev.zapline.client.snippets.ClientSnippets region=loops}
 *
 * <p>Thread-safe. {@link #close()} stops the loops and waits up to a second for them.
 */
public final class ZapLoops implements AutoCloseable {

    /**
     * The first transport {@link IoTransport#AUTO} tries, then the others down to NIO: epoll, which cost {@code zapline
     * load} less CPU per request than io_uring at every rate measured (docs/benchmarks.md). Set it to
     * {@link IoTransport#IO_URING} to make io_uring the default where it works.
     */
    static final IoTransport AUTO_FIRST = IoTransport.EPOLL;

    /**
     * The nice value {@link #favourLoops} gives the other threads: 10, about a tenth of a loop's share of a contended
     * CPU, so that the reporter and the compilers still progress when a loop is saturated. Other values not measured.
     */
    static final int OTHERS_NICE = 10;

    private final IoTransport transport;
    private final EventLoopGroup group;

    private ZapLoops(IoTransport transport, EventLoopGroup group) {
        this.transport = transport;
        this.group = group;
    }

    /** Starts {@code threads} event loops: {@link IoTransport#AUTO} when {@code preferNative}, else NIO. */
    public static ZapLoops create(int threads, boolean preferNative) {
        return create(threads, preferNative ? IoTransport.AUTO : IoTransport.NIO);
    }

    /**
     * Starts {@code threads} event loops on {@code asked}; {@link IoTransport#AUTO} falls back without a word from
     * a transport that is unavailable or fails to start to the next in {@link #autoOrder()}.
     *
     * @throws IllegalArgumentException for {@code threads < 1}, or when {@code asked} is a native transport that this
     *     machine cannot run (the message names the cause: no native library, a kernel without it, a disabling
     *     property)
     */
    public static ZapLoops create(int threads, IoTransport asked) {
        if (threads < 1) {
            throw new IllegalArgumentException("event loop threads " + threads + " < 1");
        }
        if (asked != IoTransport.AUTO) {
            String why = unavailable(asked);
            if (why != null) {
                throw new IllegalArgumentException(refusal(asked, why));
            }
            try {
                return start(threads, asked);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(refusal(asked, describe(rootCause(e))), e);
            }
        }
        List<IoTransport> order = autoOrder();
        for (IoTransport t : order.subList(0, order.size() - 1)) {
            if (unavailable(t) == null) {
                try {
                    return start(threads, t);
                } catch (RuntimeException e) {
                    // e.g. too little locked memory for io_uring's rings: the next one will do
                }
            }
        }
        return start(threads, IoTransport.NIO);
    }

    /** What {@link IoTransport#AUTO} tries, in order; NIO, which works everywhere, last. */
    public static List<IoTransport> autoOrder() {
        return AUTO_FIRST == IoTransport.IO_URING
                ? List.of(IoTransport.IO_URING, IoTransport.EPOLL, IoTransport.NIO)
                : List.of(IoTransport.EPOLL, IoTransport.NIO);
    }

    /** Why {@code t} cannot run here, or null when it can. Loads the native library of the transport asked about. */
    public static String unavailable(IoTransport t) {
        return switch (t) {
            case IO_URING -> IoUring.isAvailable() ? null : describe(IoUring.unavailabilityCause());
            case EPOLL -> Epoll.isAvailable() ? null : describe(Epoll.unavailabilityCause());
            case NIO -> null;
            case AUTO -> throw new IllegalArgumentException("auto is not a transport");
        };
    }

    /** The message for {@code t} asked for where it cannot run, {@code why}. */
    public static String refusal(IoTransport t, String why) {
        return "the " + t.label() + " transport is not available here (" + why
                + "); auto falls back to the next one that is, and nio runs everywhere";
    }

    /** {@code cause}'s class and message, and its own cause's, which is often the one that says what is missing. */
    static String describe(Throwable cause) {
        if (cause == null) {
            return "no reason given";
        }
        String s = cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        Throwable inner = cause.getCause();
        if (inner != null && inner != cause && inner.getMessage() != null) {
            s += ", caused by " + inner.getClass().getSimpleName() + ": " + inner.getMessage();
        }
        return s;
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static ZapLoops start(int threads, IoTransport t) {
        IoHandlerFactory factory = switch (t) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            case NIO -> NioIoHandler.newFactory();
            case AUTO -> throw new IllegalArgumentException("auto is not a transport");
        };
        return new ZapLoops(t, TimerLoop.group(threads, new DefaultThreadFactory("zapline-client", true), factory));
    }

    /** The next loop, round-robin. */
    public EventLoop next() {
        return group.next();
    }

    public EventLoopGroup group() {
        return group;
    }

    /** The transport the loops run on: never {@link IoTransport#AUTO}. */
    public IoTransport transport() {
        return transport;
    }

    /** {@code io_uring}, {@code epoll} or {@code nio}. */
    public String name() {
        return transport.label();
    }

    /** The channel class for a connection to {@code a} on these loops. */
    public Class<? extends Channel> channelClass(ZapAddress a) {
        if (a.isUnix()) {
            return switch (transport) {
                case IO_URING -> IoUringDomainSocketChannel.class;
                case EPOLL -> EpollDomainSocketChannel.class;
                default ->
                    throw new IllegalArgumentException(
                            "address " + a + ": unix domain sockets need the io_uring or epoll transport");
            };
        }
        return switch (transport) {
            case IO_URING -> IoUringSocketChannel.class;
            case EPOLL -> EpollSocketChannel.class;
            default -> NioSocketChannel.class;
        };
    }

    /**
     * Gives the loops' threads the CPU first: every other thread of this process (the reporting thread, the JIT
     * compilers, the JVM's housekeeping; not the garbage collector's) gets nice value {@link #OTHERS_NICE}, and
     * threads they start later inherit it. A loop that wakes for a request that is due then gets a CPU shared with
     * them sooner (the kernel still lets a running thread finish a short slice: 2 to 5 ms seen for the C2 compiler).
     * Issue 31: on one core at 2,000 req/s, 10 ms buckets on the wire within the schedule went from 92.8 % to 97.5 %
     * in one pair of runs. For a process that runs nothing else that must keep pace: the lowered threads stay
     * lowered. Call once every loop has started (each has a connection).
     *
     * @return the number of threads lowered; -1 when a loop has not started yet or nice values cannot be set here
     *     (Java below 22, not Linux), in which case nothing changed
     */
    public int favourLoops() {
        return favourLoops(Path.of("/proc"));
    }

    /** {@link #favourLoops()} over the threads listed under {@code proc} (tests: a made-up list of real threads). */
    int favourLoops(Path proc) {
        List<Integer> tids = new ArrayList<>();
        for (EventExecutor e : group) {
            int tid = e instanceof TimerLoop t ? t.threadId() : 0;
            if (tid <= 0) {
                return -1;
            }
            tids.add(tid);
        }
        int[] keep = tids.stream().mapToInt(Integer::intValue).toArray();
        return ThreadNice.setAllBut(proc, keep, OTHERS_NICE);
    }

    /** The server channel class for a TCP listener on these loops. */
    public Class<? extends ServerChannel> serverChannelClass() {
        return switch (transport) {
            case IO_URING -> IoUringServerSocketChannel.class;
            case EPOLL -> EpollServerSocketChannel.class;
            default -> NioServerSocketChannel.class;
        };
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
