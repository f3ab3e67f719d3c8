package dev.zapline.client;

/**
 * Why a ZAP request did not get its response, as a value a caller can count: the load generator tallies these
 * instead of stopping on an exception.
 */
public enum ZapOutcome {
    /** The connection could not be established (refused, unreachable, connect timeout). */
    CONNECT_FAILED,
    /** The peer closed or reset the connection while the request was in flight. */
    CLOSED,
    /** The peer sent a frame that is not a valid zaphttp response (the connection is then closed). */
    PROTOCOL_ERROR,
    /** The peer announced a frame longer than the configured limit (the connection is then closed). */
    FRAME_TOO_LARGE,
    /** No response within the request's timeout; a response arriving later is dropped and counted. */
    TIMEOUT,
    /** The client was closed before the response arrived. */
    CLIENT_CLOSED
}
