package dev.zapline.load.metrics;

/**
 * How one scheduled request ended; every request ends in exactly one, and the counts add up to the schedule.
 */
public enum Outcome {
    /** A response with an expected status. */
    SUCCESS("success"),
    /** A response with a status outside {@code --expect-status}. */
    FAILURE_STATUS("failure_status"),
    /** Journeys: a response whose step's {@code # @check} failed (its status was expected). */
    CHECK_FAILED("check"),
    /** Journeys: a response from which a value a later step needs could not be extracted. */
    EXTRACT_FAILED("extract"),
    /** The connection could not be opened. */
    CONNECT_ERROR("connect"),
    /** The connection was reset or closed before the response completed. */
    RESET("reset"),
    /** No response within {@code --timeout}. */
    TIMEOUT("timeout"),
    /** The response could not be parsed. */
    PROTOCOL_ERROR("protocol"),
    /** HTTP/2: the server refused the stream unprocessed ({@code RST_STREAM} with {@code REFUSED_STREAM}). */
    REFUSED("refused"),
    /** HTTP/2: the server's {@code GOAWAY} left the stream unprocessed (its id above the last the server took). */
    GOAWAY("goaway"),
    /** Never sent: beyond {@code --max-inflight}, or waited for a free connection longer than allowed. */
    DROPPED("dropped");

    private final String key;

    Outcome(String key) {
        this.key = key;
    }

    /** The name used in JSON output. */
    public String key() {
        return key;
    }

    /** Errors are the outcomes that are neither a response nor a drop. */
    public boolean isError() {
        return this == CONNECT_ERROR
                || this == RESET
                || this == TIMEOUT
                || this == PROTOCOL_ERROR
                || this == REFUSED
                || this == GOAWAY;
    }
}
