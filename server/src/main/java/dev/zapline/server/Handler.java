package dev.zapline.server;

/**
 * Handles one request: reads from and answers through the {@link Ctx}. Middleware is a handler too: it calls
 * {@link Ctx#next()} to run the rest of the chain, and may act before and after.
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=handler}
 *
 * <p>Called on the connection's event loop: a handler must not block. Blocking work goes to another thread
 * through {@link Ctx#handOff()}.
 */
@FunctionalInterface
public interface Handler {

    void handle(Ctx ctx) throws Exception;
}
