package dev.zapline.client;

/**
 * A connection that could not be opened because its TLS handshake failed. {@link #reason()} is the short, stable
 * reason ({@code tls: certificate not trusted}, {@code tls: no shared group}, ...), which is also the message's
 * detail; the TLS library's exception is the cause. The outcome is {@link ZapOutcome#CONNECT_FAILED}.
 */
public final class TlsHandshakeException extends ZapException {

    private static final long serialVersionUID = 1L;

    public TlsHandshakeException(String reason, Throwable cause) {
        super(ZapOutcome.CONNECT_FAILED, reason, cause);
    }

    /** Why the handshake failed, e.g. {@code tls: hostname mismatch}. */
    public String reason() {
        return detail();
    }
}
