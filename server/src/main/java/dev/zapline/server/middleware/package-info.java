/**
 * The shipped middleware: each is a {@link dev.zapline.server.Handler} to add with {@code use(...)} on the app or a
 * group, or inline before a route's handler. Middleware runs in the order added; app-level middleware also runs for
 * requests no route takes (404, 405, OPTIONS).
 *
 * {@snippet class=dev.zapline.server.snippets.MiddlewareSnippets region=all}
 *
 * <p>All of them are immutable and thread-safe, and allocate nothing per request in steady state unless their
 * documentation says so.
 */
package dev.zapline.server.middleware;
