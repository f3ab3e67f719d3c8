package dev.zapline.codec.http1;

/**
 * Reads the forms of a request-target (RFC 9112 §3.2) other than origin form, from a range of a byte array: the
 * scheme and authority of the absolute form, and the authority form used by CONNECT. {@link Http1HeadParser} uses
 * it, and so does the zaphttp transport, whose target field holds the request-target as the client sent it.
 *
 * {@snippet class=dev.zapline.codec.snippets.Http1Snippets region=requestTarget}
 *
 * <p>Stateless and allocation-free, except for the message of a problem; safe from any thread.
 */
public final class RequestTarget {

    private static final byte[] HTTP = Ascii.bytes("http://");
    private static final byte[] HTTPS = Ascii.bytes("https://");
    private static final byte[] CONNECT = Ascii.bytes("CONNECT");

    private RequestTarget() {}

    /**
     * The length of an {@code http://} or {@code https://} prefix of {@code b[start, end)}, matched ignoring case
     * (RFC 3986 §3.1), or 0 when the range starts with neither.
     */
    public static int schemeLength(byte[] b, int start, int end) {
        if (startsWithLower(b, start, end, HTTP)) {
            return HTTP.length;
        }
        return startsWithLower(b, start, end, HTTPS) ? HTTPS.length : 0;
    }

    /** Where the authority that starts at {@code from} ends: the first '/' or '?' before {@code end}, else end. */
    public static int authorityEnd(byte[] b, int from, int end) {
        int i = from;
        while (i < end && b[i] != '/' && b[i] != '?') {
            i++;
        }
        return i;
    }

    /**
     * Why {@code b[from, end)} is not an authority a server may route on, or {@code null} when it is one: it must be
     * non-empty (RFC 9110 §4.2.1), carry no userinfo (§4.2.4: a recipient should treat it as an error) and hold
     * only RFC 3986 host and port characters, the same that a Host field may hold.
     */
    public static String authorityProblem(byte[] b, int from, int end) {
        if (from == end) {
            return "absolute-form request target with an empty authority";
        }
        for (int i = from; i < end; i++) {
            if (b[i] == '@') {
                return "absolute-form request target with userinfo";
            }
            if (!Ascii.isHostByte(b[i])) {
                return "invalid character 0x" + Integer.toHexString(b[i] & 0xFF) + " in request target authority";
            }
        }
        return null;
    }

    /**
     * Whether {@code b[start, end)} is in authority form, {@code uri-host ":" port} (RFC 9112 §3.2.3): host
     * characters, then a colon and at least one digit at the end.
     */
    public static boolean isAuthorityForm(byte[] b, int start, int end) {
        int colon = end - 1;
        while (colon > start && b[colon] >= '0' && b[colon] <= '9') {
            colon--;
        }
        if (colon <= start || colon == end - 1 || b[colon] != ':') {
            return false;
        }
        for (int i = start; i < colon; i++) {
            if (!Ascii.isHostByte(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether the method {@code b[start, start + length)} is {@code CONNECT} (case-sensitive, RFC 9110 §9.1). */
    public static boolean isConnect(byte[] b, int start, int length) {
        return length == CONNECT.length && java.util.Arrays.equals(b, start, start + length, CONNECT, 0, length);
    }

    private static boolean startsWithLower(byte[] b, int start, int end, byte[] lower) {
        if (end - start < lower.length) {
            return false;
        }
        for (int k = 0; k < lower.length; k++) {
            if (Ascii.lower(b[start + k]) != lower[k]) {
                return false;
            }
        }
        return true;
    }
}
