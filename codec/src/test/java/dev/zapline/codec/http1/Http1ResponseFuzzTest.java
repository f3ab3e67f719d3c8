package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Jazzer fuzz target for {@link Http1ResponseParser}: any bytes, as everything a connection delivers, give a
 * sequence of responses ending in an {@link Http1Exception} or not; any other exception, or a hang, is a bug. The
 * responses must not depend on how the input is split. Runs its regression inputs
 * ({@code Http1ResponseFuzzTestInputs/}) in every build; fuzz with
 * {@code JAZZER_FUZZ=1 ./mvnw -B verify -pl wire,codec -Dtest=Http1ResponseFuzzTest}.
 */
class Http1ResponseFuzzTest {

    /** Small limits, so that fuzzing reaches every limit check. */
    private static final Http1ResponseLimits SMALL = new Http1ResponseLimits(24, 128, 64, 16);

    @FuzzTest(maxDuration = "6m")
    void readsAnyResponsesOrRefusesWithHttp1Exception(byte[] input) {
        int split = input.length == 0 ? 0 : (input[input.length - 1] & 0xFF) % input.length;
        // The first byte says which of the first eight responses answer HEAD requests.
        boolean[] heads = new boolean[8];
        for (int i = 0; i < heads.length && input.length > 0; i++) {
            heads[i] = (input[0] >> i & 1) != 0;
        }
        for (Http1ResponseLimits limits : new Http1ResponseLimits[] {Http1ResponseLimits.DEFAULT, SMALL}) {
            var whole = OurResponseSide.parseAll(input, limits, heads);
            assertThat(OurResponseSide.parseAll(input, limits, heads, split))
                    .as("split at %d", split)
                    .isEqualTo(whole);
        }
    }
}
