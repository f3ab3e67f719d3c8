package dev.zapline.wire.snippets;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The snippets that state a value in a comment say the truth (the others are only compiled). */
class WireSnippetsTest {

    @Test
    void layoutExampleIsThirtyTwoBytesEitherWay() {
        assertThat(new WireSnippets().layout()).isEqualTo(32);
    }

    @Test
    void builderExampleWritesTheEthResponseSize() {
        assertThat(new WireSnippets().builder()).isEqualTo(80);
    }
}
