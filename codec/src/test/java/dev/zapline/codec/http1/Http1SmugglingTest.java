package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Request smuggling and framing attacks (RFC 9112 §6.3, §11.2): each is refused with the expected status, so
 * nothing after the head is ever read as a body or as the next request. The connection edge closes after an error.
 */
class Http1SmugglingTest {

    private static final String POST = "POST / HTTP/1.1\\r\\nHost: a\\r\\n";
    private static final String CHUNKED = POST + "Transfer-Encoding: chunked\\r\\n\\r\\n";

    static Stream<Arguments> refused() {
        return Stream.of(
                // Transfer-Encoding with Content-Length, both orders (§6.3 item 3: reject rather than guess).
                refused(
                        "TE then CL",
                        POST + "Transfer-Encoding: chunked\\r\\nContent-Length: 4\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused(
                        "CL then TE",
                        POST + "Content-Length: 4\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                // Several Content-Length fields, even equal ones (§6.3 item 5 allows rejecting; we never merge).
                refused("duplicate CL same value", POST + "Content-Length: 1\\r\\nContent-Length: 1\\r\\n\\r\\nx", 400),
                refused(
                        "duplicate CL different values",
                        POST + "Content-Length: 1\\r\\nContent-Length: 2\\r\\n\\r\\nxy",
                        400),
                refused("CL list", POST + "Content-Length: 1,1\\r\\n\\r\\nx", 400),
                refused("CL plus sign", POST + "Content-Length: +1\\r\\n\\r\\nx", 400),
                refused("CL minus sign", POST + "Content-Length: -1\\r\\n\\r\\nx", 400),
                refused("CL space inside", POST + "Content-Length: 1 1\\r\\n\\r\\nx", 400),
                refused("CL hex", POST + "Content-Length: 0x1\\r\\n\\r\\nx", 400),
                refused("CL 19 digits", POST + "Content-Length: 0000000000000000001\\r\\n\\r\\nx", 400),
                refused("CL overflow", POST + "Content-Length: 18446744073709551617\\r\\n\\r\\nx", 400),
                // Transfer codings: only one chunked, and chunked last (§6.1; §6.3 item 4).
                refused(
                        "TE chunked, chunked",
                        POST + "Transfer-Encoding: chunked, chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused(
                        "TE gzip, chunked (not implemented)",
                        POST + "Transfer-Encoding: gzip, chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        501),
                refused("TE identity", POST + "Transfer-Encoding: identity\\r\\n\\r\\nx", 400),
                refused("TE trailing comma", POST + "Transfer-Encoding: chunked,\\r\\n\\r\\n0\\r\\n\\r\\n", 400),
                refused(
                        "TE two fields",
                        POST + "Transfer-Encoding: chunked\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                // Several Transfer-Encoding fields are one list (§6.1): the answer of the same list on one line.
                refused(
                        "TE deflate, chunked (not implemented)",
                        POST + "Transfer-Encoding: deflate, chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        501),
                refused(
                        "TE deflate then chunked, two fields",
                        POST + "Transfer-Encoding: deflate\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        501),
                refused(
                        "TE gzip then chunked, two fields",
                        POST + "Transfer-Encoding: gzip\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        501),
                refused(
                        "TE gzip, deflate then chunked, two fields",
                        POST
                                + "Transfer-Encoding: gzip, deflate\\r\\n"
                                + "Transfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        501),
                refused(
                        "TE chunked then gzip, two fields",
                        POST + "Transfer-Encoding: chunked\\r\\nTransfer-Encoding: gzip\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused(
                        "TE gzip, chunked then chunked, two fields",
                        POST
                                + "Transfer-Encoding: gzip, chunked\\r\\n"
                                + "Transfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused(
                        "TE empty field then chunked",
                        POST + "Transfer-Encoding:\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused(
                        "TE chunked then empty field",
                        POST + "Transfer-Encoding: chunked\\r\\nTransfer-Encoding:\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused(
                        "TE gzip then chunked with CL",
                        POST
                                + "Transfer-Encoding: gzip\\r\\nTransfer-Encoding: chunked\\r\\n"
                                + "Content-Length: 3\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused("TE space before colon", POST + "Transfer-Encoding : chunked\\r\\n\\r\\n0\\r\\n\\r\\n", 400),
                refused(
                        "TE continued by obs-fold",
                        POST + "Transfer-Encoding:\\r\\n chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused(
                        "TE in HTTP/1.0",
                        "POST / HTTP/1.0\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n",
                        400),
                refused("TE chunked with junk", POST + "Transfer-Encoding: xchunked\\r\\n\\r\\n0\\r\\n\\r\\n", 400),
                // Chunk lines (§7.1).
                refused("chunk size 0x prefix", CHUNKED + "0x1\\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("chunk size negative", CHUNKED + "-1\\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("chunk size 16 hex digits", CHUNKED + "0000000000000001\\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("chunk size overflow", CHUNKED + "10000000000000001\\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("chunk size over the body limit", CHUNKED + "fffffffffffffff\\r\\nx\\r\\n0\\r\\n\\r\\n", 413),
                refused("chunk data without CRLF", CHUNKED + "1\\r\\nx0\\r\\n\\r\\n", 400),
                refused("chunk data longer than size", CHUNKED + "1\\r\\nxy\\r\\n0\\r\\n\\r\\n", 400),
                refused(
                        "chunk data shorter than size",
                        CHUNKED + "3\\r\\nxy\\r\\n0\\r\\n\\r\\nGET / HTTP/1.1\\r\\n",
                        400),
                refused("bare LF after chunk size", CHUNKED + "1\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("bare LF after chunk data", CHUNKED + "1\\r\\nx\\n0\\r\\n\\r\\n", 400),
                refused("bare LF after last chunk", CHUNKED + "0\\n\\r\\n", 400),
                refused("bare LF ending trailers", CHUNKED + "0\\r\\n\\n", 400),
                refused("chunk extension with bare CR", CHUNKED + "1;a\\rb\\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("chunk extension with LF", CHUNKED + "1;a\\nb\\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("chunk extension unterminated quote", CHUNKED + "1;a=\"b\\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                refused("whitespace after chunk size", CHUNKED + "1 \\r\\nx\\r\\n0\\r\\n\\r\\n", 400),
                // Control characters and bytes that other parsers read as delimiters.
                refused("NUL in header name", "GET / HTTP/1.1\\r\\nHost: a\\r\\nX\\0: v\\r\\n\\r\\n", 400),
                refused("NUL in header value", "GET / HTTP/1.1\\r\\nHost: a\\r\\nX: a\\0b\\r\\n\\r\\n", 400),
                refused("NUL in target", "GET /\\0 HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused("ESC in header value", "GET / HTTP/1.1\\r\\nHost: a\\r\\nX: \\x1b[0m\\r\\n\\r\\n", 400),
                refused("DEL in target", "GET /\\x7f HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused(
                        "bare CR in header value",
                        "GET / HTTP/1.1\\r\\nHost: a\\r\\nX: a\\rContent-Length: 5\\r\\n\\r\\n",
                        400),
                refused("bare LF ending a header", "GET / HTTP/1.1\\r\\nHost: a\\nContent-Length: 5\\r\\n\\r\\n", 400),
                refused("invalid method character", "GE/T / HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused("method with high byte", "G\\xc9T / HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused("absolute form with another scheme", "GET ftp://a/ HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused("asterisk form with GET", "GET * HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                // Absolute form is routed by its authority (§3.2.2), so the authority must be one (RFC 9110 §4.2).
                refused("absolute form with userinfo", "GET http://u:p@a/ HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused(
                        "absolute form with an empty authority",
                        "GET http:///x HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n",
                        400),
                refused(
                        "absolute form with a backslash in the authority",
                        "GET http://a\\\\b/ HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n",
                        400),
                refused("absolute form without Host in HTTP/1.1", "GET http://a/ HTTP/1.1\\r\\n\\r\\n", 400),
                // Authority form is CONNECT's alone, and must be host:port (§3.2.3).
                refused("authority form with GET", "GET a:443 HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused("CONNECT without a port", "CONNECT a HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused("no Host in HTTP/1.1", "GET / HTTP/1.1\\r\\n\\r\\n", 400),
                refused("two Hosts", "GET / HTTP/1.1\\r\\nHost: a\\r\\nHost: b\\r\\n\\r\\n", 400),
                refused("Host with a path", "GET / HTTP/1.1\\r\\nHost: a/b\\r\\n\\r\\n", 400),
                refused("HTTP/1.2", "GET / HTTP/1.2\\r\\nHost: a\\r\\n\\r\\n", 505),
                refused("HTTP/1.x", "GET / HTTP/1.x\\r\\nHost: a\\r\\n\\r\\n", 400),
                refused(
                        "Expect other than 100-continue",
                        "GET / HTTP/1.1\\r\\nHost: a\\r\\nExpect: 200-ok\\r\\n\\r\\n",
                        417),
                refused("body too large by CL", POST + "Content-Length: 10485761\\r\\n\\r\\n", 413));
    }

    private static Arguments refused(String name, String escaped, int status) {
        return Arguments.of(name, Corpus.unescape(escaped), status);
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("refused")
    void refusesWithStatus(String name, byte[] request, int status) {
        Outcome whole = OurSide.parse(request);
        assertThat(whole.kind()).as(whole.toString()).isEqualTo(Outcome.Kind.REJECT);
        assertThat(whole.status()).as(whole.toString()).isEqualTo(status);
        assertThat(OurSide.parse(request, Http1Limits.DEFAULT, cutsEveryByte(request.length)))
                .isEqualTo(whole);
    }

    /**
     * RFC 9112 §6.1 and RFC 9110 §5.3: Transfer-Encoding field lines combine into one list, so a list gets the same
     * answer on one line and split over lines at any comma. Every list of up to three codings, empty ones included.
     */
    @Test
    void transferEncodingSplitOverLinesIsAnsweredAsTheSameListOnOneLine() {
        String[] codings = {"chunked", "gzip", "deflate", "identity", ""};
        int lists = 0;
        for (int n = 1; n <= 3; n++) {
            int[] pick = new int[n];
            do {
                String[] list = new String[n];
                for (int i = 0; i < n; i++) {
                    list[i] = codings[pick[i]];
                }
                Outcome oneLine = OurSide.parse(Corpus.unescape(
                        POST + "Transfer-Encoding: " + String.join(", ", list) + "\\r\\n\\r\\n0\\r\\n\\r\\n"));
                for (int splits = 1; splits < 1 << (n - 1); splits++) {
                    StringBuilder fields = new StringBuilder("Transfer-Encoding: ").append(list[0]);
                    for (int i = 1; i < n; i++) {
                        fields.append((splits & 1 << (i - 1)) != 0 ? "\\r\\nTransfer-Encoding: " : ", ")
                                .append(list[i]);
                    }
                    Outcome split = OurSide.parse(Corpus.unescape(POST + fields + "\\r\\n\\r\\n0\\r\\n\\r\\n"));
                    assertThat(split.kind())
                            .as("%s vs one line %s", fields, oneLine)
                            .isEqualTo(oneLine.kind());
                    assertThat(split.status())
                            .as("%s vs one line %s", fields, oneLine)
                            .isEqualTo(oneLine.status());
                }
                lists++;
            } while (next(pick, codings.length));
        }
        assertThat(lists).isEqualTo(5 + 25 + 125);
    }

    /** Advances {@code pick} to the next combination of indexes below {@code base}; false after the last. */
    private static boolean next(int[] pick, int base) {
        for (int i = pick.length - 1; i >= 0; i--) {
            if (++pick[i] < base) {
                return true;
            }
            pick[i] = 0;
        }
        return false;
    }

    @Test
    void acceptsTabAsWhitespaceBeforeTransferEncodingValue() {
        Outcome o = OurSide.parse(
                Corpus.unescape(POST + "Transfer-Encoding:\\tchunked\\t\\r\\n\\r\\n1\\r\\nx\\r\\n0\\r\\n\\r\\n"));
        assertThat(o.accepted()).as(o.toString()).isTrue();
        assertThat(o.detail()).endsWith("Transfer-Encoding: chunked\nbody 78");
    }

    @Test
    void acceptsContentLengthWithLeadingZerosAsDecimal() {
        // RFC 9112 §6.2: Content-Length = 1*DIGIT, so "007" is seven; leading zeros cannot make a value ambiguous.
        Outcome o = OurSide.parse(Corpus.unescape(POST + "Content-Length: 007\\r\\n\\r\\n1234567"));
        assertThat(o.detail()).endsWith("body 31323334353637");
    }

    @Test
    void readsAPipelinedRequestAfterSkippingExactlyTheBody() {
        String second = "GET /next HTTP/1.1\r\nHost: a\r\n\r\n";
        for (String first : new String[] {
            "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nGET /",
            "POST /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nGET /\r\n0\r\nX: 1\r\n\r\n"
        }) {
            try (OurSide side = new OurSide(Http1Limits.DEFAULT)) {
                byte[] both = (first + second).getBytes(StandardCharsets.ISO_8859_1);
                Outcome one = side.feed(both, 0, both.length);
                assertThat(one.detail()).startsWith("POST\n/a").endsWith("body 474554202f");
                ByteBuf rest = side.leftover();
                assertThat(rest.toString(StandardCharsets.ISO_8859_1)).isEqualTo(second);
                byte[] next = new byte[rest.readableBytes()];
                rest.getBytes(rest.readerIndex(), next);
                assertThat(OurSide.parse(next).detail()).startsWith("GET\n/next\nHTTP/1.1");
            }
        }
    }

    @Test
    void limitsRequestLineTo414HeaderSectionAndFieldCountTo431() {
        Http1Limits limits = Http1Limits.DEFAULT;
        String target = "/" + "a".repeat(limits.maxRequestLine() - "GET / HTTP/1.1".length());
        assertThat(OurSide.parse(request("GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n"), limits)
                        .accepted())
                .as("a request line of exactly the limit")
                .isTrue();
        assertThat(OurSide.parse(request("GET " + target + "a HTTP/1.1\r\nHost: a\r\n\r\n"), limits)
                        .status())
                .isEqualTo(414);
        String big = "GET / HTTP/1.1\r\nHost: a\r\nX: " + "v".repeat(limits.maxHeaderBytes()) + "\r\n\r\n";
        assertThat(OurSide.parse(request(big), limits).status()).isEqualTo(431);
        String many = "GET / HTTP/1.1\r\nHost: a\r\n" + "X: 1\r\n".repeat(limits.maxHeaders()) + "\r\n";
        assertThat(OurSide.parse(request(many), limits).status()).isEqualTo(431);
        String atLimit = "GET / HTTP/1.1\r\nHost: a\r\n" + "X: 1\r\n".repeat(limits.maxHeaders() - 1) + "\r\n";
        assertThat(OurSide.parse(request(atLimit), limits).accepted()).isTrue();
    }

    @Test
    void limitsChunkedBodyTo413AndTrailerSectionTo431() {
        Http1Limits limits = Http1Limits.DEFAULT.withMaxBody(10);
        String chunks = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n12345\r\n5\r\n67890\r\n";
        assertThat(OurSide.parse(request(chunks + "0\r\n\r\n"), limits).accepted())
                .isTrue();
        assertThat(OurSide.parse(request(chunks + "1\r\nx\r\n0\r\n\r\n"), limits)
                        .status())
                .isEqualTo(413);
        String trailers = "X: " + "t".repeat(1000) + "\r\n";
        assertThat(OurSide.parse(request(chunks + "0\r\n" + trailers.repeat(70) + "\r\n"), limits)
                        .status())
                .isEqualTo(431);
        assertThat(OurSide.parse(request("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n"), limits)
                        .status())
                .isEqualTo(413);
    }

    private static byte[] request(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static int[] cutsEveryByte(int length) {
        int[] cuts = new int[Math.max(0, length - 1)];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = i + 1;
        }
        return cuts;
    }
}
