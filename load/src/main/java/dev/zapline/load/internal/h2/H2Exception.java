package dev.zapline.load.internal.h2;

/**
 * The peer broke HTTP/2 on the connection (RFC 9113 section 5.4.1): the connection ends with a GOAWAY carrying
 * {@link #code}. No stack trace: it becomes a counted outcome at the connection's edge.
 */
public final class H2Exception extends Exception {

    private final int code;

    public H2Exception(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    /** The HTTP/2 error code ({@link H2#PROTOCOL_ERROR}, ...). */
    public int code() {
        return code;
    }
}
