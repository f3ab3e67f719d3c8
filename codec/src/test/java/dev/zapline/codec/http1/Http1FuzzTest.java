package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Jazzer fuzz target for the head parser and the chunked decoder: any bytes either give a request or an
 * {@link Http1Exception}; any other exception, or a hang, is a bug. The outcome must not depend on how the input
 * is split. Runs its regression inputs ({@code Http1FuzzTestInputs/}) in every build; fuzz with
 * {@code JAZZER_FUZZ=1 ./mvnw -B verify -pl wire,codec -Dtest=Http1FuzzTest}.
 */
class Http1FuzzTest {

    /** Small limits, so that fuzzing reaches every limit check. */
    private static final Http1Limits SMALL = new Http1Limits(64, 256, 8, 1024, 32);

    @FuzzTest(maxDuration = "6m")
    void parsesAnyInputOrRefusesWithHttp1Exception(byte[] input) {
        for (Http1Limits limits : new Http1Limits[] {Http1Limits.DEFAULT, SMALL}) {
            Outcome whole = OurSide.parse(input, limits);
            int split = input.length == 0 ? 0 : (input[input.length - 1] & 0xFF) % input.length;
            assertThat(OurSide.parse(input, limits, split))
                    .as("split at %d", split)
                    .isEqualTo(whole);
        }
    }
}
