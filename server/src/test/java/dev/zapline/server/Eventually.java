package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.LongSupplier;

/** Bounded waits for a counter another thread updates (a server's event loop after the peer saw its answer). */
final class Eventually {

    private Eventually() {}

    /** Waits up to 30 s (only a hang takes that long) for {@code value} to read {@code expected}, then asserts it. */
    static void equal(LongSupplier value, long expected) throws InterruptedException {
        equal(value, expected, () -> "");
    }

    /** As {@link #equal(LongSupplier, long)}, with {@code why} (e.g. the server's counts) in the failure message. */
    static void equal(LongSupplier value, long expected, java.util.function.Supplier<String> why)
            throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (value.getAsLong() != expected && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(value.getAsLong()).as(why).isEqualTo(expected);
    }
}
