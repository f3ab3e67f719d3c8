package dev.zapline.server.internal;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import java.util.Arrays;
import java.util.Objects;

/**
 * The {@link Ctx#onDone} listeners of one request, in the order added, in an array reused for every request on
 * the connection (allocation-free once it has grown). Run once by {@link #run}; a listener that throws is logged
 * and the rest still run. Not thread-safe; owned by a {@link Ctx}.
 */
public final class DoneListeners {

    private Handler[] listeners = new Handler[2];
    private int count;

    public void add(Handler listener) {
        Objects.requireNonNull(listener, "listener");
        if (count == listeners.length) {
            listeners = Arrays.copyOf(listeners, count * 2);
        }
        listeners[count++] = listener;
    }

    /** Forgets the listeners of the last request (when it had any). */
    public void clear() {
        if (count != 0) {
            Arrays.fill(listeners, 0, count, null);
            count = 0;
        }
    }

    /** Runs and forgets the listeners, each with {@code ctx}. */
    public void run(Ctx ctx) {
        for (int i = 0; i < count; i++) {
            Handler l = listeners[i];
            listeners[i] = null;
            try {
                l.handle(ctx);
            } catch (Throwable t) {
                System.getLogger("dev.zapline.server")
                        .log(
                                System.Logger.Level.WARNING,
                                "onDone listener failed for " + ctx.method() + " " + ctx.target(),
                                t);
            }
        }
        count = 0;
    }
}
