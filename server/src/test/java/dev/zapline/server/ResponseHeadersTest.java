package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.server.internal.HeaderNames;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResponseHeadersTest {

    private static String lines(ResponseHeaders h) {
        return new String(h.array(), 0, h.size(), StandardCharsets.ISO_8859_1);
    }

    @Test
    void laysOutHeadersAsHttpLines() {
        ResponseHeaders h = new ResponseHeaders();
        h.add("x-a", "1");
        h.add(HeaderNames.CONTENT_TYPE, "text/plain");
        h.add("x-a", "1");
        assertThat(lines(h)).isEqualTo("x-a: 1\r\ncontent-type: text/plain\r\nx-a: 1\r\n");
        assertThat(h.hasContentType()).isTrue();
        assertThat(h.count()).isEqualTo(3);
        assertThat(h.name(1)).isEqualTo("content-type");
        assertThat(h.value(1)).isEqualTo("text/plain");
        assertThat(h.get("Content-Type")).isEqualTo("text/plain");
        assertThatThrownBy(() -> h.name(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void exposesOnlyReadsPublicly() {
        // the byte layout and offsets are the transports' business, not the API's
        assertThat(java.util.Arrays.stream(ResponseHeaders.class.getMethods())
                        .filter(m -> m.getDeclaringClass() == ResponseHeaders.class)
                        .map(java.lang.reflect.Method::getName))
                .containsExactlyInAnyOrder("count", "hasContentType", "name", "value", "get");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "content-type, true",
        "Content-Type, true",
        "CONTENT-TYPE, true",
        "content_type, false",
        "contentXtype, false",
        "content-typ, false",
        "content-types, false",
        "x-request-id, false"
    })
    void knowsAContentTypeHeaderInAnyCase(String name, boolean contentType) {
        ResponseHeaders h = new ResponseHeaders();
        h.add(name, "x");
        assertThat(h.hasContentType()).isEqualTo(contentType);
        ResponseHeaders pre = new ResponseHeaders();
        pre.add(HeaderName.of(name).bytes(), new byte[] {'x'});
        assertThat(pre.hasContentType()).isEqualTo(contentType);
    }

    @Test
    void refusesABadNameOrValueAfterAGoodOneWasAccepted() {
        ResponseHeaders h = new ResponseHeaders();
        h.add("x-a", "ok");
        assertThatThrownBy(() -> h.add("x a", "ok")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.add("x-a", "ok\r\nset-cookie: x=1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.add(HeaderNames.CONTENT_TYPE, "a\nb")).isInstanceOf(IllegalArgumentException.class);
        StringBuilder changing = new StringBuilder("ok");
        h.add("x-b", changing);
        changing.append('\r');
        assertThatThrownBy(() -> h.add("x-b", changing)).isInstanceOf(IllegalArgumentException.class);
        assertThat(lines(h)).isEqualTo("x-a: ok\r\nx-b: ok\r\n");
    }
}
