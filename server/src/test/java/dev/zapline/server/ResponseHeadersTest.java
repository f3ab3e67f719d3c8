package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

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
