package dev.zapline.server.internal.http2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.internal.HeaderNames;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link Http2Head}: the request head a handler reads over an HTTP/2 header list. */
class Http2HeadTest {

    private static String target(Http2Head h) {
        return new String(h.bytes(), h.targetStart(), h.targetLength(), StandardCharsets.ISO_8859_1);
    }

    private static String path(Http2Head h) {
        return new String(h.bytes(), h.targetStart(), h.pathLength(), StandardCharsets.ISO_8859_1);
    }

    private static String query(Http2Head h) {
        return h.queryStart() < 0
                ? null
                : new String(h.bytes(), h.queryStart(), h.queryLength(), StandardCharsets.ISO_8859_1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
            /health          | /health | null
            /users/7?x=1&y=2 | /users/7 | x=1&y=2
            /p?              | /p       | ''
            *                | *        | null
            """)
    void splitsThePathAtTheQuestionMark(String path, String expectedPath, String expectedQuery) {
        Http2Head h = new Http2Head()
                .wrap(
                        1,
                        new DefaultHttp2Headers()
                                .method("GET")
                                .path(path)
                                .scheme("http")
                                .authority("a.test"));
        assertThat(target(h)).isEqualTo(path);
        assertThat(path(h)).isEqualTo(expectedPath);
        assertThat(query(h)).isEqualTo(expectedQuery);
    }

    @Test
    void readsMethodHeadersAndAuthorityAsHost() {
        Http2Headers in = new DefaultHttp2Headers()
                .method("POST")
                .path("/rpc")
                .scheme("https")
                .authority("a.test:8443")
                .add("content-type", "application/zap")
                .add("x-id", "42");
        Http2Head h = new Http2Head().wrap(5, in);
        assertThat(new String(h.bytes(), h.methodStart(), h.methodLength(), StandardCharsets.US_ASCII))
                .isEqualTo("POST");
        assertThat(h.streamId).isEqualTo(5);
        assertThat(h.protocol()).isEqualTo("HTTP/2.0");
        assertThat(h.headerAsString(HeaderNames.lower("Content-Type"))).isEqualTo("application/zap");
        assertThat(h.headerAsString(HeaderNames.lower("host"))).isEqualTo("a.test:8443");
        assertThat(h.hasHeader(HeaderNames.lower("x-id"))).isTrue();
        assertThat(h.hasHeader(HeaderNames.lower("x-other"))).isFalse();
        assertThat(h.headerEquals(HeaderNames.lower("x-id"), "42".getBytes(StandardCharsets.US_ASCII)))
                .isTrue();
        assertThat(h.headerAsString(HeaderNames.lower(":path"))).isNull();
        byte[] dst = new byte[4];
        assertThat(h.copyHeader(HeaderNames.lower("x-id"), dst, 1)).isEqualTo(2);
        assertThat(new String(dst, 1, 2, StandardCharsets.US_ASCII)).isEqualTo("42");
        assertThat(h.copyHeader(HeaderNames.lower("host"), dst, 0))
                .as("too long, not copied")
                .isEqualTo(11);
        assertThat(h.copyHeader(HeaderNames.lower("nope"), dst, 0)).isEqualTo(-1);
    }

    @Test
    void aHostHeaderAnswersWhenThereIsNoAuthority() {
        Http2Head h = new Http2Head()
                .wrap(
                        1,
                        new DefaultHttp2Headers()
                                .method("GET")
                                .path("/")
                                .scheme("http")
                                .add("host", "h.test"));
        assertThat(h.headerAsString(HeaderNames.lower("host"))).isEqualTo("h.test");
    }

    @Test
    void connectsTargetIsItsAuthority() {
        Http2Head h = new Http2Head()
                .wrap(1, new DefaultHttp2Headers().method("CONNECT").authority("b.test:443"));
        assertThat(target(h)).isEqualTo("b.test:443");
        assertThat(query(h)).isNull();
    }

    @Test
    void aReusedHeadForgetsThePreviousRequest() {
        Http2Head h = new Http2Head();
        h.wrap(
                1,
                new DefaultHttp2Headers()
                        .method("GET")
                        .path("/a?q")
                        .authority("x")
                        .add("x-a", "1"));
        h.wrap(3, new DefaultHttp2Headers().method("GET").path("/b").add("x-b", "2"));
        assertThat(target(h)).isEqualTo("/b");
        assertThat(query(h)).isNull();
        assertThat(h.hasHeader(HeaderNames.lower("x-a"))).isFalse();
        assertThat(h.hasHeader(HeaderNames.lower("host"))).isFalse();
        assertThat(h.headerAsString(HeaderNames.lower("x-b"))).isEqualTo("2");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"'a '|true", "'a\t'|true", "' a'|true", "'\ta'|true", "'a b\tc'|false", "''|false"})
    void aRegularValueWithWhitespaceAtEitherEndIsNotedAsUntrimmed(String value, boolean untrimmed) {
        Http2Headers fields = new DefaultHttp2Headers(false)
                .method("GET")
                .path("/")
                .add("x-a", "1")
                .add("x-b", value);
        assertThat(new Http2Head().wrap(1, fields).untrimmed).isEqualTo(untrimmed);
        assertThat(new Http2Head().wrap(1, fields.set("x-b", "b")).untrimmed).isFalse();
    }
}
