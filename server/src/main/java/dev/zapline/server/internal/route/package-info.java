/**
 * The request router: {@link dev.zapline.server.internal.route.RouterBuilder} compiles routes at start-up into an
 * immutable {@link dev.zapline.server.internal.route.Router} that maps a method id and raw path bytes into a
 * reused {@link dev.zapline.server.internal.route.RouteMatch} without allocating. Internal API of the server.
 */
package dev.zapline.server.internal.route;
