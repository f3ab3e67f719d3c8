package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one-pass head scan ({@code ResponseHeadScanner.scan}, taken when a whole head is in the buffer) against the
 * byte-at-a-time scanner (taken when the input arrives one byte per read): the same responses, the same fields and
 * the same error message, on the corpus, on mutations of it, and on generated heads that mix the interpreted
 * fields with others, in heap and direct buffers and at small limits; with one captured field and with several.
 */
class Http1ResponseScanTest {

    private static final Http1ResponseLimits SMALL = new Http1ResponseLimits(24, 128, 64, 16);
    private static final Http1ResponseLimits[] LIMITS = {Http1ResponseLimits.DEFAULT, SMALL};
    private static final String LONG_NAME = "x-" + "long".repeat(16);
    /** Captured fields, besides the single content-type capture; null in {@link #parse} stands for the latter. */
    private static final List<String> SEVERAL =
            List.of("X-Token", "content-type", "content-length", "Connection", "etag", LONG_NAME);

    static Iterable<ResponseCorpus.Case> corpus() {
        return ResponseCorpus.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void corpusReadsTheSameWholeAsByteByByte(ResponseCorpus.Case c) {
        same(c.bytes());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13})
    void mutatedCorpusReadsTheSameWholeAsByteByByte(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        var valid = ResponseCorpus.valid();
        for (int i = 0; i < 400; i++) {
            same(Mutator.mutate(valid.get(rnd.nextInt(valid.size())).bytes(), rnd));
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {21, 22, 23})
    void generatedHeadsReadTheSameWholeAsByteByByte(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 400; i++) {
            byte[] b = generated(rnd);
            same(b);
            same(Mutator.mutate(b, rnd));
        }
    }

    @Test
    void aTypicalPipelinedBatchIsReadWholeWithItsFields() {
        String one = "HTTP/1.1 200 OK\r\ndate: Tue, 01 Dec 2026 12:50:31 GMT\r\ncontent-type: text/plain\r\n"
                + "content-length: 2\r\n\r\nok";
        byte[] batch = (one.repeat(16)
                        + "HTTP/1.0 404 Not Found\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        List<String> out = parse(batch, Http1ResponseLimits.DEFAULT, false, batch.length);
        assertThat(out).hasSize(17);
        assertThat(out.get(0)).isEqualTo("200 keep 2 6f6b v11 cl2 reason2 ct=text/pla(cut)");
        assertThat(out.get(16)).isEqualTo("404 keep 0  v10 cl0 reason9");
        assertThat(parse(batch, Http1ResponseLimits.DEFAULT, true, batch.length))
                .isEqualTo(out);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {41, 42, 43})
    void generatedHeadsWithCapturedFieldsReadTheSameWholeAsByteByByte(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        String[] names = {
            "x-token",
            "X-TOKEN",
            "x-tokens",
            "x-toke",
            "ETag",
            "etag",
            "content-type",
            "Content-Length",
            "connection",
            "date",
            LONG_NAME,
            LONG_NAME.toUpperCase(Locale.ROOT),
            LONG_NAME + "s",
            "x" + LONG_NAME
        };
        for (int i = 0; i < 400; i++) {
            byte[] b = generated(rnd, names);
            same(b);
            same(Mutator.mutate(b, rnd));
        }
    }

    @Test
    void aPipelinedBatchGivesTheSameSeveralCapturesWholeAsByteByByte() {
        String first = "HTTP/1.1 200 OK\r\nX-Token: t1\r\nContent-Type: text/plain\r\nx-token: t2\r\n"
                + LONG_NAME.toUpperCase(Locale.ROOT) + ":  long value \r\nContent-Length: 2\r\n\r\nok";
        String second = "HTTP/1.1 200 OK\r\nETag: \"x\"\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";
        byte[] batch = (first + second).getBytes(StandardCharsets.ISO_8859_1);
        List<String> expected = List.of(
                "200 keep 2 6f6b v11 cl2 reason2 x-token=t1 content-type=text/pla(cut) content-length=2 connection- "
                        + "etag- " + LONG_NAME + "=long val(cut)",
                "200 close 0  v11 cl0 reason2 x-token- content-type- content-length=0 connection=close etag=\"x\" "
                        + LONG_NAME + "-");
        for (boolean direct : new boolean[] {false, true}) {
            assertThat(parse(batch, Http1ResponseLimits.DEFAULT, SEVERAL, direct, batch.length))
                    .isEqualTo(expected);
            assertThat(parse(batch, Http1ResponseLimits.DEFAULT, SEVERAL, direct, 1))
                    .isEqualTo(expected);
        }
    }

    @Test
    void skippingAFieldValueStopsAtTheFirstByteAValueMayNotHold() {
        SplittableRandom rnd = new SplittableRandom(5);
        byte[] pool = {'a', ' ', '\t', 0x7F, (byte) 0x80, (byte) 0xFF, 0x1F, 0x20, '\r', '\n', 0, 0x7E};
        for (int n = 0; n < 2000; n++) {
            byte[] a = new byte[rnd.nextInt(40)];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextInt(4) == 0 ? pool[rnd.nextInt(pool.length)] : (byte) ('a' + rnd.nextInt(26));
            }
            int from = a.length == 0 ? 0 : rnd.nextInt(a.length);
            int expected = from;
            while (expected < a.length && Ascii.isFieldValueByte(a[expected])) {
                expected++;
            }
            assertThat(Ascii.skipFieldValue(a, from, a.length))
                    .as(ByteBufUtil.hexDump(a))
                    .isEqualTo(expected);
        }
    }

