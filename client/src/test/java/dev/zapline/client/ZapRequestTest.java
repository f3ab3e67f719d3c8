package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ZapRequestTest {

    @Test
    void encodesALengthPrefixedRequestFrameOnce() {
        ZapRequest r = ZapRequest.post("/orders?x=1", "{}".getBytes(StandardCharsets.UTF_8))
                .header("Content-Type", "application/json")
                .header("X-A", "1");
        ZapFrame frame = r.encode();
        assertThat(r.encode()).isSameAs(frame);

        byte[] bytes = frame.toByteArray();
        assertThat(ByteBuffer.wrap(bytes).getInt()).isEqualTo(bytes.length - 4);
        ZapHttpRequest req = new ZapHttpRequest().wrap(new ZapMessage().wrap(bytes, 4, bytes.length - 4));
        assertThat(req.methodAsString()).isEqualTo("POST");
        assertThat(req.targetAsString()).isEqualTo("/orders?x=1");
        assertThat(req.protoAsString()).isEqualTo("ZAP-HTTP/1.0");
        assertThat(req.body(new ZapSlice()).asString()).isEqualTo("{}");
        assertThat(ZapResponse.pairs(req.headers(new ZapSlice())))
                .containsExactly(new ZapHeader("Content-Type", "application/json"), new ZapHeader("X-A", "1"));
    }

    @Test
    void isTheSameFrameAsTheCodecWrites() {
        HeaderBlockWriter h = new HeaderBlockWriter().add("Host", "t");
        ZapBuilder b = new ZapBuilder();
        ZapHttpWriter.request(b, "GET", "/health", "", h, new byte[0], 0, 0, null);
        assertThat(ZapRequest.get("/health").header("Host", "t").encode()).isEqualTo(ZapFrame.of(b));
    }

    @Test
    void refusesAFrameThatIsNotARequest() {
        ZapBuilder b = new ZapBuilder();
        ZapHttpWriter.response(b, false, 200, "", "", null, new byte[0], 0, 0, null);
        assertThatThrownBy(() -> ZapFrame.of(b))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("frame type 2 (response), expected 1 (request)");
    }

    @Test
    void refusesATargetThatIsNotAnAbsolutePath() {
        assertThatThrownBy(() -> ZapRequest.get("health"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'health'");
    }
}
