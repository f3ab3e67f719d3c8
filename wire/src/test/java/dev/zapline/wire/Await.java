package dev.zapline.wire;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting for what happens on another thread: poll the event itself under a bound only a hang reaches, never sleep
 * and then assert. For the test modules that share this test-jar.
 */
public final class Await {

    private Await() {}

    /** Polls every 2 ms until {@code condition} holds; fails after {@code limit}. */
    public static void until(String what, BooleanSupplier condition, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + limit + " waiting for " + what);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    /** Polls until {@code condition} holds; fails after 30 s, which only a hang takes, however loaded the machine. */
    public static void until(String what, BooleanSupplier condition) {
        until(what, condition, Duration.ofSeconds(30));
    }

    /** Lets {@code d} of real time pass (for checking that something does not happen). */
    public static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
