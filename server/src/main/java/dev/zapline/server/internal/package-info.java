/**
 * What the server's transports share and the API does not show: the connection base of the in-order transports
 * ({@link dev.zapline.server.internal.Connection}), the dispatcher, the per-loop context pool, the server's context
 * and metrics, listeners and ALPN, and {@link dev.zapline.server.internal.ServerAccess}, the transports' one way to
 * the API package's non-API members. Internal API of the server: no compatibility promise.
 */
package dev.zapline.server.internal;
