package dev.zapline.server;

import java.util.Arrays;

/**
 * One event loop's free {@link Ctx}s for one app. A connection takes one when a request starts arriving and gives
 * it back when it is idle again, so a loop serving many connections works with the few contexts it has in flight,
 * hot in the CPU's caches, instead of one cold context per connection; idle connections hold none. A context
 * that a closed connection was still using is not given back (a hand-off may still hold it) and is left to the
 * collector. Keeps at most {@link #KEEP} free ones. Event-loop confined.
 */
final class CtxPool {

    /** Free contexts kept after a burst of concurrent requests; more are left to the collector. */
    static final int KEEP = 256;

    private final ServerContext server;
    private Ctx[] free = new Ctx[16];
    private int size;

    CtxPool(ServerContext server) {
        this.server = server;
    }

    Ctx take(Connection c) {
        Ctx x = take();
        x.bind(c);
        return x;
    }

    /** A context lent to {@code r}, answering on {@code ch}. */
    Ctx take(Responder r, io.netty.channel.Channel ch, Transport t) {
        Ctx x = take();
        x.bind(r, ch, t);
        return x;
    }

    private Ctx take() {
        Ctx x;
        if (size > 0) {
            x = free[--size];
            free[size] = null;
        } else {
            x = new Ctx(server.json(), server.dispatcher().newMatch());
        }
        return x;
    }

    void give(Ctx x) {
        x.unbind();
        if (size == free.length) {
            if (size >= KEEP) {
                return;
            }
            free = Arrays.copyOf(free, size * 2);
        }
        free[size++] = x;
    }

    /** Free contexts held now (for tests). */
    int free() {
        return size;
    }
}
