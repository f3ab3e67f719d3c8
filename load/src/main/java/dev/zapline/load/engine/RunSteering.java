package dev.zapline.load.engine;

import dev.zapline.load.control.Ack;
import dev.zapline.load.control.Command;
import dev.zapline.load.control.Event;
import dev.zapline.load.control.Steering;
import dev.zapline.load.schedule.Steered;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's {@link Steering}: marks and stops for every run; rate changes, biases, pauses and resumes for an open
 * run started steerable and not split. A change takes effect {@link #GUARD} after it is submitted (its change point,
 * the same on every loop), which leaves the loops time to read the new piece before it starts: the schedule stays
 * exact across the change. Commands are applied one at a time (synchronized), from any thread.
 */
final class RunSteering implements Steering {

    /** How far ahead of its submission a change takes effect: far more than a loop takes to run a task. */
    static final long GUARD = 20_000_000L;

    private final Engine engine;
    /** Null when the run cannot be steered. */
    private final Steered steered;

    private final LoopDriver[] drivers;

    private final List<Event> events = new ArrayList<>();
    /** Run time the current pause began, or -1. */
    private long pausedAt = -1;

    private long pausedNanos;

    RunSteering(Engine engine, Steered steered, LoopDriver[] drivers) {
        this.engine = engine;
        this.steered = steered;
        this.drivers = drivers;
    }

    @Override
    public synchronized Ack submit(Command c) {
        try {
            return Ack.accepted(apply(c));
        } catch (IllegalArgumentException | IllegalStateException e) {
            return Ack.refused(c.kind().key() + ": " + e.getMessage());
        }
    }

    private Event apply(Command c) {
        long run = engine.clock().nanos() - engine.startNanos();
        if (c.kind() == Command.Kind.MARK) {
            return event(run, c, rate(run));
        }
        if (c.kind() == Command.Kind.STOP) {
            Event e = event(run, c, rate(run));
            engine.stop();
            return e;
        }
        if (steered == null) {
            throw new IllegalStateException(
                    !engine.plan().isOpen()
                            ? "a closed-model run has no rate to steer (mark and stop work)"
                            : !engine.segment().isWhole()
                                    ? "a split run (--segment) cannot be steered: its other segments would not follow"
                                    : "this run was not started steerable (--tui or --control)");
        }
        if (engine.stoppedNanos() != Long.MAX_VALUE || engine.isDone()) {
            throw new IllegalStateException("the run is ending");
        }
        long at = Math.max(0, run + GUARD);
        switch (c.kind()) {
            case RATE -> steered.rate(at, c.value());
            case BIAS -> steered.bias(at, c.value());
            case PAUSE -> {
                steered.pause(at);
                pausedAt = at;
            }
            case RESUME -> {
                steered.resume(at);
                pausedNanos += at - pausedAt;
                pausedAt = -1;
            }
            default -> throw new IllegalStateException("unknown command");
        }
        for (LoopDriver d : drivers) {
            d.rescheduled();
        }
        return event(at, c, steered.paused() ? 0 : steered.rateAt(at));
    }

    private Event event(long run, Command c, double rate) {
        double t = (engine.startNanos() + run - engine.measuredStartNanos()) / 1e9;
        Event e = new Event(t, c.kind(), c.value(), rate, c.label(), c.source());
        events.add(e);
        return e;
    }

    /** The target rate at run time {@code run}. */
    private double rate(long run) {
        if (steered != null) {
            return steered.rateAt(run);
        }
        long measured = engine.startNanos() + run - engine.measuredStartNanos();
        return engine.plan().rateAt(measured) / engine.segment().count();
    }

    @Override
    public synchronized List<Event> events() {
        return List.copyOf(events);
    }

    @Override
    public synchronized double targetRate() {
        return rate(engine.clock().nanos() - engine.startNanos());
    }

    @Override
    public synchronized boolean paused() {
        return pausedAt >= 0 && engine.clock().nanos() - engine.startNanos() >= pausedAt;
    }

    @Override
    public synchronized double pausedSeconds() {
        long run = engine.clock().nanos() - engine.startNanos();
        long now = pausedAt >= 0
                ? Math.max(
                        0,
                        Math.min(
                                        run,
                                        engine.plan().warmupNanos()
                                                + engine.plan().measuredNanos())
                                - pausedAt)
                : 0;
        return (pausedNanos + now) / 1e9;
    }
}
