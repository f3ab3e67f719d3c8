/**
 * The zapline server framework: an {@code App} of routes and middleware whose handlers take one {@code Ctx}, served
 * over HTTP/1.1 and ZAP on Netty with no allocation per request in steady state.
 */
package dev.zapline.server;
