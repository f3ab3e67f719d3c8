/**
 * The shipped middleware: each is a {@link dev.zapline.server.Handler} to add with {@code use(...)} on the app or a
 * group, or inline before a route's handler. Middleware runs in the order added; app-level middleware also runs for
 * requests no route takes (404, 405, OPTIONS).
 *
 * <pre>{@code
 * app.use(AccessLog.to(System.out::println))          // first: times and logs everything below
 *    .use(RequestId.create())
 *    .use(Cors.allowOrigins("https://app.example"))
 *    .use(Recover.map(IllegalArgumentException.class, 400));
 * app.group("/upload", g -> g.use(MaxBody.bytes(1 << 20)).post("/", uploads::save));
 * app.group("/reports", g -> g.use(Timeout.after(Duration.ofSeconds(2))).get("/:id", reports::render));
 * }</pre>
 *
 * <p>All of them are immutable and thread-safe, and allocate nothing per request in steady state unless their
 * documentation says so.
 */
package dev.zapline.server.middleware;
