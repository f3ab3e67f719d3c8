package dev.zapline.transport;

import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Short, stable reasons for failed handshakes, for counting and for showing instead of a stack trace:
 * {@code tls: certificate not trusted}, {@code tls: certificate expired}, {@code tls: hostname mismatch},
 * {@code tls: no shared group}, {@code tls: no shared protocol version}, {@code tls: handshake timeout},
 * {@code tls: peer is not TLS}, {@code tls: closed during handshake}, {@code tls: alert <name>} for an alert
 * received from the peer (e.g. {@code tls: alert handshake_failure}; BouncyCastle's form, {@code
 * handshake_failure(40)}, included), else {@code tls: } and the first line of the
 * innermost message. Stateless and thread-safe.
 */
public final class TlsFailure {

    public static final String NOT_TRUSTED = "tls: certificate not trusted";
    public static final String EXPIRED = "tls: certificate expired";
    public static final String HOSTNAME = "tls: hostname mismatch";
    public static final String NO_SHARED_GROUP = "tls: no shared group";

    /**
     * What a client reports when the server answers its ClientHello with a {@code handshake_failure} alert: TLS 1.3
     * servers send it when they share no key-exchange group (RFC 8446, 4.1.1), cipher suite or signature scheme with
     * the offer, and only the server knows which; the client says what it can.
     */
    public static final String REFUSED_OFFER = "tls: alert handshake_failure "
            + "(the server shares no group, cipher suite or signature scheme with this offer)";

    public static final String NO_SHARED_VERSION = "tls: no shared protocol version";
    public static final String TIMEOUT = "tls: handshake timeout";
    public static final String NOT_TLS = "tls: peer is not TLS";
    public static final String CLOSED = "tls: closed during handshake";

    /** BoringSSL's {@code SSLV3_ALERT_X} / {@code TLSV1_ALERT_X}, the JDK's and BouncyCastle's alert texts. */
    private static final Pattern ALERT =
            Pattern.compile("(?:SSLV3_ALERT_|TLSV1_ALERT_|TLSV13_ALERT_|Received fatal alert: )([A-Za-z_]+)"
                    + "|(?m)^([a-z_]+)\\(\\d{1,3}\\)$");

    private TlsFailure() {}

    /** The reason for {@code failure}, a handshake's exception (wrapped or not). */
    public static String reason(Throwable failure) {
        StringBuilder all = new StringBuilder();
        String innermost = null;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SslHandshakeTimeoutException) {
                return TIMEOUT;
            }
            if (t instanceof NotSslRecordException) {
                return NOT_TLS;
            }
            if (t instanceof CertificateExpiredException || t instanceof CertificateNotYetValidException) {
                return EXPIRED;
            }
            if (t instanceof CertPathValidatorException v
                    && v.getReason() == CertPathValidatorException.BasicReason.EXPIRED) {
                return EXPIRED;
            }
            String m = t.getMessage();
            if (m != null && !m.isBlank()) {
                all.append(m).append('\n');
                innermost = m;
            } else if (t instanceof ClosedChannelException && innermost == null) {
                innermost = "closed";
            }
        }
        String text = all.toString();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("no subject alternative")
                || lower.contains("no name matching")
                || lower.contains("hostname mismatch")
                || lower.contains("does not match")) {
            return HOSTNAME;
        }
        if (lower.contains("expired") || lower.contains("certificate_expired")) {
            return EXPIRED;
        }
        if (lower.contains("unable to find valid certification path")
                || lower.contains("pkix path")
                || lower.contains("not trusted")
                || lower.contains("certificate_verify_failed")
                || lower.contains("self-signed")
                || lower.contains("self signed")) {
            return NOT_TRUSTED;
        }
        if (lower.contains("no_shared_group")
                || lower.contains("no shared group")
                || lower.contains("no common named group")
                || lower.contains("no supported named group")
                || lower.contains("no_supported_groups")) {
            return NO_SHARED_GROUP;
        }
        if (lower.contains("unsupported_protocol")
                || lower.contains("no appropriate protocol")
                || lower.contains("protocol_version")
                || lower.contains("wrong_version_number")
                || lower.contains("unsupported protocol")
                || lower.contains("is not enabled or supported")) {
            return NO_SHARED_VERSION;
        }
        Matcher a = ALERT.matcher(text);
        if (a.find()) {
            String name = a.group(1) != null ? a.group(1) : a.group(2);
            return "tls: alert " + name.toLowerCase(Locale.ROOT);
        }
        if (innermost == null) {
            return failure instanceof ClosedChannelException
                    ? CLOSED
                    : "tls: " + failure.getClass().getSimpleName();
        }
        if (innermost.equals("closed") || lower.contains("closed while ssl/tls handshake")) {
            return CLOSED;
        }
        String first = innermost.strip().lines().findFirst().orElse("");
        return "tls: " + first.replaceFirst("^error:[0-9A-Fa-f]+:[^:]*:[^:]*:", "");
    }

    /**
     * {@link #reason} as the client side of a handshake reports it: a {@code handshake_failure} alert from the
     * server becomes {@link #REFUSED_OFFER}, which names the likely causes; every other reason is unchanged.
     */
    public static String clientReason(Throwable failure) {
        String r = reason(failure);
        return r.equals("tls: alert handshake_failure") ? REFUSED_OFFER : r;
    }
}
