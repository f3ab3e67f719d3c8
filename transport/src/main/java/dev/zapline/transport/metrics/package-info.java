/**
 * What the server and the loader share to be scraped by Prometheus: the text exposition format 0.0.4
 * ({@link dev.zapline.transport.metrics.Exposition}), its endpoint on a port of its own
 * ({@link dev.zapline.transport.metrics.MetricsEndpoint}) and the JVM's own figures
 * ({@link dev.zapline.transport.metrics.JvmMetrics}). Everything here runs at scrape time, off the request path.
 */
package dev.zapline.transport.metrics;
