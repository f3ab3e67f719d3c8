package dev.zapline.codec.zaphttp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.ConformanceVectors;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZapHttpVectorsTest {

    private static final byte[] REQUEST_BODY =
            "{\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] RESPONSE_BODY = "{\"result\":\"0x2a\"}".getBytes(StandardCharsets.UTF_8);

    private static List<String> headers(ZapSlice block) {
        List<String> out = new ArrayList<>();
        HeaderCursor h = new HeaderCursor();
        for (h.reset(block); h.next(); ) {
            out.add(h.nameAsString() + ": " + h.valueAsString());
        }
        assertThat(h.malformed()).isFalse();
        return out;
    }

    private static HeaderBlockWriter sampleHeaders() {
        return new HeaderBlockWriter().add("Content-Type", "application/json").add("X-Trace-Id", "abc-123");
    }

    @Test
    void requestVectorDecodesToItsFields() {
        ZapMessage msg = new ZapMessage()
                .wrap(ConformanceVectors.named("zaphttp-request").bytes());
        ZapHttpRequest req = new ZapHttpRequest().wrap(msg);
        ZapSlice s = new ZapSlice();
        assertThat(req.methodAsString()).isEqualTo("POST");
        assertThat(req.targetAsString()).isEqualTo("/v1/blocks?height=42");
        assertThat(req.protoAsString()).isEqualTo("HTTP/1.1");
        assertThat(headers(req.headers(s))).containsExactly("Content-Type: application/json", "X-Trace-Id: abc-123");
        assertThat(req.body(s).toByteArray()).isEqualTo(REQUEST_BODY);
        assertThat(req.trailer(s).length()).isZero();
    }

    @Test
    void requestVectorReEncodesToTheSameBytes() {
        ZapBuilder b = new ZapBuilder();
        ZapHttpWriter.request(
                b,
                "POST",
                "/v1/blocks?height=42",
                "HTTP/1.1",
                sampleHeaders(),
                REQUEST_BODY,
                0,
                REQUEST_BODY.length,
                null);
        assertThat(b.toByteArray())
                .isEqualTo(ConformanceVectors.named("zaphttp-request").bytes());
    }

    @Test
    void responseVectorDecodesToItsFields() {
        ZapMessage msg = new ZapMessage()
                .wrap(ConformanceVectors.named("zaphttp-response").bytes());
        ZapHttpResponse resp = new ZapHttpResponse().wrap(msg);
        ZapSlice s = new ZapSlice();
        assertThat(resp.status()).isEqualTo(200);
        assertThat(resp.reasonAsString()).isEqualTo("OK");
        assertThat(resp.protoAsString()).isEqualTo("HTTP/1.1");
        assertThat(headers(resp.headers(s))).containsExactly("Content-Type: application/json", "X-Trace-Id: abc-123");
        assertThat(resp.body(s).toByteArray()).isEqualTo(RESPONSE_BODY);
        assertThat(resp.trailer(s).length()).isZero();
    }

    @Test
    void responseVectorReEncodesToTheSameBytes() {
        ZapBuilder b = new ZapBuilder();
        ZapHttpWriter.response(
                b, false, 200, "OK", "HTTP/1.1", sampleHeaders(), RESPONSE_BODY, 0, RESPONSE_BODY.length, null);
        assertThat(b.toByteArray())
                .isEqualTo(ConformanceVectors.named("zaphttp-response").bytes());
    }

    @Test
    void emptyRequestVectorHasNullHeadersBodyAndTrailer() {
        byte[] bytes = ConformanceVectors.named("zaphttp-empty-request").bytes();
        ZapHttpRequest req = new ZapHttpRequest().wrap(new ZapMessage().wrap(bytes));
        ZapSlice s = new ZapSlice();
        assertThat(req.methodAsString()).isEqualTo("GET");
        assertThat(req.targetAsString()).isEqualTo("/health");
        assertThat(req.protoAsString()).isEqualTo("HTTP/1.1");
        assertThat(req.headers(s).length()).isZero();
        assertThat(req.bodyLength()).isZero();
        assertThat(req.trailer(s).length()).isZero();

        ZapBuilder b = new ZapBuilder();
        ZapHttpWriter.request(b, "GET", "/health", "HTTP/1.1", new HeaderBlockWriter(), null, 0, 0, null);
        assertThat(b.toByteArray()).isEqualTo(bytes);
    }
}
