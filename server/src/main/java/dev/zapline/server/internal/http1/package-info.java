/**
 * The HTTP/1.1 transport: the connection handler, its request head and the response writer. Internal API of the
 * server.
 */
package dev.zapline.server.internal.http1;
