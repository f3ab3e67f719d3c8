/**
 * The zapline load generator: pure schedules of intended send times, an engine on Netty event loops, HTTP/1.1 and
 * ZAP clients sending pre-encoded requests, per-loop HdrHistogram recorders, and reports.
 */
package dev.zapline.load;
