package dev.zapline.client;

import io.netty.channel.IoEventLoop;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * An event loop with one timer that can be moved without allocating: {@link #arm} sets the {@link System#nanoTime()}
 * instant at which the loop runs the task given to {@link #timer}, replacing the instant set before. Netty's
 * {@code schedule} allocates a task object per call, which a load generator that wakes for every due request cannot
 * afford; this timer is a field the loop reads when it computes how long it may block.
 *
 * <p>How. The loop blocks in its I/O handler until the deadline the loop reports, the nearest scheduled task's:
 * this loop reports the earlier of that and the armed instant (epoll arms its timerfd with it, to the nanosecond;
 * NIO's selector rounds to milliseconds). After each turn's tasks, the loop runs the timer task once the instant has
 * come, disarming it first, so the task may re-arm. Early wake-ups (a read, a task) do not run it.
 *
 * <p>{@link #timer}, {@link #arm} and {@link #disarm} are called on the loop only.
 */
public final class TimerLoop extends SingleThreadIoEventLoop {

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(TimerLoop.class);
    private static final long NONE = Long.MAX_VALUE;

    /** {@link System#nanoTime()} minus this is the loop's own (ticker) time. */
    private final long origin;

    private Runnable task;
    private long at = NONE;
    /** The loop thread's Linux thread id, 0 until it runs or where it cannot be read. */
    private volatile int tid;

    private TimerLoop(IoEventLoopGroup parent, Executor executor, IoHandlerFactory factory) {
        super(parent, executor, factory);
        this.origin = ticker().initialNanoTime();
    }

    /** A group of {@code threads} timer loops. */
    static MultiThreadIoEventLoopGroup group(int threads, ThreadFactory threadFactory, IoHandlerFactory factory) {
        return new Group(threads, threadFactory, factory);
    }

    /** The task the timer runs; replaces the one set before and disarms. */
    public void timer(Runnable t) {
        task = t;
        at = NONE;
    }

    /** Runs the timer task once at or soon after {@code nanoTime} ({@link System#nanoTime()} time). */
    public void arm(long nanoTime) {
        at = nanoTime == NONE ? NONE - 1 : nanoTime;
    }

    public void disarm() {
        at = NONE;
    }

    /** The armed instant, or {@link Long#MAX_VALUE} when disarmed. */
    public long armedAt() {
        return at;
    }

    @Override
    protected long deadlineNanos() {
        long d = super.deadlineNanos();
        if (at == NONE) {
            return d;
        }
        long mine = at - origin;
        return d == -1 || mine < d ? mine : d;
    }

    @Override
    protected long delayNanos(long currentTimeNanos) {
        long d = super.delayNanos(currentTimeNanos);
        if (at == NONE) {
            return d;
        }
        return Math.max(0, Math.min(d, at - currentTimeNanos));
    }

    /**
     * The loop's thread first notes its thread id and sets its own timer slack to 1 µs ({@link TimerSlack}), then
     * runs the loop.
     */
    @Override
    protected void run() {
        tid = ThreadNice.currentTid(Path.of("/proc"));
        TimerSlack.tighten();
        super.run();
    }

    /** The loop thread's Linux thread id; 0 before the thread runs, or where it cannot be read. */
    int threadId() {
        return tid;
    }

    @Override
    protected void afterRunningAllTasks() {
        super.afterRunningAllTasks();
        if (at != NONE && System.nanoTime() - at >= 0) {
            at = NONE;
            try {
                task.run();
            } catch (Throwable t) {
                LOG.warn("timer task failed", t);
            }
        }
    }

    private static final class Group extends MultiThreadIoEventLoopGroup {

        Group(int threads, ThreadFactory threadFactory, IoHandlerFactory factory) {
            super(threads, threadFactory, factory);
        }

        @Override
        protected IoEventLoop newChild(Executor executor, IoHandlerFactory factory, Object... args) {
            return new TimerLoop(this, executor, factory);
        }
    }
}
