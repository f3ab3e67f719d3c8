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
 * Our parser against Netty's {@code HttpRequestDecoder} on the hand-written corpus and on seeded random mutations
 * of its valid requests: both accept the same request (method, target, version, headers in order, body), both
 * reject, or both wait for more bytes, unless the difference is one of the documented {@link Divergence}s.
 */
class Http1DifferentialTest {

    private static final int MUTATIONS_PER_SEED = 500;
    private static final AtomicInteger AGREED = new AtomicInteger();
    private static final Map<Divergence, AtomicInteger> DIVERGED = new EnumMap<>(Divergence.class);

    static {
        for (Divergence d : Divergence.values()) {
            DIVERGED.put(d, new AtomicInteger());
        }
    }

    static Iterable<Corpus.Case> corpus() {
        return Corpus.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void corpusRequestAgreesWithNettyOrDivergesForADocumentedReason(Corpus.Case c) {
        compare(c.bytes());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void mutatedRequestsAgreeWithNettyOrDivergeForADocumentedReason(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        var valid = Corpus.valid();
        for (int i = 0; i < MUTATIONS_PER_SEED; i++) {
            compare(Mutator.mutate(valid.get(rnd.nextInt(valid.size())).bytes(), rnd));
        }
    }

    private static void compare(byte[] input) {
        Outcome ours = OurSide.parse(input);
        Outcome netty = NettySide.parse(input);
        if (Divergence.agree(ours, netty)) {
            AGREED.incrementAndGet();
            return;
        }
        Divergence why = Divergence.classify(input, ours, netty);
        assertThat(why)
                .as("unexplained divergence on %s%n  ours:  %s%n  netty: %s", Bytes.escape(input), ours, netty)
                .isNotNull();
        DIVERGED.get(why).incrementAndGet();
    }

    @AfterAll
    static void report() {
        StringBuilder s = new StringBuilder("differential vs Netty: agreed ").append(AGREED.get());
        DIVERGED.forEach((d, n) -> s.append(", ").append(d).append(' ').append(n.get()));
        System.out.println(s);
    }
}
