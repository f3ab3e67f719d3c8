package dev.zapline.load.engine;

/**
 * The engine's only source of time, in nanoseconds from an arbitrary origin (like {@link System#nanoTime()}).
 * Injected so pacing, timeouts and warm-up can be tested with a manual clock.
 */
@FunctionalInterface
public interface NanoClock {

    /** {@link System#nanoTime()}. */
    NanoClock SYSTEM = System::nanoTime;

    long nanos();
}
