package dev.zapline.codec.http1;

/**
 * The documented places where {@link Http1ResponseParser} and Netty's {@code HttpResponseDecoder} (as configured in
 * {@link NettyResponseSide}) may disagree, each with the rule that makes ours answer as it does. A disagreement that
 * matches none of these fails the differential test. Checked in order; the first match names the category.
 */
enum ResponseDivergence {

    /**
     * Neither reads a response. When the connection closes in the middle of a response (RFC 9112 §8: an incomplete
     * message), Netty emits nothing; we raise an error so that the load generator counts it. The same holds when we
     * refused a byte (a bare CR, a 19-digit Content-Length, a malformed chunk) of a response Netty never finished.
     */
    NO_RESPONSE((in, ours, netty) -> ours.rejected() && netty.kind() == Outcome.Kind.INCOMPLETE),

    /** RFC 9112 §2.2: a recipient MAY take a bare LF as a line end, and old servers send them; we do. Netty's
     * strict line parsing (its default) refuses them. */
    BARE_LF((in, ours, netty) -> ours.accepted()
            && netty.rejected()
            && netty.detail().contains("InvalidLineSeparatorException")
            && hasBareLf(in)),

    /** RFC 9112 §4: the status line is version, SP, code, SP, reason. Netty skips leading whitespace and control
     * bytes and splits the line on runs of whitespace; we refuse whitespace or control bytes out of place. */
    STATUS_LINE_WHITESPACE((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && ours.detail()
                    .matches("status line does not start with HTTP/1\\.|no SP after the HTTP version|status "
                            + "code is not three digits from 100")
            && whitespaceAt(in, OurResponseSide.failIndex(in))),

    /** RFC 9112 §2.2: a bare CR must be refused or replaced by SP; we refuse it. Netty skips CRs before the status
     * line, treats one inside it as whitespace and drops one before a line's CRLF. */
    BARE_CR((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("bare CR in the response head")),

    /** RFC 9110 §2.5: a message of a higher minor version is processed as the highest one the recipient implements;
     * we read HTTP/1.2 to 1.9 as 1.1. Netty keeps the minor version, so Transfer-Encoding, which it allows in 1.1
     * only, gets them refused. */
    MINOR_VERSION((in, ours, netty) -> ours.accepted() && netty.rejected() && minorAbove1(in)),

    /** RFC 9112 §6.3 item 5: several Content-Length fields make the length unreliable in any version. Netty refuses
     * them in HTTP/1.1 only and takes the first in HTTP/1.0. */
    DUPLICATE_CONTENT_LENGTH((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("more than one Content-Length field")),

    /** RFC 9112 §5.2: a user agent must replace obs-fold with SP; we do. Netty unfolds too, but then refuses some
     * folded values: one that was only whitespace before the fold, a Content-Length followed by an empty fold. */
    OBS_FOLD((in, ours, netty) -> ours.accepted() && netty.rejected() && hasFold(in)),

    /** RFC 9110 §5.5: a field value holds no control byte but HTAB; we refuse one anywhere in the head. Netty does
     * not check the continuation of a folded line. */
    FIELD_VALUE_CONTROL((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && ours.detail().matches("invalid character 0x[0-9a-f]+ in header field value")),

    /** RFC 9110 §8.6: we refuse a Content-Length of more than 18 digits, which could overflow and no body could
     * honour. Netty takes up to 2^63-1; the two differ only where no body is read (204, 304). */
    CONTENT_LENGTH_DIGITS((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("invalid Content-Length")),

    /** RFC 9112 §7.1.2: a trailer field is a field line (token name, colon); {@link ChunkedDecoder} refuses other
     * lines, as it does in requests. Netty lets whitespace into a trailer name. */
    TRAILER_FIELD((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && ours.detail().matches("invalid (character in )?trailer field( name)?")),

    /** RFC 9112 §7.1: {@link ChunkedDecoder} reads chunk lines as strictly in responses as in requests: no
     * whitespace (the optional BWS parsers have read differently), extensions in the §7.1.1 grammar, at most 15
     * hex digits. Netty skips whitespace and looser extensions. */
    CHUNK_LINE((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && ours.detail()
                    .matches("invalid chunk extension|invalid character after chunk size|"
                            + "chunk size has more than 15 hex digits")),

    /** RFC 9112 §2.3: HTTP-name is case-sensitive "HTTP", and we read 1.x only. Netty upper-cases the protocol name
     * and takes any digit for major and minor version. */
    VERSION((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && ours.detail().matches("status line does not start with HTTP/1\\.|HTTP version has no minor digit")),

    /** RFC 9110 §15: a status code is three digits, and codes under 100 do not exist. Netty takes any integer. */
    STATUS_CODE((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("status code is not three digits from 100")),

    /** RFC 9112 §4: reason-phrase is HTAB, SP, VCHAR or obs-text. Netty takes any byte but CR and LF. */
    REASON_PHRASE((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().endsWith("in reason phrase")),

    /** RFC 9112 §5.1: a field name is a token, then the colon; a user agent may drop whitespace before the colon
     * (we do), but a name with whitespace inside ("Content Length: 5") is no field line. Netty ends the name at the
     * first whitespace and ignores what follows up to the colon. */
    FIELD_NAME_WHITESPACE((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("whitespace inside a header field name"));

    @FunctionalInterface
    interface Rule {
        boolean matches(byte[] input, Outcome ours, Outcome netty);
    }

    private final Rule rule;

    ResponseDivergence(Rule rule) {
        this.rule = rule;
    }

    static ResponseDivergence classify(byte[] input, Outcome ours, Outcome netty) {
        for (ResponseDivergence d : values()) {
            if (d.rule.matches(input, ours, netty)) {
                return d;
            }
        }
        return null;
    }

    private static boolean whitespaceAt(byte[] in, int index) {
        return index < in.length && (in[index] & 0xFF) <= 0x20;
    }

    private static boolean minorAbove1(byte[] in) {
        String head = new String(in, 0, Math.min(in.length, 16), java.nio.charset.StandardCharsets.ISO_8859_1).strip();
        return head.startsWith("HTTP/1.") && head.length() > 7 && head.charAt(7) > '1' && head.charAt(7) <= '9';
    }

    private static boolean hasFold(byte[] in) {
        for (int i = 1; i < in.length; i++) {
            if (in[i - 1] == '\n' && (in[i] == ' ' || in[i] == '\t')) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasBareLf(byte[] in) {
        for (int i = 0; i < in.length; i++) {
            if (in[i] == '\n' && (i == 0 || in[i - 1] != '\r')) {
                return true;
            }
        }
        return false;
    }

    static boolean agree(Outcome ours, Outcome netty) {
        return ours.kind() == netty.kind() && (!ours.accepted() || ours.detail().equals(netty.detail()));
    }
}
