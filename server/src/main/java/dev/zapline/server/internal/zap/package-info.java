/** The ZAP transport: the connection handler, its request head and the response writer. Internal API of the server. */
package dev.zapline.server.internal.zap;
