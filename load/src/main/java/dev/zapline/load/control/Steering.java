package dev.zapline.load.control;

import java.util.List;

/**
 * The one way into a running run: every source of {@link Command}s submits here. Thread-safe.
 *
 * <p>A rate change, bias, pause or resume takes effect at a change point a few milliseconds after it is submitted,
 * the same instant on every event loop; from there the schedule is a new piece in closed form (docs/load.md,
 * Steering), so pacing stays exact. A closed-model run takes only marks and stops.
 */
public interface Steering {

    /** Applies {@code c} (or refuses it) and says which. Never throws for a bad command: it is refused. */
    Ack submit(Command c);

    /** The events so far, in the order they took effect. */
    List<Event> events();

    /** The target rate now, requests (or journeys) per second of this process's share; 0 while paused. */
    double targetRate();

    /** Whether the schedule is paused now. */
    boolean paused();

    /** Seconds the schedule has been paused in all, up to now. */
    double pausedSeconds();
}
