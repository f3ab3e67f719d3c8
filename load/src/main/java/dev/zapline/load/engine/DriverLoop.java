package dev.zapline.load.engine;

import io.netty.channel.EventLoop;

/**
 * What a {@link LoopDriver} needs of the thread it runs on: running tasks on it, one-off delays (reopening a
 * connection) and one wake-up timer for pacing. {@link NettyLoop} adapts a Netty event loop; tests drive a loop by
 * hand on a manual clock. Times are the driver's clock's nanoseconds.
 */
interface DriverLoop {

    /** Runs {@code task} on the loop (now, when called on it, or soon). */
    void execute(Runnable task);

    boolean inLoop();

    /** Runs {@code task} on the loop once, {@code delayNanos} from now. May allocate: for reconnects, not requests. */
    void schedule(Runnable task, long delayNanos);

    /** From now on, the timer runs {@code wake}; it is disarmed. Called once, on the loop. */
    void timer(Runnable wake);

    /** The timer runs once at or soon after {@code nanos}, replacing the time set before. On the loop only. */
    void wakeAt(long nanos);

    /** The timer need not run until armed again. On the loop only. */
    void disarm();

    /** The timer never runs again. On the loop only. */
    void cancel();

    /** The Netty loop connections are opened on (null for a loop driven by hand). */
    EventLoop eventLoop();
}
