package dev.zapline.server.middleware;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.HttpStatusException;

/**
 * A request body limit for a route or group, tighter than the server-wide one ({@code ServerConfig.limits()},
 * 10 MiB by default): a larger body is answered with a 413 problem and the chain below does not run.
 *
 * {@snippet class=dev.zapline.server.snippets.MiddlewareSnippets region=maxBody}
 *
 * <p>This runs after the transport has read the whole body: the server-wide limit is what protects memory, since it
 * refuses an over-long declared {@code Content-Length} or chunked body before dispatch. On HTTP/1.1 the body read
 * is exactly the declared {@code Content-Length}, so checking its size covers declared and actual (chunked) bodies
 * alike; a client that sent {@code Expect: 100-continue} has already been told to send it. The connection stays
 * usable. Immutable and thread-safe; allocates only for the 413.
 */
public final class MaxBody implements Handler {

    private final long limit;

    private MaxBody(long limit) {
        this.limit = limit;
    }

    /** Bodies of at most {@code limit} bytes (0 refuses any body). */
    public static MaxBody bytes(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("body limit " + limit + " is negative");
        }
        return new MaxBody(limit);
    }

    @Override
    public void handle(Ctx ctx) throws Exception {
        int length = ctx.body().readableBytes();
        if (length > limit) {
            throw new HttpStatusException.PayloadTooLarge(
                    "request body of " + length + " bytes is over this route's limit of " + limit + " bytes");
        }
        ctx.next();
    }
}
