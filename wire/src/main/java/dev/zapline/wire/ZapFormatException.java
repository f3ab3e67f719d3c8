package dev.zapline.wire;

/**
 * The one exception the wire runtime throws for malformed input: a header that does not validate, or a pointer
 * that a strict {@link ZapValidator} pass finds outside the message. It carries the offset (relative to the start
 * of the message) where the problem was found, so a caller at the connection edge can report it precisely.
 *
 * <p>Accessors of an already wrapped message never throw it: like the reference runtime they read an
 * out-of-range pointer as empty or zero, and never outside the message.
 */
public final class ZapFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long offset;
    private final String reason;

    public ZapFormatException(long offset, String reason) {
        super("offset " + offset + ": " + reason, null, false, false);
        this.offset = offset;
        this.reason = reason;
    }

    /** Offset, from the start of the message, at which the problem was found. */
    public long offset() {
        return offset;
    }

    /** The reason alone, without the offset. */
    public String reason() {
        return reason;
    }
}
