package dev.zapline.server;

import io.netty.channel.EventLoop;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request handed to another thread by {@link Ctx#handOff()}. Do the slow work anywhere, then call
 * {@link #complete} once: the responder runs on the connection's event loop with the request's {@link Ctx}, and
 * the connection then answers the requests pipelined behind it, in order.
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=handOff}
 *
 * <p>{@link #complete} and {@link #fail} are thread-safe; only the first call counts.
 */
public final class HandOff {

    private final Ctx ctx;
    private final EventLoop loop;
    private final AtomicBoolean done = new AtomicBoolean();

    HandOff(Ctx ctx, EventLoop loop) {
        this.ctx = ctx;
        this.loop = loop;
    }

    /** Runs {@code responder} on the event loop to answer the request; returns false if already completed. */
    public boolean complete(Handler responder) {
        if (!done.compareAndSet(false, true)) {
            return false;
        }
        loop.execute(() -> ctx.connection.completeHandOff(ctx, responder));
        return true;
    }

    /** Answers the request with the error response for {@code error} (a 500 unless an HttpStatusException). */
    public boolean fail(Throwable error) {
        return complete(c -> {
            throw error instanceof Exception e ? e : new RuntimeException(error);
        });
    }

    boolean isDone() {
        return done.get();
    }
}
