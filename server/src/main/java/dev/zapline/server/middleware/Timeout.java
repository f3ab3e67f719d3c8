package dev.zapline.server.middleware;

import dev.zapline.server.Ctx;
import dev.zapline.server.HandOff;
import dev.zapline.server.Handler;
import dev.zapline.server.HttpStatusException;
import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Answers a handed-off request with a 504 problem when it is not completed within a duration. The timer runs on the
 * connection's event loop (so its clock is the loop's; tests drive it with {@code EmbeddedChannel.advanceTimeBy}) and
 * is cancelled when the response is done. The late real completion is ignored: {@link HandOff#complete} counts only
 * once.
 *
 * {@snippet class=dev.zapline.server.snippets.MiddlewareSnippets region=timeout}
 *
 * <p>Only hand-offs are timed: a handler that answers on the event loop cannot be interrupted (and must not block
 * anyway), and a hand-off whose completion starts a stream is done as far as this timer goes. Immutable and
 * thread-safe; allocates a timer only for a handed-off request (which allocates its hand-off anyway).
 */
public final class Timeout implements Handler {

    private final long nanos;
    private final String detail;

    private Timeout(long nanos, String detail) {
        this.nanos = nanos;
        this.detail = detail;
    }

    /** Times out hand-offs not completed within {@code limit} (positive). */
    public static Timeout after(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("timeout " + limit + " must be positive");
        }
        return new Timeout(limit.toNanos(), "no response within " + limit.toMillis() + " ms");
    }

    @Override
    public void handle(Ctx ctx) throws Exception {
        ctx.next();
        HandOff h = ctx.handedOff();
        if (h != null && !ctx.responded()) {
            Future<?> timer = ctx.eventLoop()
                    .schedule(() -> h.fail(new HttpStatusException.Timeout(detail)), nanos, TimeUnit.NANOSECONDS);
            ctx.onDone(c -> timer.cancel(false));
        }
    }
}
