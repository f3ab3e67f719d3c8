package dev.zapline.codec.zaphttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.wire.ConformanceVectors;
import dev.zapline.wire.Patch;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** zaphttp readers and {@link HeaderCursor} against hand-made lies; a server answers each with 400, never crashes. */
class HostileFramesTest {

    private static final byte[] REQUEST =
            ConformanceVectors.named("zaphttp-request").bytes();
    private static final byte[] RESPONSE =
            ConformanceVectors.named("zaphttp-response").bytes();

    /** A request frame whose header block is exactly {@code block}, then walked. */
    private static List<String> walk(byte[] block, boolean[] malformed) {
        ZapBuilder b = new ZapBuilder();
        b.startObject(ZapHttp.MESSAGE_SIZE).setBytes(ZapHttp.REQ_HEADERS, block).finishAsRoot();
        b.finish(dev.zapline.wire.Zap.flags(ZapHttp.REQUEST, 0));
        ZapHttpRequest req = new ZapHttpRequest().wrap(new ZapMessage().wrap(b.toByteArray()));
        HeaderCursor h = new HeaderCursor();
        List<String> out = new ArrayList<>();
        for (h.reset(req.headers(new ZapSlice())); h.next(); ) {
            out.add(h.nameAsString() + "=" + h.valueAsString());
        }
        malformed[0] = h.malformed();
        assertThat(h.next()).as("a finished walk stays finished").isFalse();
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
          the vector's block                | 02000000 01000000 61 01000000 31 01000000 62 01000000 32 | false | a=1,b=2
          zero-count block                  | 00000000                                                 | false |
          count larger than the pairs       | ffffffff 01000000 61 01000000 31                         | true  | a=1
          count smaller than the pairs      | 01000000 01000000 61 01000000 31 01000000 62 01000000 32 | true  | a=1
          name length past the end          | 01000000 fcffffff 616263                                 | true  |
          value length past the end         | 01000000 01000000 61 09000000 7879                       | true  |
          value length prefix cut short     | 01000000 01000000 61 0900                                | true  |
          block shorter than its count      | 010000                                                   | true  |
          empty name and value are a pair   | 01000000 00000000 00000000                               | false | =
          """)
    void headerWalkStopsInsideTheBlockAndSaysWhetherItLied(String name, String hex, boolean malformed, String pairs) {
        boolean[] seen = new boolean[1];
        List<String> walked = walk(HexFormat.of().parseHex(hex.replace(" ", "")), seen);
        assertThat(walked).containsExactlyElementsOf(pairs == null ? List.of() : List.of(pairs.split(",")));
        assertThat(seen[0]).isEqualTo(malformed);
    }

    @Test
    void nullHeaderBlockHasNoHeadersAndIsNotMalformed() {
        HeaderCursor h = new HeaderCursor()
                .reset(new ZapHttpRequest()
                        .wrap(new ZapMessage()
                                .wrap(ConformanceVectors.named("zaphttp-empty-request")
                                        .bytes()))
                        .headers(new ZapSlice()));
        assertThat(h.declaredCount()).isZero();
        assertThat(h.next()).isFalse();
        assertThat(h.malformed()).isFalse();
    }

    @Test
    void frameOfTheWrongTypeIsRejectedAtTheFlags() {
        assertThatThrownBy(() -> new ZapHttpRequest().wrap(new ZapMessage().wrap(RESPONSE)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(6L);
        assertThatThrownBy(() -> new ZapHttpResponse().wrap(new ZapMessage().wrap(REQUEST)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(6L);
        assertThatThrownBy(() -> new ZapHttpChunk().wrap(new ZapMessage().wrap(REQUEST)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(6L);
    }

    @ParameterizedTest(name = "field slot at {0}")
    @CsvSource({"16", "24", "32", "40", "48"})
    void requestWhoseFieldPointsPastTheFrameIsRejectedAtThatSlot(int slot) {
        byte[] bytes = Patch.u32(REQUEST, slot, 0x7FFF_FFF0L);
        assertThatThrownBy(() -> new ZapHttpRequest().wrap(new ZapMessage().wrap(bytes)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo((long) slot);
    }

    @Test
    void requestWhoseHeaderLengthRunsPastTheFrameIsRejected() {
        byte[] bytes = Patch.u32(REQUEST, 16 + 24 + 4, 0xFFFF_FFFFL);
        assertThatThrownBy(() -> new ZapHttpRequest().wrap(new ZapMessage().wrap(bytes)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(40L);
    }

    @Test
    void responseWithAZeroStatusAndEmptyReasonReadsTheDefaults() {
        byte[] bytes = Patch.u32(Patch.u32(Patch.u32(RESPONSE, 16, 0), 24, 0), 28, 0);
        ZapHttpResponse resp = new ZapHttpResponse().wrap(new ZapMessage().wrap(bytes));
        assertThat(resp.status()).isEqualTo(200);
        assertThat(resp.reasonAsString()).isEqualTo("OK");
        assertThat(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getShort(16))
                .isZero();
        assertThat(new String(resp.body(new ZapSlice()).toByteArray(), StandardCharsets.UTF_8))
                .contains("0x2a");
    }
}
