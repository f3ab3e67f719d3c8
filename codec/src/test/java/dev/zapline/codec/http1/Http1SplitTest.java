package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Input arrives in arbitrary pieces: every corpus request gives its expected outcome whole, fed one byte at a time,
 * and split in two at every point; chunked bodies decode the same way through {@link ChunkedDecoder} alone.
 */
class Http1SplitTest {

    static Iterable<Corpus.Case> corpus() {
        return Corpus.all();
    }

    static Iterable<Corpus.Case> chunked() {
        return Corpus.valid().stream()
                .filter(c -> new String(c.bytes(), 0, c.bytes().length, java.nio.charset.StandardCharsets.ISO_8859_1)
                        .contains("Transfer-Encoding"))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void givesTheExpectedOutcomeWhole(Corpus.Case c) {
        Outcome whole = OurSide.parse(c.bytes());
        if (c.valid()) {
            assertThat(whole.kind()).as(whole.toString()).isEqualTo(Outcome.Kind.ACCEPT);
        } else {
            assertThat(whole.kind()).as(whole.toString()).isEqualTo(Outcome.Kind.REJECT);
            assertThat(whole.status()).as(whole.toString()).isEqualTo(c.status());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void givesTheSameOutcomeOneByteAtATimeAndAtEverySplitPoint(Corpus.Case c) {
        byte[] in = c.bytes();
        Outcome whole = OurSide.parse(in);
        assertThat(OurSide.parse(in, Http1Limits.DEFAULT, Http1SmugglingTest.cutsEveryByte(in.length)))
                .as("one byte at a time")
                .isEqualTo(whole);
        for (int split = 1; split < in.length; split++) {
            assertThat(OurSide.parse(in, Http1Limits.DEFAULT, split))
                    .as("split at %d", split)
                    .isEqualTo(whole);
        }
    }

    /**
     * A head that arrives whole is parsed in one pass ({@link WholeHeadParser}), in pieces by the state machine:
     * both must give the same outcome, error message included, for mutated heads too.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13, 14})
    void mutatedRequestsGiveTheSameOutcomeWholeAsOneByteAtATime(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        var valid = Corpus.valid();
        for (int i = 0; i < 1000; i++) {
            byte[] in = Mutator.mutate(valid.get(rnd.nextInt(valid.size())).bytes(), rnd);
            assertThat(OurSide.parse(in, Http1Limits.DEFAULT, Http1SmugglingTest.cutsEveryByte(in.length)))
                    .as("%s", new String(in, StandardCharsets.ISO_8859_1))
                    .isEqualTo(OurSide.parse(in));
        }
    }

    /** Every byte class at every offset of a target and of a field value (the eight-byte searches' edges). */
    @ParameterizedTest(name = "0x{0}")
    @ValueSource(strings = {"00", "09", "0d", "1f", "20", "21", "3f", "7e", "7f", "80", "ff"})
    void givesTheSameOutcomeWholeAsOneByteAtATimeForAnyByteAnywhere(String hex) {
        byte b = (byte) Integer.parseInt(hex, 16);
        for (int len = 1; len <= 20; len++) {
            for (int at = 0; at < len; at++) {
                byte[] run = new byte[len];
                Arrays.fill(run, (byte) 'a');
                run[at] = b;
                String r = new String(run, StandardCharsets.ISO_8859_1);
                for (String head : new String[] {
                    "GET /" + r + " HTTP/1.1\r\nHost: h\r\n\r\n",
                    "GET /?" + r + "?x HTTP/1.1\r\nHost: h\r\n\r\n",
                    "GET / HTTP/1.1\r\nHost: h\r\nX-V: " + r + "\r\n\r\n",
                    "GET / HTTP/1.1\r\nHost: h\r\nX-V:" + r + " \t\r\nX-W: 1\r\n\r\n"
                }) {
                    byte[] in = head.getBytes(StandardCharsets.ISO_8859_1);
                    assertThat(OurSide.parse(in, Http1Limits.DEFAULT, Http1SmugglingTest.cutsEveryByte(in.length)))
                            .as("%s", head)
                            .isEqualTo(OurSide.parse(in));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("chunked")
    void decodesAChunkedBodyTheSameAtEverySplitPointAndLeavesWhatFollows(Corpus.Case c) {
        byte[] in = c.bytes();
        int bodyStart = indexOfHeadEnd(in);
        byte[] body = Arrays.copyOfRange(in, bodyStart, in.length);
        byte[] next = {'N', 'E', 'X', 'T'};
        byte[] withNext = Arrays.copyOf(body, body.length + next.length);
        System.arraycopy(next, 0, withNext, body.length, next.length);
        String expected = decode(withNext, withNext.length);
        for (int split = 0; split <= withNext.length; split++) {
            assertThat(decode(withNext, split)).as("split at %d", split).isEqualTo(expected);
        }
        assertThat(expected).endsWith("|NEXT");
    }

    /** Decodes {@code bytes} given in two pieces cut at {@code split}; returns "data|what is left". */
    private static String decode(byte[] bytes, int split) {
        ChunkedDecoder d = new ChunkedDecoder(Http1Limits.DEFAULT);
        ByteBuf in = Unpooled.buffer();
        ByteBuf out = Unpooled.buffer();
        try {
            in.writeBytes(bytes, 0, split);
            boolean done = d.decode(in, out);
            if (!done) {
                in.writeBytes(bytes, split, bytes.length - split);
                done = d.decode(in, out);
            } else {
                in.writeBytes(bytes, split, bytes.length - split);
            }
            assertThat(done).isTrue();
            return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1) + "|"
                    + in.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        } finally {
            in.release();
            out.release();
        }
    }

    private static int indexOfHeadEnd(byte[] in) {
        for (int i = 3; i < in.length; i++) {
            if (in[i - 3] == '\r' && in[i - 2] == '\n' && in[i - 1] == '\r' && in[i] == '\n') {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no end of head");
    }
}
