package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The response table of {@code http1/corpus/responses.txt} (first final response: status, keep-alive, body length;
 * or no response; or an error), whole, one byte at a time and split at every point; pipelined mixes of them in
 * random pieces; HEAD; the body modes, the captured header, the reason phrase, limits and the end of input.
 */
class Http1ResponseParserTest {

    private static final boolean[] NO_HEAD = {};

    static Iterable<ResponseCorpus.Case> corpus() {
        return ResponseCorpus.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void givesTheExpectedFirstResponse(ResponseCorpus.Case c) {
        Outcome o = OurResponseSide.parse(c.bytes());
        switch (c.expected()) {
            case "none" -> assertThat(o.kind()).as(o.toString()).isEqualTo(Outcome.Kind.INCOMPLETE);
            case "error" -> assertThat(o.status()).as(o.toString()).isEqualTo(502);
            default -> assertThat(o.detail()).as(o.toString()).startsWith(c.expected() + "\n");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void givesTheSameResponsesOneByteAtATimeAndAtEverySplitPoint(ResponseCorpus.Case c) {
        byte[] in = c.bytes();
        List<String> whole = OurResponseSide.parseAll(in, NO_HEAD);
        assertThat(OurResponseSide.parseAll(in, NO_HEAD, Http1SmugglingTest.cutsEveryByte(in.length)))
                .as("one byte at a time")
                .isEqualTo(whole);
        for (int split = 1; split < in.length; split++) {
            assertThat(OurResponseSide.parseAll(in, NO_HEAD, split))
                    .as("split at %d", split)
                    .isEqualTo(whole);
        }
    }

    @Test
    void readsPipelinedMixedResponsesInOneBufferAndInRandomPieces() {
        List<byte[]> keep = new ArrayList<>();
        List<byte[]> last = new ArrayList<>();
        for (ResponseCorpus.Case c : ResponseCorpus.valid()) {
            if (c.expected().contains(" keep ") && !c.name().equals("ok-trailing-bytes-after")) {
                keep.add(c.bytes());
            } else if (c.expected().contains(" close ")) {
                last.add(c.bytes());
            }
        }
        SplittableRandom rnd = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            List<String> expected = new ArrayList<>();
            for (int n = 1 + rnd.nextInt(8); n > 0; n--) {
                byte[] r = (n == 1 && rnd.nextBoolean() ? last : keep).get(rnd.nextInt((n == 1 ? last : keep).size()));
                expected.addAll(OurResponseSide.parseAll(r, NO_HEAD));
                all.writeBytes(r);
            }
            byte[] in = all.toByteArray();
            assertThat(OurResponseSide.parseAll(in, NO_HEAD)).isEqualTo(expected);
            assertThat(OurResponseSide.parseAll(in, NO_HEAD, randomCuts(in.length, rnd)))
                    .isEqualTo(expected);
        }
        assertThat(keep).hasSizeGreaterThan(30);
    }

    @Test
    void responsesToHeadHaveNoBodyWhateverTheirFraming() {
        byte[] in = ascii("HTTP/1.1 200 OK\r\nContent-Length: 1234\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        boolean[] heads = {true, true, false};
        List<String> expected = List.of("200 keep 0 ", "200 keep 0 ", "200 keep 2 6f6b");
        assertThat(OurResponseSide.parseAll(in, heads)).isEqualTo(expected);
        assertThat(OurResponseSide.parseAll(in, heads, Http1SmugglingTest.cutsEveryByte(in.length)))
                .isEqualTo(expected);
    }

    @Test
    void buffersAChunkedBodyContiguouslyAndRefusesOneOverTheLimit() {
        ByteBuf out = Unpooled.buffer();
        ByteBuf in = Unpooled.copiedBuffer(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "4\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world"));
        try {
            var parser = new Http1ResponseParser(new Http1ResponseLimits(64, 1024, 10, 16)).bufferBodyInto(out);
            assertThat(parser.parse(in)).isEqualTo(Http1ResponseParser.RESPONSE_COMPLETE);
            assertThat(parser.chunked()).isTrue();
            assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("Wikipedia");
            out.clear();
            assertThatThrownBy(() -> parser.parse(in))
                    .isInstanceOf(Http1Exception.class)
                    .hasMessage("body of 11 bytes exceeds the buffering limit of 10");
            in.readerIndex(0);
            var chunkedLimit = new Http1ResponseParser(new Http1ResponseLimits(64, 1024, 8, 16)).bufferBodyInto(out);
            assertThatThrownBy(() -> chunkedLimit.parse(in))
                    .isInstanceOf(Http1Exception.class)
                    .hasMessage("body exceeds the buffering limit of 8");
        } finally {
            in.release();
            out.release();
        }
    }

    @Test
    void capturesTheFirstValueOfOneHeaderWithoutItsWhitespace() {
        var parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeader("Content-Type", 16);
        assertThat(captured(parser, "Content-Type: \t text/plain; q=1 \t\r\ncontent-type: b\r\n"))
                .isEqualTo("text/plain; q=1");
        assertThat(parser.headerValueTruncated()).isFalse();
        assertThat(captured(parser, "CONTENT-TYPE: a\r\n  b\r\n")).isEqualTo("a  b");
        assertThat(captured(parser, "Content-Type: application/json; charset=utf-8\r\n"))
                .isEqualTo("application/json");
        assertThat(parser.headerValueTruncated()).isTrue();
        assertThat(captured(parser, "Content-Types: x\r\nContent-Typ: y\r\n")).isNull();
        assertThat(parser.headerValueLength()).isEqualTo(-1);
        assertThat(captured(parser, "Content-Type:\r\n")).isEmpty();
        byte[] dst = new byte[20];
        captured(parser, "Content-Type: abc\r\n");
        assertThat(parser.headerValue(dst, 1)).isEqualTo(3);
        assertThat(new String(dst, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("abc");
    }

    private static String captured(Http1ResponseParser parser, String fields) {
        ByteBuf in = Unpooled.copiedBuffer(ascii("HTTP/1.1 204 No Content\r\n" + fields + "\r\n"));
        try {
            assertThat(parser.parse(in)).isEqualTo(Http1ResponseParser.RESPONSE_COMPLETE);
            return parser.headerValueAsString();
        } finally {
            in.release();
        }
    }

    @Test
    void keepsTheFirst64BytesOfTheReasonPhraseAndCountsInterimResponses() {
        var parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
        String longReason = "x".repeat(100);
        ByteBuf in = Unpooled.copiedBuffer(ascii("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early\r\n\r\n"
                + "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\nHTTP/1.0 200 " + longReason + "\r\n\r\n"));
        try {
            assertThat(parser.parse(in)).isEqualTo(Http1ResponseParser.RESPONSE_COMPLETE);
            assertThat(parser.reasonAsString()).isEqualTo("Not Found");
            assertThat(parser.interimResponses()).isEqualTo(2);
            assertThat(parser.contentLength()).isZero();
            assertThat(parser.parse(in)).isEqualTo(Http1ResponseParser.NEED_MORE);
            assertThat(parser.endOfInput()).isTrue();
            assertThat(parser.reasonAsString()).isEqualTo(longReason.substring(0, 64));
            assertThat(parser.version()).isEqualTo(10);
            assertThat(parser.keepAlive()).isFalse();
            assertThat(parser.interimResponses()).isZero();
            assertThat(parser.endOfInput()).isFalse();
        } finally {
            in.release();
        }
    }

    @Test
    void refusesAStatusLineOrHeaderSectionOverItsLimit() {
        var limits = new Http1ResponseLimits(20, 40, 0, 16);
        assertThat(OurResponseSide.parse(ascii("HTTP/1.1 200 OKAY-OKAY\r\n\r\n"), limits)
                        .detail())
                .isEqualTo("status line longer than 20 bytes");
        assertThat(OurResponseSide.parse(ascii("HTTP/1.1 200 OKAY-OK\r\nContent-Length: 0\r\n\r\n"), limits)
                        .kind())
                .isEqualTo(Outcome.Kind.ACCEPT);
        assertThat(OurResponseSide.parse(
                                ascii("HTTP/1.1 200 OK\r\nX-A: 0123456789abcdef\r\nContent-Length: 0\r\n\r\n"), limits)
                        .detail())
                .isEqualTo("header section larger than 40 bytes");
    }

    @Test
    void refusesUseAfterAnErrorUntilReset() {
        var parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
        ByteBuf bad = Unpooled.copiedBuffer(ascii("HTTP/1.1 2x0 OK\r\n\r\n"));
        ByteBuf good = Unpooled.copiedBuffer(ascii("HTTP/1.1 204 No Content\r\n\r\n"));
        try {
            assertThatThrownBy(() -> parser.parse(bad))
                    .isInstanceOf(Http1Exception.class)
                    .extracting(e -> ((Http1Exception) e).status())
                    .isEqualTo(502);
            assertThatThrownBy(() -> parser.parse(good)).isInstanceOf(IllegalStateException.class);
            parser.reset();
            assertThat(parser.parse(good)).isEqualTo(Http1ResponseParser.RESPONSE_COMPLETE);
            assertThat(parser.status()).isEqualTo(204);
        } finally {
            bad.release();
            good.release();
        }
    }

    static int[] randomCuts(int length, SplittableRandom rnd) {
        return rnd.ints(rnd.nextInt(1 + length / 4) + 1, 0, length + 1).sorted().toArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
