package dev.zapline.client;

/**
 * Counters of a {@link ZapClient} since it started, as one snapshot.
 *
 * @param sent requests handed to a connection
 * @param responses responses delivered (whole or streamed to their end)
 * @param failures requests that ended with a {@link ZapException} other than a timeout
 * @param timeouts requests that timed out
 * @param lateResponses responses that arrived after their request had timed out (dropped)
 * @param connects connections established, first ones and reconnects
 * @param connectFailures connection attempts that failed
 * @param disconnects established connections that closed other than by {@link ZapClient#close()}
 */
public record ZapClientStats(
        long sent,
        long responses,
        long failures,
        long timeouts,
        long lateResponses,
        long connects,
        long connectFailures,
        long disconnects) {}
