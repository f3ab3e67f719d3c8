package dev.zapline.load.internal.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Request header blocks: exact bytes for a GET, and what Netty's decoder reads from them (twice, same result). */
class HpackRequestBlockTest {

    @Test
    void aGetIsFourIndexedOrNameIndexedFields() {
        byte[] b = HpackRequestBlock.encode("GET", "http", "localhost:8080", "/", List.of(), 0);
        // :method GET (2), :scheme http (6), :authority literal without indexing (name 1), :path / (4)
        assertThat(HexFormat.of().formatHex(b)).isEqualTo("8286010e6c6f63616c686f73743a3830383084");
    }

    @Test
    void nettyDecodesTheSameFieldsFromTheBlockEveryTime() throws Exception {
        byte[] b = HpackRequestBlock.encode(
                "POST",
                "https",
                "example.com",
                "/api/items?x=1",
                List.of(
                        Map.entry("Host", "other.example"),
                        Map.entry("Connection", "keep-alive"),
                        Map.entry("Content-Type", "application/json"),
                        Map.entry("X-Custom", "yes")),
                12);
        DefaultHttp2HeadersDecoder d = new DefaultHttp2HeadersDecoder(true);
        for (int i = 0; i < 2; i++) {
            Http2Headers h = d.decodeHeaders(1 + 2 * i, Unpooled.wrappedBuffer(b));
            assertThat(h.method()).hasToString("POST");
            assertThat(h.scheme()).hasToString("https");
            assertThat(h.authority()).hasToString("other.example");
            assertThat(h.path()).hasToString("/api/items?x=1");
            assertThat(h.get("content-type")).hasToString("application/json");
            assertThat(h.get("x-custom")).hasToString("yes");
            assertThat(h.get("content-length")).hasToString("12");
            assertThat(h.contains("connection")).isFalse();
            assertThat(h.contains("host")).isFalse();
            assertThat(h.size()).isEqualTo(7);
        }
    }
}
