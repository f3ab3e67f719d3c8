/**
 * The raw-Netty baseline that zapline's HTTP figures are compared against: a hand-written {@code GET /health}
 * server on the same transport and options as zapline, with no framework. Not part of the framework's API; it lives
 * here so {@code zapline bench} and the JMH benchmarks run the very same baseline.
 */
package dev.zapline.server.baseline;