    private static byte[] generated(SplittableRandom rnd) {
        return generated(rnd, new String[] {
            "Content-Length",
            "content-length",
            "Transfer-Encoding",
            "connection",
            "CONNECTION",
            "date",
            "x-content-length",
            "content-lengths",
            "server",
            "content-type",
            "keep-alive"
        });
    }

    /** A response whose head mixes {@code names}, interpreted (in any case, valid or not) or not, with values. */
    private static byte[] generated(SplittableRandom rnd, String[] names) {
        StringBuilder sb = new StringBuilder();
        String[] codes = {"200", "204", "304", "101", "100", "404", "599"};
        sb.append("HTTP/1.").append(rnd.nextInt(3)).append(' ').append(codes[rnd.nextInt(codes.length)]);
        if (rnd.nextBoolean()) {
            sb.append(" Reason ".repeat(rnd.nextInt(12)));
        }
        sb.append("\r\n");
        String[] values = {
            "2",
            " 2 ",
            "02",
            "",
            "chunked",
            "gzip, chunked",
            "chunked, gzip",
            "close",
            "keep-alive, close",
            "Keep-Alive",
            "text/plain",
            "1 2",
            "\t3",
            "a longer value than eight bytes",
            "1234567  89 "
        };
        int n = rnd.nextInt(6);
        boolean chunkedBody = false;
        for (int k = 0; k < n; k++) {
            String name = names[rnd.nextInt(names.length)];
            String value = values[rnd.nextInt(values.length)];
            chunkedBody |= value.endsWith("chunked");
            sb.append(name)
                    .append(':')
                    .append(rnd.nextBoolean() ? " " : "")
                    .append(value)
                    .append("\r\n");
        }
        sb.append("\r\n");
        sb.append(chunkedBody ? "2\r\nok\r\n0\r\n\r\n" : "ok");
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void same(byte[] input) {
        for (Http1ResponseLimits limits : LIMITS) {
            for (List<String> captures : Arrays.asList(null, SEVERAL)) {
                List<String> byteByByte = parse(input, limits, captures, false, 1);
                assertThat(parse(input, limits, captures, false, Math.max(1, input.length)))
                        .as("heap, whole: %s", ByteBufUtil.hexDump(input))
                        .isEqualTo(byteByByte);
                assertThat(parse(input, limits, captures, true, Math.max(1, input.length)))
                        .as("direct, whole: %s", ByteBufUtil.hexDump(input))
                        .isEqualTo(byteByByte);
            }
        }
    }

    private static List<String> parse(byte[] input, Http1ResponseLimits limits, boolean direct, int piece) {
        return parse(input, limits, null, direct, piece);
    }

    /**
     * Every response of {@code input} fed {@code piece} bytes at a time, then the close; a last "error: ...". With
     * {@code captures} null, content-type is captured alone ({@code captureHeader}), else those names.
     */
    private static List<String> parse(
            byte[] input, Http1ResponseLimits limits, List<String> captures, boolean direct, int piece) {
        Http1ResponseParser p = new Http1ResponseParser(limits);
        if (captures == null) {
            p.captureHeader("content-type", 8);
        } else {
            p.captureHeaders(captures, 8);
        }
        List<String> out = new ArrayList<>();
        ByteBuf in = direct ? Unpooled.directBuffer() : Unpooled.buffer();
        ByteBuf body = Unpooled.buffer();
        p.bufferBodyInto(body);
        try {
            for (int from = 0; from < input.length; from += piece) {
                in.writeBytes(input, from, Math.min(piece, input.length - from));
                while (p.parse(in) == Http1ResponseParser.RESPONSE_COMPLETE) {
                    out.add(summary(p, body, captures));
                }
                in.discardReadBytes();
            }
            if (p.endOfInput()) {
                out.add(summary(p, body, captures));
            }
        } catch (Http1Exception e) {
            out.add("error: " + e.getMessage());
        } finally {
            in.release();
            body.release();
        }
        return out;
    }

    private static String summary(Http1ResponseParser p, ByteBuf body, List<String> captures) {
        String s = p.status() + (p.keepAlive() ? " keep " : " close ") + p.bodyLength() + " "
                + ByteBufUtil.hexDump(body) + " v" + p.version() + " cl" + p.contentLength()
                + (p.chunked() ? " chunked" : "") + " reason" + p.reasonLength()
                + (p.interimResponses() > 0 ? " interim" + p.interimResponses() : "")
                + (captures != null ? Http1ResponseCaptureTest.captures(p, captures) : "")
                + (captures == null && p.headerValueLength() >= 0 ? " ct=" + p.headerValueAsString() : "")
                + (captures == null && p.headerValueTruncated() ? "(cut)" : "");
        body.clear();
        return s;
    }
}
