package dev.zapline.cli.tui;

import dev.zapline.load.control.Ack;
import dev.zapline.load.control.Command;
import dev.zapline.load.control.Event;
import dev.zapline.load.control.Steering;
import java.util.ArrayList;
import java.util.List;

/** A {@link Steering} that records the commands it is given and applies rate, pause and resume to its own state. */
final class FakeSteering implements Steering {

    final List<Command> commands = new ArrayList<>();
    private final List<Event> events = new ArrayList<>();
    double rate;
    boolean paused;
    /** When set, every command but a mark or a stop is refused with this reason. */
    String refuse;

    FakeSteering(double rate) {
        this.rate = rate;
    }

    @Override
    public Ack submit(Command c) {
        commands.add(c);
        boolean changes = c.kind() != Command.Kind.MARK && c.kind() != Command.Kind.STOP;
        if (refuse != null && changes) {
            return Ack.refused(refuse);
        }
        switch (c.kind()) {
            case RATE -> rate = c.value();
            case PAUSE -> paused = true;
            case RESUME -> paused = false;
            default -> {}
        }
        Event e = new Event(events.size(), c.kind(), c.value(), rate, c.label(), c.source());
        events.add(e);
        return Ack.accepted(e);
    }

    @Override
    public List<Event> events() {
        return List.copyOf(events);
    }

    @Override
    public double targetRate() {
        return paused ? 0 : rate;
    }

    @Override
    public boolean paused() {
        return paused;
    }

    @Override
    public double pausedSeconds() {
        return 0;
    }
}
