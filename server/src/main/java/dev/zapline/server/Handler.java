package dev.zapline.server;

/**
 * Handles one request: reads from and answers through the {@link Ctx}. Middleware is a handler too: it calls
 * {@link Ctx#next()} to run the rest of the chain, and may act before and after.
 *
 * <pre>{@code
 * app.get("/health", ctx -> ctx.send("ok"));
 * app.use(ctx -> { ctx.header("x-served-by", "zapline"); ctx.next(); });
 * app.use(ctx -> { ctx.onDone(c -> log(c.status())); ctx.next(); });   // after the response, 404s included
 * }</pre>
 *
 * <p>Called on the connection's event loop: a handler must not block. Blocking work goes to another thread
 * through {@link Ctx#handOff()}.
 */
@FunctionalInterface
public interface Handler {

    void handle(Ctx ctx) throws Exception;
}
