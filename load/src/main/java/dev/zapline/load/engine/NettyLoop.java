package dev.zapline.load.engine;

import dev.zapline.client.TimerLoop;
import io.netty.channel.EventLoop;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link DriverLoop} on a Netty event loop. On a {@link TimerLoop} (the loops {@code ZapLoops} makes) the timer is
 * the loop's own, moved without allocating to each next due time, so an idle loop sleeps until then. On any other
 * loop it is a fixed-rate tick of {@code tickNanos} ({@link LoadPlan#tickNanos}), running from the first arming on,
 * at which the driver does whatever is due (the same sends, up to a tick late) until {@link #cancel}.
 */
final class NettyLoop implements DriverLoop {

    private final EventLoop loop;
    private final TimerLoop timerLoop;
    private final long tickNanos;
    private Runnable wake;
    private ScheduledFuture<?> tick;

    NettyLoop(EventLoop loop, long tickNanos) {
        this.loop = loop;
        this.timerLoop = loop instanceof TimerLoop t ? t : null;
        this.tickNanos = tickNanos;
    }

    @Override
    public void execute(Runnable task) {
        loop.execute(task);
    }

    @Override
    public boolean inLoop() {
        return loop.inEventLoop();
    }

    @Override
    public void schedule(Runnable task, long delayNanos) {
        loop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void timer(Runnable w) {
        wake = w;
        if (timerLoop != null) {
            timerLoop.timer(w);
        }
    }

    @Override
    public void wakeAt(long nanos) {
        if (timerLoop != null) {
            timerLoop.arm(nanos);
        } else if (tick == null) {
            tick = loop.scheduleAtFixedRate(
                    wake, Math.max(0, nanos - System.nanoTime()), tickNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** The tick, when there is one, keeps running: starting it again would allocate. */
    @Override
    public void disarm() {
        if (timerLoop != null) {
            timerLoop.disarm();
        }
    }

    @Override
    public void cancel() {
        disarm();
        if (tick != null) {
            tick.cancel(false);
            tick = null;
        }
    }

    @Override
    public EventLoop eventLoop() {
        return loop;
    }
}
