package dev.zapline.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * SIGINT and SIGTERM as a request to stop, for a command that serves until told to: the JVM does not start its
 * shutdown on them (which would end the process with status 130 or 143 whatever the command did), {@link #await()}
 * returns instead, and the command stops its server and exits 0. A second signal while it is stopping ends the
 * process at once, with the status the JVM would have given (128 + the signal's number).
 *
 * <p>Uses {@code sun.misc.Signal} (module {@code jdk.unsupported}), the only way the JDK offers to handle a signal
 * without a shutdown. Where a handler cannot be installed (say, under {@code -Xrs}), the signal keeps its default
 * meaning and the command's shutdown hook does the stopping. Thread-safe.
 */
final class StopSignals {

    private final CountDownLatch received = new CountDownLatch(1);
    private final AtomicBoolean first = new AtomicBoolean(true);

    private StopSignals() {}

    /** Handles SIGINT and SIGTERM from now on. */
    static StopSignals install() {
        StopSignals s = new StopSignals();
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), s::onSignal);
            } catch (IllegalArgumentException notHandled) {
                // the JVM keeps this signal for itself; its shutdown hook path still stops the server
            }
        }
        return s;
    }

    private void onSignal(Signal signal) {
        if (first.compareAndSet(true, false)) {
            received.countDown();
        } else {
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
    }

    /** Blocks until the first SIGINT or SIGTERM. */
    void await() throws InterruptedException {
        received.await();
    }
}
