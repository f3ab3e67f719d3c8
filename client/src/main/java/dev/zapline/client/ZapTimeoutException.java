package dev.zapline.client;

/** No response arrived within the request's timeout; its outcome is {@link ZapOutcome#TIMEOUT}. */
public final class ZapTimeoutException extends ZapException {

    private static final long serialVersionUID = 1L;

    public ZapTimeoutException(String message) {
        super(ZapOutcome.TIMEOUT, message);
    }
}
