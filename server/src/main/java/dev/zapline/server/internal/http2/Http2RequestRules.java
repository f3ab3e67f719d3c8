package dev.zapline.server.internal.http2;

import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.util.Map;

/**
 * The rules of RFC 9113 for a request's header list that Netty's decoder leaves to the application. Netty already
 * resets a stream whose field names are not lower-case tokens, whose values hold CR, LF, NUL or start with
 * whitespace, that carries connection-specific fields or {@code te} other than {@code trailers} (§8.2), unknown,
 * duplicated, response or misplaced pseudo-headers, no {@code :method}, {@code :scheme} or {@code :path}, an empty
 * {@code :path}, a CONNECT without {@code :authority} (§8.3), pseudo-headers in trailers, or a
 * {@code content-length} that the DATA frames do not add up to (§8.1.1). What is left is checked here (with the
 * presence checks repeated, so the rules stand on their own): a request breaking one of these is malformed too, a
 * stream error PROTOCOL_ERROR (§8.1.1), and no handler runs.
 *
 * <p>Pure functions. A request's pseudo-headers are looked up, not iterated, and its regular fields are checked as
 * {@link Http2Head} copies them, so a request costs no allocation here; trailers (rare) are iterated.
 */
public final class Http2RequestRules {

    private static final AsciiString PROTOCOL = AsciiString.cached(":protocol");
    private static final AsciiString CONNECT = AsciiString.cached("CONNECT");
    private static final AsciiString OPTIONS = AsciiString.cached("OPTIONS");
    private static final AsciiString HTTP = AsciiString.cached("http");
    private static final AsciiString HTTPS = AsciiString.cached("https");
    public static final String UNTRIMMED = "a field value starts or ends with whitespace (RFC 9113 §8.2.1)";

    private Http2RequestRules() {}

    /** Throws the stream error PROTOCOL_ERROR for a malformed request header list (RFC 9113 §8.1.1). */
    public static void checkRequest(int streamId, Http2Headers h) throws Http2Exception {
        refuse(streamId, malformed(h));
    }

    /** Throws the stream error PROTOCOL_ERROR for malformed trailers. */
    public static void checkTrailers(int streamId, Http2Headers h) throws Http2Exception {
        refuse(streamId, untrimmed(h));
    }

    private static void refuse(int streamId, String why) throws Http2Exception {
        if (why != null) {
            throw refused(streamId, why);
        }
    }

    /** The stream error PROTOCOL_ERROR for a request malformed for {@code why}. */
    public static Http2Exception refused(int streamId, String why) {
        return Http2Exception.streamError(streamId, Http2Error.PROTOCOL_ERROR, why);
    }

    /**
     * Why the pseudo-headers of the request header list {@code h} make it malformed, or null when they do not (the
     * regular fields' values are checked as {@link Http2Head} copies them: {@link Http2Head#untrimmed}).
     */
    public static String malformed(Http2Headers h) {
        if (h.contains(PROTOCOL)) {
            // extended CONNECT (RFC 8441 §4) needs SETTINGS_ENABLE_CONNECT_PROTOCOL, which this server never sends
            return ":protocol without SETTINGS_ENABLE_CONNECT_PROTOCOL (RFC 8441 §4)";
        }
        CharSequence method = h.method();
        if (method == null) {
            return "no :method (RFC 9113 §8.3.1)";
        }
        CharSequence authority = h.authority();
        if (CONNECT.contentEquals(method)) {
            // §8.5: the target is host:port in :authority, and nothing else
            if (h.scheme() != null || h.path() != null) {
                return "CONNECT with :scheme or :path (RFC 9113 §8.5)";
            }
            if (authority == null || !hasPort(authority) || indexOf(authority, '@') >= 0) {
                return "CONNECT :authority is not host:port (RFC 9113 §8.5)";
            }
            return untrimmed(method) ? UNTRIMMED : null;
        }
        CharSequence scheme = h.scheme();
        CharSequence path = h.path();
        if (scheme == null || path == null || path.isEmpty()) {
            return "no :scheme or :path (RFC 9113 §8.3.1)";
        }
        if (HTTP.contentEqualsIgnoreCase(scheme) || HTTPS.contentEqualsIgnoreCase(scheme)) {
            // §8.3.1: an absolute path, or "*" for a server-wide OPTIONS; no userinfo in the authority
            boolean star = path.length() == 1 && path.charAt(0) == '*';
            if (star ? !OPTIONS.contentEquals(method) : path.charAt(0) != '/') {
                return ":path is neither an absolute path nor * of OPTIONS (RFC 9113 §8.3.1)";
            }
            if (authority != null && indexOf(authority, '@') >= 0) {
                return ":authority with userinfo (RFC 9113 §8.3.1)";
            }
        }
        return untrimmed(method) || untrimmed(scheme) || untrimmed(path) || (authority != null && untrimmed(authority))
                ? UNTRIMMED
                : null;
    }

    /**
     * Why a field of the trailers {@code h} is malformed for its value's ends: §8.2.1 forbids leading and trailing
     * whitespace (SP, HTAB), which Netty checks only at the start. Null when none.
     */
    public static String untrimmed(Http2Headers h) {
        for (Map.Entry<CharSequence, CharSequence> e : h) {
            if (untrimmed(e.getValue())) {
                return UNTRIMMED;
            }
        }
        return null;
    }

    /** Whether {@code v} starts or ends with whitespace (§8.2.1). */
    public static boolean untrimmed(CharSequence v) {
        int n = v.length();
        return n > 0 && (whitespace(v.charAt(0)) || whitespace(v.charAt(n - 1)));
    }

    /** Whether the {@code n} bytes of {@code a} at {@code at} start or end with whitespace (§8.2.1). */
    public static boolean untrimmed(byte[] a, int at, int n) {
        return n > 0 && (whitespace((char) a[at]) || whitespace((char) a[at + n - 1]));
    }

    private static boolean whitespace(char c) {
        return c == ' ' || c == '\t';
    }

    /** Whether {@code authority} ends in ':' and one or more digits (an IPv6 host is bracketed). */
    private static boolean hasPort(CharSequence authority) {
        int n = authority.length();
        int i = n;
        while (i > 0 && authority.charAt(i - 1) >= '0' && authority.charAt(i - 1) <= '9') {
            i--;
        }
        return i < n && i > 1 && authority.charAt(i - 1) == ':';
    }

    private static int indexOf(CharSequence s, char c) {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }
}
