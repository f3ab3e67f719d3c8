package dev.zapline.load.control;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Steering} for tests: a clock the test sets ({@link #at}), a rate that rate and bias commands change at
 * once, pauses, and a refusal of every rate, bias, pause and resume when made {@link #closed}.
 */
public final class FakeSteering implements Steering {

    private final List<Event> events = new ArrayList<>();
    private final List<Command> submitted = new ArrayList<>();
    private double rate;
    private double base;
    private boolean paused;
    private double t;
    private boolean closed;

    public FakeSteering(double rate) {
        this.rate = rate;
        this.base = rate;
    }

    /** Commands that change the schedule are refused from now on, as a closed-model run's are. */
    public synchronized FakeSteering closed() {
        closed = true;
        return this;
    }

    /** Sets the time events get, seconds from the measured phase's start. */
    public synchronized FakeSteering at(double seconds) {
        t = seconds;
        return this;
    }

    /** Every command submitted, accepted or not. */
    public synchronized List<Command> submitted() {
        return List.copyOf(submitted);
    }

    @Override
    public synchronized Ack submit(Command c) {
        submitted.add(c);
        boolean steers = c.kind() != Command.Kind.MARK && c.kind() != Command.Kind.STOP;
        if (closed && steers) {
            return Ack.refused(c.kind().key() + ": a closed-model run has no rate to steer (mark and stop work)");
        }
        switch (c.kind()) {
            case RATE -> base = c.value();
            case BIAS -> base = base * (1 + c.value() / 100);
            case PAUSE -> paused = true;
            case RESUME -> paused = false;
            default -> {}
        }
        rate = paused ? 0 : base;
        Event e = new Event(t, c.kind(), c.value(), rate, c.label(), c.source());
        events.add(e);
        return Ack.accepted(e);
    }

    @Override
    public synchronized List<Event> events() {
        return List.copyOf(events);
    }

    @Override
    public synchronized double targetRate() {
        return rate;
    }

    @Override
    public synchronized boolean paused() {
        return paused;
    }

    @Override
    public synchronized double pausedSeconds() {
        return 0;
    }
}
