/**
 * The HTTP/2 transport (RFC 9113): the connection handler on Netty's frame codec, the request checks, stream and
 * flood limits, and the response writer. Internal API of the server.
 */
package dev.zapline.server.internal.http2;
