/**
 * What the server's transports share and the API does not show: the connection base of the in-order transports
 * ({@link dev.zapline.server.internal.Connection}), the dispatcher, the per-loop context pool, the server's context
 * and metrics, the listening sockets that make the transports' handlers
 * ({@link dev.zapline.server.internal.Listeners}), TLS and ALPN, and
 * {@link dev.zapline.server.internal.ServerAccess}, the transports' one way to the API package's non-API members and
 * the keeper of their per-request scratch. Internal API of the server: no compatibility promise.
 */
package dev.zapline.server.internal;
