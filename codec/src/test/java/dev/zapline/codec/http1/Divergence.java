package dev.zapline.codec.http1;

/**
 * The documented places where our parser and Netty's {@code HttpRequestDecoder} (as configured in
 * {@link NettySide}) may disagree, each with the rule that makes ours answer as it does. A disagreement that
 * matches none of these fails the differential test. Checked in order; the first match names the category.
 */
enum Divergence {

    /**
     * We judge every byte as it arrives; Netty waits for the LF that ends the line (or both bytes of a chunk
     * delimiter), and adds a header or trailer field only once the next line shows it is not folded. The input
     * ends before Netty has judged the byte we refused, so Netty is still waiting.
     */
    EARLY_REJECT((in, ours, netty) -> ours.rejected()
            && netty.kind() == Outcome.Kind.INCOMPLETE
            && (!nettySawByte(in, failIndex(in))
                    || ours.detail().equals("chunk data longer than its size") && failIndex(in) == in.length - 1)),

    /** RFC 9112 §2.2: a server SHOULD ignore at least one empty line before the request line; we ignore exactly one
     * CRLF. Netty skips any run of CR and LF bytes (even bare LF) before it. */
    LEADING_EMPTY_LINES((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && (in[0] == '\r' || in[0] == '\n')
            && failIndex(in) <= firstNonCrLf(in)),

    /** RFC 9112 §3: elements of the request line are separated by exactly one SP. Netty splits on runs of SP, HTAB,
     * VT, FF and CR, so "GET  /" or "GET\t/" reach it as a different line than a strict parser sees. */
    REQUEST_LINE_WHITESPACE((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && (ours.detail().equals("empty request target")
                    || ours.detail()
                            .matches("invalid character 0x(9|b|c|d) in (method|request target)|"
                                    + "unexpected bytes after the HTTP version")
                    || ours.detail().equals("request line does not start with a method token")
                            && " \t\u000b\u000c".indexOf(in[failIndex(in)]) >= 0)),

    /** RFC 9112 §3.2 and RFC 3986 §2: a target is visible US-ASCII in origin, absolute (we serve http and https, with
     * a non-empty authority of host and port characters and no userinfo, RFC 9110 §4.2.1 and §4.2.4), asterisk
     * (OPTIONS only, §3.2.4) or authority form (CONNECT only, host:port, §3.2.3). Netty takes any bytes but CR, LF
     * and SP. */
    TARGET((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && ours.detail()
                    .matches("request target is not in .*|invalid character 0x[0-9a-f]+ in request target"
                            + "( authority)?|absolute-form request target with (an empty authority|userinfo)")),

    /** RFC 9112 §2.3: HTTP-name is case-sensitive and we implement 1.0 and 1.1 only (other 1.x: 505, RFC 9110
     * §15.6.6). Netty upper-cases the version and takes any single-digit major and minor. */
    VERSION((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && (ours.status() == 505 || ours.detail().equals("unsupported protocol version"))),

    /** RFC 9112 §3.2: 400 for an HTTP/1.1 request without Host, for any request with more than one, and for an
     * invalid Host value (we accept RFC 3986 host and port characters). Netty's decoder does not check Host. */
    HOST((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().contains("Host")),

    /** RFC 9110 §10.1.1: an expectation other than 100-continue gets 417. Netty's decoder leaves Expect to the
     * application. */
    EXPECTATION((in, ours, netty) -> ours.rejected() && ours.status() == 417 && !netty.rejected()),

    /** RFC 9112 §5.2: a server MUST either reject obs-fold or replace it with SP; we reject, Netty unfolds. */
    OBS_FOLD((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().startsWith("obsolete line")),

    /** RFC 9112 §6.3 item 5: several Content-Length fields make the length unreliable in any version. Netty checks
     * for them only in HTTP/1.1 and takes the first one in HTTP/1.0. */
    DUPLICATE_CONTENT_LENGTH((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("more than one Content-Length header")),

    /** RFC 9112 §6.1: we implement only a single chunked coding; codings before it get 501, and chunked other than
     * once and last, or an empty list element, 400 (rather than being skipped). Several Transfer-Encoding fields are
     * read as one list, as on one line. Netty accepts any list whose last element is chunked. */
    TRANSFER_CODINGS((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && (ours.status() == 501
                    || ours.detail().contains("Transfer-Encoding")
                    || ours.detail().startsWith("chunked is not the final transfer coding"))),

    /** RFC 9110 §15.5.14: a body over our limit gets 413, and a Content-Length of more than 18 digits (which cannot
     * be within any limit) 400 before it could overflow (RFC 9112 §6.3). Netty has no body limit and waits. */
    BODY_LIMIT((in, ours, netty) -> ours.rejected()
            && netty.kind() == Outcome.Kind.INCOMPLETE
            && (ours.status() == 413 || ours.detail().equals("invalid Content-Length"))),

    /** RFC 9112 §7.1: we refuse chunk sizes of more than 15 hex digits (even when leading zeros keep the value
     * small) so that the size cannot overflow; Netty bounds the value instead. */
    CHUNK_SIZE_DIGITS((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("chunk size has more than 15 hex digits")),

    /** RFC 9112 §7.1.1 allows bad whitespace around ';' and '=' in a chunk line; parsers have disagreed on it, so
     * we refuse whitespace anywhere in a chunk line outside a quoted string. Netty skips it. */
    CHUNK_LINE_WHITESPACE((in, ours, netty) -> ours.rejected()
            && !netty.rejected()
            && ours.detail().matches("invalid character after chunk size|invalid chunk extension")
            && (in[failIndex(in)] == ' ' || in[failIndex(in)] == '\t')),

    /** RFC 9112 §7.1.1: an extension is a token name, optionally '=' and a token or quoted string. Netty's check
     * lets an empty extension, and names holding '"' or other non-token bytes, through. */
    CHUNK_EXTENSION((in, ours, netty) ->
            ours.rejected() && !netty.rejected() && ours.detail().equals("invalid chunk extension"));

    @FunctionalInterface
    interface Rule {
        boolean matches(byte[] input, Outcome ours, Outcome netty);
    }

    private final Rule rule;

    Divergence(Rule rule) {
        this.rule = rule;
    }

    /** The category explaining why {@code ours} and {@code netty} differ on {@code input}, or null. */
    static Divergence classify(byte[] input, Outcome ours, Outcome netty) {
        for (Divergence d : values()) {
            if (d.rule.matches(input, ours, netty)) {
                return d;
            }
        }
        return null;
    }

    /** Whether the two agree: both accept the same request, both reject, or both wait for more. */
    static boolean agree(Outcome ours, Outcome netty) {
        return ours.kind() == netty.kind() && (!ours.accepted() || ours.detail().equals(netty.detail()));
    }

    /** Index of the byte on which our parser refuses {@code input}, fed one byte at a time. */
    static int failIndex(byte[] input) {
        try (OurSide side = new OurSide(Http1Limits.DEFAULT)) {
            for (int i = 0; i < input.length; i++) {
                if (side.feed(input, i, 1).rejected()) {
                    return i;
                }
            }
        }
        throw new IllegalArgumentException("input is not rejected");
    }

    /**
     * Whether Netty has judged the byte at {@code index}: it reads whole lines, and a field line (header or trailer)
     * only once the next line that does not start with SP or HTAB (obs-fold) has ended.
     */
    private static boolean nettySawByte(byte[] in, int index) {
        int lf = indexOf(in, index, '\n');
        if (lf < 0) {
            return false;
        }
        int lineStart = index;
        while (lineStart > 0 && in[lineStart - 1] != '\n') {
            lineStart--;
        }
        if (!inFieldSection(in, index) || lf == lineStart + 1 && in[lineStart] == '\r') {
            return true;
        }
        for (int p = lf + 1; p < in.length; p = lf + 1) {
            lf = indexOf(in, p, '\n');
            if (lf < 0) {
                return false;
            }
            if (in[p] != ' ' && in[p] != '\t') {
                return true;
            }
        }
        return false;
    }

    /** After the request line and within the header section, or within the trailer section of a chunked body. */
    private static boolean inFieldSection(byte[] in, int index) {
        int lineEnd = indexOf(in, firstNonCrLf(in), '\n');
        if (lineEnd < 0 || index <= lineEnd) {
            return false;
        }
        int p = lineEnd + 1;
        while (p + 1 < in.length && !(in[p] == '\r' && in[p + 1] == '\n')) {
            int lf = indexOf(in, p, '\n');
            if (lf < 0 || lf >= index) {
                return true;
            }
            p = lf + 1;
        }
        if (index <= p + 1) {
            return true;
        }
        // Our parser accepted everything before index: walk the chunks to the last one.
        p += 2;
        while (p < index) {
            int lf = indexOf(in, p, '\n');
            if (lf < 0 || lf >= index) {
                return false;
            }
            long size = 0;
            for (int k = p; k < lf && Character.digit(in[k], 16) >= 0; k++) {
                size = size * 16 + Character.digit(in[k], 16);
            }
            if (size == 0) {
                return true;
            }
            p = (int) Math.min(Integer.MAX_VALUE, lf + 1 + size + 2);
        }
        return false;
    }

    private static int indexOf(byte[] in, int from, char c) {
        for (int i = from; i < in.length; i++) {
            if (in[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static int firstNonCrLf(byte[] in) {
        int i = 0;
        while (i < in.length && (in[i] == '\r' || in[i] == '\n')) {
            i++;
        }
        return i;
    }
}
