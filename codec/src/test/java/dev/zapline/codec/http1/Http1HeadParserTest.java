package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Http1HeadParserTest {

    private static final String GET =
            "GET /users/42?x=1 HTTP/1.1\r\nHost: a.test\r\nX-Tag:  v 1 \r\n" + "Accept: */*\r\n\r\n";

    private static ByteBuf buf(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }

    @Test
    void parsesARequestHeadInPlace() {
        Http1Request r = new Http1Request();
        ByteBuf in = buf(GET + "NEXT");
        int consumed = new Http1HeadParser(Http1Limits.DEFAULT).parse(in, r);
        assertThat(consumed).isEqualTo(GET.length());
        assertThat(r.methodAsString()).isEqualTo("GET");
        assertThat(r.targetAsString()).isEqualTo("/users/42?x=1");
        assertThat(r.pathLength()).isEqualTo(9);
        assertThat(new String(r.head(), r.queryStart(), r.queryLength(), StandardCharsets.US_ASCII))
                .isEqualTo("x=1");
        assertThat(r.version()).isEqualTo(11);
        assertThat(r.headerCount()).isEqualTo(3);
        int tag = r.header("x-tag".getBytes(StandardCharsets.US_ASCII));
        assertThat(r.nameAsString(tag)).isEqualTo("X-Tag");
        assertThat(r.valueAsString(tag)).isEqualTo("v 1");
        assertThat(r.keepAlive()).isTrue();
        assertThat(r.bodyKind()).isEqualTo(Http1Request.BODY_NONE);
        in.release();
    }

    @Test
    void resumesAcrossEverySplitPoint() {
        byte[] all = GET.getBytes(StandardCharsets.ISO_8859_1);
        for (int split = 1; split < all.length; split++) {
            Http1Request r = new Http1Request();
            Http1HeadParser p = new Http1HeadParser(Http1Limits.DEFAULT);
            ByteBuf in = Unpooled.buffer();
            in.writeBytes(all, 0, split);
            assertThat(p.parse(in, r)).as("split at %d", split).isEqualTo(-1);
            in.writeBytes(all, split, all.length - split);
            assertThat(p.parse(in, r)).as("split at %d", split).isEqualTo(all.length);
            assertThat(r.valueAsString(1)).isEqualTo("v 1");
            in.release();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "TE and CL                | POST / HTTP/1.1\\r\\nHost: a\\r\\nContent-Length: 3\\r\\n"
                        + "Transfer-Encoding: chunked\\r\\n\\r\\n | 400",
                "two CL                   | POST / HTTP/1.1\\r\\nHost: a\\r\\nContent-Length: 3\\r\\n"
                        + "Content-Length: 3\\r\\n\\r\\n | 400",
                "CL with sign             | POST / HTTP/1.1\\r\\nHost: a\\r\\nContent-Length: +3\\r\\n\\r\\n | 400",
                "CL list                  | POST / HTTP/1.1\\r\\nHost: a\\r\\nContent-Length: 3, 3\\r\\n\\r\\n | 400",
                "gzip chunked             | POST / HTTP/1.1\\r\\nHost: a\\r\\n"
                        + "Transfer-Encoding: gzip, chunked\\r\\n\\r\\n | 501",
                "space before colon       | GET / HTTP/1.1\\r\\nHost : a\\r\\n\\r\\n | 400",
                "obs-fold                 | GET / HTTP/1.1\\r\\nHost: a\\r\\nX: 1\\r\\n 2\\r\\n\\r\\n | 400",
                "bare LF                  | GET / HTTP/1.1\\nHost: a\\n\\n | 400",
                "no host                  | GET / HTTP/1.1\\r\\n\\r\\n | 400",
                "HTTP/1.2                 | GET / HTTP/1.2\\r\\nHost: a\\r\\n\\r\\n | 505",
                "expect other             | GET / HTTP/1.1\\r\\nHost: a\\r\\nExpect: teapot\\r\\n\\r\\n | 417",
                "body too large           | POST / HTTP/1.1\\r\\nHost: a\\r\\n"
                        + "Content-Length: 99999999999\\r\\n\\r\\n | 413",
            })
    void rejectsAmbiguousOrMalformedHeads(String name, String raw, int status) {
        String head = raw.replace("\\r", "\r").replace("\\n", "\n");
        ByteBuf in = buf(head);
        assertThatThrownBy(() -> new Http1HeadParser(Http1Limits.DEFAULT).parse(in, new Http1Request()))
                .isInstanceOfSatisfying(
                        Http1Exception.class, e -> assertThat(e.status()).isEqualTo(status));
        in.release();
    }

    @Test
    void decodesAChunkedBodyAcrossPieces() {
        ChunkedDecoder d = new ChunkedDecoder(Http1Limits.DEFAULT);
        ByteBuf out = Unpooled.buffer();
        ByteBuf a = buf("4;ext=1\r\nWiki\r\n5\r\npedia\r");
        ByteBuf b = buf("\n0\r\nX-Trailer: t\r\n\r\nNEXT");
        assertThat(d.decode(a, out)).isFalse();
        assertThat(d.decode(b, out)).isTrue();
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("Wikipedia");
        assertThat(b.toString(StandardCharsets.US_ASCII)).isEqualTo("NEXT");
        a.release();
        b.release();
        out.release();
    }

    /**
     * Every target form as the router sees it: the target in origin form (path and query), the path, the query, the
     * authority of an absolute-form target (null otherwise) and the target as sent, whole and at every split point.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                "GET     | /a/b?x=1                  | /a/b?x=1     | /a/b  | x=1  | null           ",
                "GET     | http://a.test/health      | /health      | /health | null | a.test       ",
                "GET     | http://a.test/p?q=1       | /p?q=1       | /p    | q=1  | a.test         ",
                "GET     | HTTPS://A.test:8443/p/    | /p/          | /p/   | null | A.test:8443    ",
                "GET     | hTtP://[::1]:80/x?y       | /x?y         | /x    | y    | [::1]:80       ",
                "GET     | http://a.test             | /            | /     | null | a.test         ",
                "GET     | http://a.test?q=1&r=2     | /?q=1&r=2    | /     | q=1&r=2 | a.test      ",
                "GET     | http://a.test/p?u=http://b/c | /p?u=http://b/c | /p | u=http://b/c | a.test ",
                "OPTIONS | *                         | *            | *     | null | null           ",
                "CONNECT | a.test:443                | a.test:443   | a.test:443 | null | null     ",
                "CONNECT | [::1]:8443                | [::1]:8443   | [::1]:8443 | null | null     ",
            })
    void readsEveryTargetFormAsARouterWould(
            String method, String raw, String target, String path, String query, String authority) {
        byte[] all =
                (method + " " + raw + " HTTP/1.1\r\nHost: h\r\nX: 1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        for (int split = 0; split < all.length; split++) {
            Http1Request r = new Http1Request();
            Http1HeadParser p = new Http1HeadParser(Http1Limits.DEFAULT);
            ByteBuf in = Unpooled.buffer();
            if (split > 0) {
                in.writeBytes(all, 0, split);
                assertThat(p.parse(in, r)).as("split at %d", split).isEqualTo(-1);
            }
            in.writeBytes(all, split, all.length - split);
            assertThat(p.parse(in, r)).as("split at %d", split).isEqualTo(all.length);
            in.release();
            assertThat(r.targetAsString()).as("split at %d", split).isEqualTo(target);
            assertThat(ascii(r.head(), r.targetStart(), r.pathLength())).isEqualTo(path);
            assertThat(r.queryStart() < 0 ? null : ascii(r.head(), r.queryStart(), r.queryLength()))
                    .isEqualTo(query);
            assertThat(r.authorityAsString()).isEqualTo(authority);
            assertThat(r.authorityLength()).isEqualTo(authority == null ? 0 : authority.length());
            assertThat(r.rawTargetAsString()).isEqualTo(raw);
            assertThat(r.valueAsString(r.header("host".getBytes(StandardCharsets.US_ASCII))))
                    .as("Host as received")
                    .isEqualTo("h");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "authority form with GET    | GET a.test:443                      ",
                "CONNECT without a port     | CONNECT a.test                      ",
                "CONNECT with an empty port | CONNECT a.test:                     ",
                "CONNECT port not digits    | CONNECT a.test:https                ",
                "CONNECT with a path        | CONNECT a.test:443/x                ",
                "lower-case connect         | connect a.test:443                  ",
                "absolute form with ftp     | GET ftp://a.test/                   ",
                "absolute form userinfo     | GET http://u@a.test/                ",
                "absolute form empty host   | GET http:///p                       ",
                "absolute form only scheme  | GET http://                         ",
                "absolute form bad host     | GET http://a{b}/                    ",
                "scheme without slashes     | GET http:a.test/                    ",
                "asterisk with GET          | GET *                               ",
            })
    void refusesATargetOutsideTheFormsItsMethodMayUse(String name, String line) {
        ByteBuf in = buf(line + " HTTP/1.1\r\nHost: a\r\n\r\n");
        assertThatThrownBy(() -> new Http1HeadParser(Http1Limits.DEFAULT).parse(in, new Http1Request()))
                .isInstanceOfSatisfying(
                        Http1Exception.class, e -> assertThat(e.status()).isEqualTo(400));
        in.release();
    }

    private static String ascii(byte[] b, int start, int length) {
        return new String(b, start, length, StandardCharsets.US_ASCII);
    }
}
