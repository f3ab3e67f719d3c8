package dev.zapline.server.internal;

import dev.zapline.server.Ctx;
import dev.zapline.server.Transport;
import java.util.Arrays;

/**
 * One event loop's free {@link Ctx}s for one app. A connection takes one when a request starts arriving and gives
 * it back when it is idle again, so a loop serving many connections works with the few contexts it has in flight,
 * hot in the CPU's caches, instead of one cold context per connection; idle connections hold none. A context
 * that a closed connection was still using is not given back (a hand-off may still hold it) and is left to the
 * collector. Keeps at most {@link #KEEP} free ones. Event-loop confined.
 */
public final class CtxPool {

    private static final ServerAccess A = ServerAccess.get();

    /** Free contexts kept after a burst of concurrent requests; more are left to the collector. */
    public static final int KEEP = 256;

    private final ServerContext server;
    private Ctx[] free = new Ctx[16];
    private int size;

    public CtxPool(ServerContext server) {
        this.server = server;
    }

    public Ctx take(Connection c) {
        Ctx x = take();
        A.bind(x, c, c.chc.channel(), c.transport());
        return x;
    }

    /** A context lent to {@code r}, answering on {@code ch}. */
    public Ctx take(Responder r, io.netty.channel.Channel ch, Transport t) {
        Ctx x = take();
        A.bind(x, r, ch, t);
        return x;
    }

    private Ctx take() {
        Ctx x;
        if (size > 0) {
            x = free[--size];
            free[size] = null;
        } else {
            x = A.newCtx(server.config().json(), server.dispatcher().newMatch());
        }
        return x;
    }

    public void give(Ctx x) {
        A.unbind(x);
        if (size == free.length) {
            if (size >= KEEP) {
                return;
            }
            free = Arrays.copyOf(free, size * 2);
        }
        free[size++] = x;
    }

    /** Free contexts held now (for tests). */
    public int free() {
        return size;
    }
}
