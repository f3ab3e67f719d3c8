package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Http1ResponseParser} against Netty's {@code HttpResponseDecoder} on the hand-written response corpus and
 * on seeded random mutations of its valid responses: both read the same first response (status, version,
 * keep-alive, interim responses skipped, body), both reject, or both find no response, unless the difference is
 * one of the documented {@link ResponseDivergence}s.
 */
class Http1ResponseDifferentialTest {

    private static final int MUTATIONS_PER_SEED = 500;
    private static final AtomicInteger AGREED = new AtomicInteger();
    private static final Map<ResponseDivergence, AtomicInteger> DIVERGED = new EnumMap<>(ResponseDivergence.class);

    static {
        for (ResponseDivergence d : ResponseDivergence.values()) {
            DIVERGED.put(d, new AtomicInteger());
        }
    }

    static Iterable<ResponseCorpus.Case> corpus() {
        return ResponseCorpus.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void corpusResponseAgreesWithNettyOrDivergesForADocumentedReason(ResponseCorpus.Case c) {
        compare(c.bytes());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void mutatedResponsesAgreeWithNettyOrDivergeForADocumentedReason(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        var valid = ResponseCorpus.valid();
        for (int i = 0; i < MUTATIONS_PER_SEED; i++) {
            compare(Mutator.mutate(valid.get(rnd.nextInt(valid.size())).bytes(), rnd));
        }
    }

    private static void compare(byte[] input) {
        Outcome ours = OurResponseSide.parse(input);
        Outcome netty = NettyResponseSide.parse(input);
        if (ResponseDivergence.agree(ours, netty)) {
            AGREED.incrementAndGet();
            return;
        }
        ResponseDivergence why = ResponseDivergence.classify(input, ours, netty);
        assertThat(why)
                .as("unexplained divergence on %s%n  ours:  %s%n  netty: %s", Bytes.escape(input), ours, netty)
                .isNotNull();
        DIVERGED.get(why).incrementAndGet();
    }

    @AfterAll
    static void report() {
        StringBuilder s = new StringBuilder("response differential vs Netty: agreed ").append(AGREED.get());
        DIVERGED.forEach((d, n) -> s.append(", ").append(d).append(' ').append(n.get()));
        System.out.println(s);
    }
}
