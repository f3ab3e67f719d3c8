/**
 * The ZAP client, in two layers. {@link dev.zapline.client.ZapClient} is the convenient one: a pool of
 * pipelined connections over several addresses, futures, timeouts, reconnect with backoff, streamed responses.
 * {@link dev.zapline.client.ZapChannel} is the one the load generator drives: one connection, pre-encoded
 * {@link dev.zapline.client.ZapFrame}s written with a caller's {@code long} tag, responses read in place and
 * handed to a {@link dev.zapline.client.ZapListener} on the event loop, failures as counted
 * {@link dev.zapline.client.ZapOutcome}s, no allocation per request.
 */
package dev.zapline.client;
