package dev.zapline.load.internal.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link HpackDecoder} against the examples of RFC 7541 Appendix C (C.3 to C.6: requests and responses, with and
 * without Huffman coding, eviction from a 256-byte table), and against Netty's encoder (an independent
 * implementation) for seeded random header lists: Huffman coding, indexing, never-indexed fields and eviction with
 * small table sizes.
 */
class HpackDecoderTest {

    private static final String DATE1 = "Mon, 21 Oct 2013 20:13:21 GMT";
    private static final String DATE2 = "Mon, 21 Oct 2013 20:13:22 GMT";
    private static final String COOKIE = "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1";

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", "").replace("\n", ""));
    }

    private static List<String> decode(HpackDecoder d, byte[] block) throws HpackException {
        List<String> out = new ArrayList<>();
        d.decode(
                block,
                0,
                block.length,
                (n, nl, v, vl) -> out.add(new String(n, 0, nl, StandardCharsets.ISO_8859_1) + ": "
                        + new String(v, 0, vl, StandardCharsets.ISO_8859_1)));
        return out;
    }

    private static void requests(String c1, String c2, String c3) throws HpackException {
        HpackDecoder d = new HpackDecoder(4096);
        assertThat(decode(d, hex(c1)))
                .containsExactly(":method: GET", ":scheme: http", ":path: /", ":authority: www.example.com");
        assertThat(d.tableSize()).isEqualTo(57);
        assertThat(decode(d, hex(c2)))
                .containsExactly(
                        ":method: GET",
                        ":scheme: http",
                        ":path: /",
                        ":authority: www.example.com",
                        "cache-control: no-cache");
        assertThat(d.tableSize()).isEqualTo(110);
        assertThat(decode(d, hex(c3)))
                .containsExactly(
                        ":method: GET",
                        ":scheme: https",
                        ":path: /index.html",
                        ":authority: www.example.com",
                        "custom-key: custom-value");
        assertThat(d.tableSize()).isEqualTo(164);
        assertThat(d.entries()).isEqualTo(3);
    }

    private static void responses(String c1, String c2, String c3) throws HpackException {
        HpackDecoder d = new HpackDecoder(256);
        byte[] b1 = hex(c1);
        assertThat(decode(d, b1))
                .containsExactly(
                        ":status: 302",
                        "cache-control: private",
                        "date: " + DATE1,
                        "location: https://www.example.com");
        assertThat(d.tableSize()).isEqualTo(222);
        assertThat(new HpackDecoder(256).decode(b1, 0, b1.length, null)).isEqualTo(302);
        byte[] b2 = hex(c2);
        assertThat(decode(d, b2))
                .containsExactly(
                        ":status: 307",
                        "cache-control: private",
                        "date: " + DATE1,
                        "location: https://www.example.com");
        assertThat(d.tableSize()).isEqualTo(222);
        byte[] b3 = hex(c3);
        assertThat(decode(d, b3))
                .containsExactly(
                        ":status: 200",
                        "cache-control: private",
                        "date: " + DATE2,
                        "location: https://www.example.com",
                        "content-encoding: gzip",
                        "set-cookie: " + COOKIE);
        assertThat(d.tableSize()).isEqualTo(215);
        assertThat(d.entries()).isEqualTo(3);
    }

    @Test
    void decodesTheRequestExamplesWithoutHuffmanOfAppendixC3() throws HpackException {
        requests(
                "828684410f7777772e6578616d706c652e636f6d",
                "828684be58086e6f2d6361636865",
                "828785bf400a637573746f6d2d6b65790c637573746f6d2d76616c7565");
    }

    @Test
    void decodesTheRequestExamplesWithHuffmanOfAppendixC4() throws HpackException {
        requests(
                "828684418cf1e3c2e5f23a6ba0ab90f4ff",
                "828684be5886a8eb10649cbf",
                "828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf");
    }

    @Test
    void decodesTheResponseExamplesWithoutHuffmanOfAppendixC5() throws HpackException {
        responses(
                "4803333032580770726976617465611d4d6f6e2c203231204f637420323031332032303a31333a323120474d54"
                        + "6e1768747470733a2f2f7777772e6578616d706c652e636f6d",
                "4803333037c1c0bf",
                "88c1611d4d6f6e2c203231204f637420323031332032303a31333a323220474d54c05a04677a69707738666f6f3d"
                        + "4153444a4b48514b425a584f5157454f50495541585157454f49553b206d61782d6167653d333630303b20"
                        + "76657273696f6e3d31");
    }

    @Test
    void decodesTheResponseExamplesWithHuffmanOfAppendixC6() throws HpackException {
        responses(
                "488264025885aec3771a4b6196d07abe941054d444a8200595040b8166e082a62d1bff6e919d29ad171863c78f0b97c8"
                        + "e9ae82ae43d3",
                "4883640effc1c0bf",
                "88c16196d07abe941054d444a8200595040b8166e084a62d1bffc05a839bd9ab77ad94e7821dd7f2e6c7b335dfdfcd5b"
                        + "3960d5af27087f3672c1ab270fb5291f9587316065c003ed4ee5b1063d5007");
    }

    @Test
    void rejectsMalformedBlocks() {
        HpackDecoder d = new HpackDecoder(4096);
        assertThatThrownBy(() -> d.decode(hex("80"), 0, 1, null)).hasMessageContaining("index 0");
        assertThatThrownBy(() -> d.decode(hex("be"), 0, 1, null)).hasMessageContaining("beyond the 0 entries");
        assertThatThrownBy(() -> d.decode(hex("3fe21f"), 0, 3, null)).hasMessageContaining("beyond the limit");
        assertThatThrownBy(() -> d.decode(hex("88 20"), 0, 2, null)).hasMessageContaining("after a field");
        assertThatThrownBy(() -> d.decode(hex("4005"), 0, 2, null)).hasMessageContaining("left in the block");
        // a Huffman string padded with a zero bit, and one with a whole byte of padding
        assertThatThrownBy(() -> d.decode(hex("0f2d 81 00"), 0, 4, null)).isInstanceOf(HpackException.class);
        assertThatThrownBy(() -> d.decode(hex("0f2d 82 1fff"), 0, 5, null)).hasMessageContaining("padded");
        assertThatThrownBy(() -> d.decode(hex("ff ff ff ff ff 0f"), 0, 6, null)).hasMessageContaining("2^28");
    }

    private static final String[] NAMES = {
        "content-type",
        "content-length",
        "date",
        "server",
        "cache-control",
        "etag",
        "set-cookie",
        "x-trace-id",
        "vary",
        "x-a",
        "location",
        "accept-ranges",
        "last-modified",
        "x-very-long-header-name-for-the-table"
    };

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void decodesWhatNettysEncoderWritesForRandomHeaderLists(long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        int tableSize = new int[] {0, 64, 100, 256, 512, 4096}[random.nextInt(6)];
        Http2HeadersEncoder.SensitivityDetector sensitive = (n, v) -> (n.hashCode() + v.hashCode()) % 5 == 0;
        DefaultHttp2HeadersEncoder encoder =
                new DefaultHttp2HeadersEncoder(sensitive, false, 16, random.nextBoolean() ? 0 : 512);
        encoder.configuration().maxHeaderTableSize(tableSize);
        HpackDecoder decoder = new HpackDecoder(4096);
        for (int block = 0; block < 200; block++) {
            Http2Headers h = new DefaultHttp2Headers(false);
            int status = 100 + random.nextInt(500);
            h.status(Integer.toString(status));
            List<String> expected = new ArrayList<>();
            expected.add(":status: " + status);
            int n = random.nextInt(12);
            for (int i = 0; i < n; i++) {
                String name = NAMES[random.nextInt(NAMES.length)];
                String value = value(random);
                h.add(name, value);
                expected.add(name + ": " + value);
            }
            ByteBuf out = Unpooled.buffer();
            try {
                encoder.encodeHeaders(2 * block + 1, h, out);
                byte[] bytes = ByteBufUtil.getBytes(out);
                assertThat(decode(decoder, bytes))
                        .as("block %d, table %d", block, tableSize)
                        .isEqualTo(expected);
                assertThat(decoder.decode(bytes, 0, 0, null)).isZero();
                assertThat(decoder.tableSize()).isLessThanOrEqualTo(tableSize);
            } finally {
                out.release();
            }
        }
    }

    /** Mostly repeats from a small set (so fields get indexed and reused), sometimes fresh and long ones. */
    private static String value(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> "v" + random.nextInt(5);
            case 1 -> "text/plain; charset=utf-8";
            case 2 -> "x".repeat(random.nextInt(120));
            default -> {
                StringBuilder b = new StringBuilder();
                for (int i = random.nextInt(40); i > 0; i--) {
                    b.append((char) (32 + random.nextInt(95)));
                }
                yield b.toString();
            }
        };
    }
}
