package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several captured header fields ({@link Http1ResponseParser#captureHeaders}): exact values whatever the case of
 * the name, the first of duplicate fields, absent and cut values, folded lines, 1xx responses and keep-alive
 * responses that must not leak into the next one, the same answers at every split of the input, and the set-up's
 * refusals.
 */
class Http1ResponseCaptureTest {

    private static final List<String> NAMES =
            List.of("X-Token", "content-type", "Content-Length", "etag", "connection");

    /** Interim, then four responses on one connection: captures appear, repeat, vanish, are cut, and are not. */
    private static final String CONVERSATION = "HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\nX-Token: early\r\n"
            + "ETag: \"e0\"\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Type:  application/json \r\nx-token: \tabc123\t\r\n"
            + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\ncontent-length: 2\r\nX-TOKEN: second\r\n"
            + "Connection: keep-alive\r\n\r\n{}"
            + "HTTP/1.1 204 No Content\r\nServer: z\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nX-Token: 0123456789abcdefXYZ\r\nETag:\r\nContent-Length: 0\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nX-Token: t\r\nContent-Type: a\r\nContent-Length: 1\r\n\r\n.";

    private static final List<String> EXPECTED = List.of(
            "200 x-token=abc123 content-type=application/json content-length=2 etag- connection=keep-alive",
            "204 x-token- content-type- content-length- etag- connection-",
            "200 x-token=0123456789abcdef(cut) content-type=text/plain; char(cut) content-length=0 etag= "
                    + "connection-",
            "200 x-token=t content-type=a content-length=1 etag- connection-");

    @Test
    void capturesTheFirstValueOfEachNameWithoutWhitespace() {
        assertThat(read(parser(), NAMES, ascii(CONVERSATION), false)).isEqualTo(EXPECTED);
    }

    @Test
    void givesTheSameCapturesOneByteAtATimeAndAtEverySplitPoint() {
        byte[] in = ascii(CONVERSATION);
        assertThat(read(parser(), NAMES, in, false, Http1SmugglingTest.cutsEveryByte(in.length)))
                .isEqualTo(EXPECTED);
        for (int split = 1; split < in.length; split++) {
            assertThat(read(parser(), NAMES, in, false, split))
                    .as("split at %d", split)
                    .isEqualTo(EXPECTED);
            assertThat(read(parser(), NAMES, in, true, split))
                    .as("direct, split at %d", split)
                    .isEqualTo(EXPECTED);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {31, 32, 33, 34})
    void givesTheSameCapturesInRandomPiecesOnOneParser(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] in = ascii(CONVERSATION);
        Http1ResponseParser p = parser();
        for (int round = 0; round < 300; round++) {
            p.reset();
            int[] cuts = Http1ResponseParserTest.randomCuts(in.length, rnd);
            assertThat(read(p, NAMES, in, rnd.nextBoolean(), cuts))
                    .as("cuts %s", Arrays.toString(cuts))
                    .isEqualTo(EXPECTED);
        }
    }

    @Test
    void valuesAreCutAfterTheLimitWithoutTrailingWhitespace() {
        List<String> names = List.of("a", "b", "c", "d", "e");
        Http1ResponseParser p = new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeaders(names, 4);
        String head = "a: abcdef\r\nb: abcd   \r\nc: ab  cd\r\nd:    abcd\r\ne: ab\r\n";
        List<String> expected = List.of("204 a=abcd(cut) b=abcd c=ab(cut) d=abcd e=ab");
        assertThat(read(p, names, ascii("HTTP/1.1 204 No Content\r\n" + head + "\r\n"), false))
                .isEqualTo(expected);
        assertThat(read(p, names, ascii("HTTP/1.1 204 No Content\r\n" + head + "\r\n"), false, 3, 17, 30))
                .isEqualTo(expected);
        assertThat(p.headerValueBytes(0)).hasSize(4);
        assertThat(p.headerValueBytes(2)).startsWith(ascii("ab  "));
    }

    @Test
    void foldedLinesJoinWithSpacesAndLeadingFoldsAreWhitespace() {
        List<String> names = List.of("x-a", "x-b", "x-c");
        Http1ResponseParser p = new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeaders(names, 32);
        byte[] in = ascii("HTTP/1.1 200 OK\r\nX-A: a\r\n  b\r\n\tc\r\nX-Other: o\r\n p\r\nX-B:\r\n  v\r\n"
                + "X-C: 1\r\nX-C: 2\r\n 3\r\nContent-Length: 0\r\n\r\n");
        List<String> expected = List.of("200 x-a=a  b c x-b=v x-c=1");
        assertThat(read(p, names, in, false)).isEqualTo(expected);
        assertThat(read(p, names, in, true, Http1SmugglingTest.cutsEveryByte(in.length)))
                .isEqualTo(expected);
    }

    @Test
    void interimResponsesDoNotLeakIntoTheFinalOne() {
        Http1ResponseParser p = parser();
        byte[] in = ascii("HTTP/1.1 100 Continue\r\nX-Token: from-100\r\nConnection: x\r\n\r\n"
                + "HTTP/1.1 103 Early Hints\r\nETag: e\r\nx-token: from-103\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nX-Token: final\r\nContent-Length: 0\r\n\r\n");
        List<String> expected = List.of("200 x-token=final content-type- content-length=0 etag- connection-");
        assertThat(read(p, NAMES, in, false)).isEqualTo(expected);
        readOne(p, in);
        assertThat(p.interimResponses()).isEqualTo(2);
        assertThat(read(p, NAMES, in, false, Http1SmugglingTest.cutsEveryByte(in.length)))
                .isEqualTo(expected);
    }

    @Test
    void capturesANameOfEveryLengthAmongTheMostNamesAllowed() {
        List<String> names = new ArrayList<>();
        for (int k = 0; k < 60; k++) {
            names.add("x-" + k);
        }
        String longName = "x-" + "long".repeat(20);
        names.add(longName.toUpperCase(Locale.ROOT));
        Http1ResponseParser p = new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeaders(names, 8);
        assertThat(p.capturedCount()).isEqualTo(61);
        byte[] in = ascii("HTTP/1.1 200 OK\r\nX-0: zero\r\nx-59: last\r\nx-7: seven\r\n" + longName + ": long\r\n"
                + longName + "s: not\r\nContent-Length: 0\r\n\r\n");
        for (int[] cuts : new int[][] {{}, Http1SmugglingTest.cutsEveryByte(in.length)}) {
            readOne(p, in, cuts);
            assertThat(p.headerValueAsString(0)).isEqualTo("zero");
            assertThat(p.headerValueAsString(7)).isEqualTo("seven");
            assertThat(p.headerValueAsString(59)).isEqualTo("last");
            assertThat(p.headerValueAsString(60)).isEqualTo("long");
            assertThat(p.headerValueLength(1)).isEqualTo(-1);
            assertThat(p.headerValueLength(58)).isEqualTo(-1);
        }
    }

    @Test
    void capturingAFramingFieldLeavesTheFramingAlone() {
        List<String> names = List.of("transfer-encoding", "content-length");
        Http1ResponseParser p = new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeaders(names, 16);
        byte[] in = ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc");
        assertThat(read(p, names, in, false))
                .containsExactly(
                        "200 transfer-encoding=gzip, chunked content-length-",
                        "200 transfer-encoding- content-length=3");
        readOne(p, in);
        assertThat(p.bodyLength()).isEqualTo(2);
        assertThat(p.headerValueAsString(0)).isEqualTo("gzip, chunked");
    }

    @Test
    void theSingleCaptureIsCaptureZero() {
        Http1ResponseParser p = new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeader("ETag", 8);
        assertThat(p.capturedCount()).isEqualTo(1);
        readOne(p, ascii("HTTP/1.1 204 No Content\r\nETag: \"v1\"\r\n\r\n"));
        assertThat(p.headerValueAsString(0)).isEqualTo("\"v1\"");
        assertThat(p.headerValueLength()).isEqualTo(4);
        p.captureHeaders(List.of("date", "etag"), 8);
        readOne(p, ascii("HTTP/1.1 204 No Content\r\nETag: \"v2\"\r\n\r\n"));
        assertThat(p.headerValueLength()).isEqualTo(-1);
        assertThat(p.headerValueAsString(1)).isEqualTo("\"v2\"");
        p.captureHeaders(List.of(), 8);
        assertThat(p.capturedCount()).isZero();
        assertThat(p.headerValueLength()).isEqualTo(-1);
        assertThat(p.headerValueTruncated()).isFalse();
        assertThat(p.headerValueAsString()).isNull();
    }

    @Test
    void refusesNamesThatCanNeverMatchAndIndexesOutOfRange() {
        Http1ResponseParser p = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
        assertThatThrownBy(() -> p.captureHeaders(List.of("x-a", "X-A"), 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("header name 'X-A' asked for twice");
        for (String bad : new String[] {"", "x a", "x:", "caf\u00e9", "\u212Aeep-alive"}) {
            assertThatThrownBy(() -> p.captureHeaders(List.of("ok", bad), 8))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("header name '" + bad + "' is not a token");
        }
        assertThatThrownBy(() -> p.captureHeaders(List.of("x"), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max value bytes 0, at least 1");
        List<String> many = new ArrayList<>();
        for (int k = 0; k < 62; k++) {
            many.add("x-" + k);
        }
        assertThatThrownBy(() -> p.captureHeaders(many, 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("62 header names, at most 61");
        assertThat(p.capturedCount()).isZero();
        p.captureHeaders(List.of("a", "b"), 8);
        assertThatThrownBy(() -> p.headerValueLength(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> p.headerValueBytes(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> p.headerValueTruncated(2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    private static Http1ResponseParser parser() {
        return new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeaders(NAMES, 16);
    }

    /**
     * Each final response of {@code input} cut at {@code cuts}: its status, then every capture in order, under the
     * name it was asked for with, lower-cased.
     */
    static List<String> read(Http1ResponseParser p, List<String> names, byte[] input, boolean direct, int... cuts) {
        List<String> out = new ArrayList<>();
        ByteBuf in = direct ? Unpooled.directBuffer() : Unpooled.buffer();
        try {
            int from = 0;
            for (int k = 0; k <= cuts.length; k++) {
                int to = k < cuts.length ? cuts[k] : input.length;
                in.writeBytes(input, from, to - from);
                from = to;
                while (p.parse(in) == Http1ResponseParser.RESPONSE_COMPLETE) {
                    out.add(p.status() + captures(p, names));
                }
                in.discardReadBytes();
            }
        } finally {
            in.release();
        }
        return out;
    }

    /** Reads the first final response of {@code input}, cut at {@code cuts}; its fields can then be looked at. */
    private static void readOne(Http1ResponseParser p, byte[] input, int... cuts) {
        p.reset();
        ByteBuf in = Unpooled.buffer();
        try {
            int from = 0;
            for (int k = 0; k <= cuts.length; k++) {
                int to = k < cuts.length ? cuts[k] : input.length;
                in.writeBytes(input, from, to - from);
                from = to;
                if (p.parse(in) == Http1ResponseParser.RESPONSE_COMPLETE) {
                    return;
                }
            }
            throw new AssertionError("no response in " + new String(input, StandardCharsets.ISO_8859_1));
        } finally {
            in.release();
        }
    }

    /** " name=value" per capture (with "(cut)" when truncated), " name-" when absent; the names as configured. */
    static String captures(Http1ResponseParser p, List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < p.capturedCount(); k++) {
            int n = p.headerValueLength(k);
            sb.append(' ').append(names.get(k).toLowerCase(Locale.ROOT));
            if (n < 0) {
                assertThat(p.headerValueTruncated(k)).isFalse();
                sb.append('-');
            } else {
                sb.append('=').append(new String(p.headerValueBytes(k), 0, n, StandardCharsets.ISO_8859_1));
                sb.append(p.headerValueTruncated(k) ? "(cut)" : "");
            }
        }
        return sb.toString();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
