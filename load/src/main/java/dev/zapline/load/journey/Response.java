package dev.zapline.load.journey;

/**
 * What {@link StepRunner#evaluate} reads of one response, implemented by the connection that received it over its
 * own reusable buffers: no accessor may allocate. Valid only during the call it is passed to.
 */
public interface Response {

    /** The status code. */
    int status();

    /** Service time: from the request's write to the response's end, in nanoseconds. */
    long serviceNanos();

    /**
     * The value's length of captured header {@code k} ({@link StepRunner#capturedHeaders} index: the first field of
     * that name, case-insensitive), or -1 when the response has no such field.
     */
    int headerLength(int k);

    /** Captured header {@code k}'s value: {@link #headerLength} bytes from index 0 (surrounding whitespace allowed). */
    byte[] headerBytes(int k);

    /** The body: {@link #bodyLength} bytes from index 0; kept only when the step needs it ({@link Step#keepBody}). */
    byte[] body();

    /** The body's length in bytes; 0 when there is none or it was not kept. */
    int bodyLength();
}
