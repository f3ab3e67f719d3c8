package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The run's request path primed against a responder in the process, the target untouched ({@link Primer}). */
class PrimerTest {

    private static LoadPlan open(int rate) {
        return LoadPlan.open(Stages.constant(rate, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 4, 2);
    }

    @Test
    void primingAnswersEveryRequestInTheProcessAndTheTargetSeesNone() throws Exception {
        try (Target t = new Target(2)) {
            Client client = t.http("/hit/primed");
            Primer.Primed p = Primer.run(open(1000), client, t.loops, 400);
            assertThat(p).isNotNull();
            assertThat(p.requests()).isBetween(800L, 400L * Primer.MAX_ROUNDS).isEqualTo(p.answered());
            assertThat(p.requests() % 400).isZero();
            assertThat(p.nanos()).isPositive();
            assertThat(p.describe()).contains(String.format(java.util.Locale.ROOT, "%,d requests", p.requests()));
            assertThat(t.hits("GET primed 0")).isZero();
            // the run after it is the plan's own, to the target
            Tally tally = Runs.run(open(1000), client, t.loops.group(), 20);
            assertThat(tally.count(dev.zapline.load.metrics.Outcome.SUCCESS)).isEqualTo(1000);
            assertThat(t.hits("GET primed 0")).isEqualTo(1000);
        }
    }

    @Test
    void nothingIsPrimedForZeroRequestsAClosedPlanOrAClientThatCannot() throws Exception {
        try (Target t = new Target(1)) {
            assertThat(Primer.run(open(1000), t.http("/health"), t.loops, 0)).isNull();
            LoadPlan closed = LoadPlan.closed(2, 1_000_000_000L, 2, 1);
            assertThat(Primer.run(closed, t.http("/health"), t.loops, 100)).isNull();
            assertThat(t.zap("/health").primes()).isFalse();
            assertThat(Primer.run(open(1000), t.zap("/health"), t.loops, 100)).isNull();
        }
    }

    /** Requests with and without bodies, pipelined, arriving in pieces cut anywhere: one answer per request. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void theResponderAnswersEachRequestHoweverItsBytesArrive(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int requests = 1 + random.nextInt(40);
        for (int i = 0; i < requests; i++) {
            byte[] body = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(300)];
            String header = random.nextBoolean() ? "Content-Length" : "content-LENGTH";
            List<Map.Entry<String, String>> headers =
                    body.length == 0 ? List.of() : List.of(Map.entry("X-Pad", "a".repeat(random.nextInt(100))));
            byte[] r = body.length == 0
                    ? HttpLoadClient.encode("GET", "h:1", "/" + i, headers, body)
                    : new String(
                                    HttpLoadClient.encode("POST", "h:1", "/" + i, headers, body),
                                    StandardCharsets.ISO_8859_1)
                            .replace("Content-Length", header)
                            .getBytes(StandardCharsets.ISO_8859_1);
            all.writeBytes(r);
        }
        byte[] bytes = all.toByteArray();
        EmbeddedChannel ch = new EmbeddedChannel(new Primer.Responder());
        int at = 0;
        while (at < bytes.length) {
            int n = Math.min(bytes.length - at, 1 + random.nextInt(200));
            ch.writeInbound(Unpooled.copiedBuffer(bytes, at, n));
            at += n;
        }
        int answers = 0;
        for (ByteBuf out; (out = ch.readOutbound()) != null; ) {
            String s = out.toString(StandardCharsets.US_ASCII);
            assertThat(s).startsWith("HTTP/1.1 200 OK\r\n");
            answers++;
            out.release();
        }
        assertThat(answers).isEqualTo(requests);
        assertThat(ch.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aHeaderBlockWithoutEndClosesTheConnection() {
        EmbeddedChannel ch = new EmbeddedChannel(new Primer.Responder());
        ch.writeInbound(Unpooled.copiedBuffer(new byte[70_000]));
        assertThat(ch.isOpen()).isFalse();
        assertThat((Object) ch.readOutbound()).isNull();
        ch.finishAndReleaseAll();
    }

    @Test
    void theContentLengthIsReadWhateverItsCase() {
        assertThat(Primer.Responder.contentLength("GET / HTTP/1.1\r\nHost: h\r\n\r\n"))
                .isZero();
        assertThat(Primer.Responder.contentLength("POST / HTTP/1.1\r\nCONTENT-length:  12 \r\n\r\n"))
                .isEqualTo(12);
        assertThat(Primer.Responder.contentLength("POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n"))
                .isZero();
        assertThat(Primer.Responder.contentLength("POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\n"))
                .isZero();
    }
}
