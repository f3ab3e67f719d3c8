package dev.zapline.codec.http1;

/**
 * Malformed or over-limit HTTP/1.1 input: the status the server answers with (400, 413, 414, 431, 417, 505, 501)
 * and why. The connection edge turns it into that response and closes the connection. Carries no stack trace:
 * it is a routine outcome of bad network input, not a bug.
 */
public final class Http1Exception extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public Http1Exception(int status, String reason) {
        super(reason, null, false, false);
        this.status = status;
    }

    /** The response status this input deserves. */
    public int status() {
        return status;
    }
}
