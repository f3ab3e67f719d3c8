package dev.zapline.client;

/**
 * A request that did not get its response, with the {@link ZapOutcome} that says why. Futures of
 * {@link ZapClient} complete exceptionally with this type (or its subclass {@link ZapTimeoutException}).
 */
public class ZapException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ZapOutcome outcome;
    private final String detail;

    public ZapException(ZapOutcome outcome, String message) {
        this(outcome, message, null);
    }

    public ZapException(ZapOutcome outcome, String message, Throwable cause) {
        super(outcome + ": " + message, cause);
        this.outcome = outcome;
        this.detail = message;
    }

    public ZapOutcome outcome() {
        return outcome;
    }

    /** The message without the outcome in front. */
    public String detail() {
        return detail;
    }
}
