package dev.zapline.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TlsGroupsTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "X25519MLKEM768:X25519     | X25519MLKEM768,X25519",
                "X25519MLKEM768,X25519     | X25519MLKEM768,X25519",
                "x25519                    | X25519",
                "x25519mlkem768            | X25519MLKEM768",
                "' X25519 : P-256 '        | X25519,P-256",
                "secp256r1:secp384r1       | P-256,P-384",
                "secp521r1                 | P-521",
                "prime256v1                | P-256",
                "P-384:P-384:X25519        | P-384,X25519",
                "X25519::P-256,            | X25519,P-256",
            })
    void parsesColonOrCommaListsIntoCanonicalNamesInOrder(String text, String expected) {
        assertThat(TlsGroups.parse(text)).containsExactly(expected.split(","));
    }

    @ParameterizedTest
    @ValueSource(strings = {"X448", "ffdhe2048", "X25519Kyber768Draft00", "P-224", "X25519:nope"})
    void rejectsUnknownNamesListingTheKnownOnes(String text) {
        assertThatThrownBy(() -> TlsGroups.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown key-exchange group")
                .hasMessageContaining("X25519MLKEM768, X25519, P-256, P-384, P-521");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", ":", ",,"})
    void rejectsAnEmptyList(String text) {
        assertThatThrownBy(() -> TlsGroups.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no key-exchange group");
    }

    @Test
    void defaultPutsTheHybridGroupFirstThenX25519() {
        assertThat(TlsGroups.DEFAULT).containsExactly("X25519MLKEM768", "X25519");
    }

    @Test
    void underTheJdkTheHybridGroupIsDroppedAndJsseNamesAreUsed() {
        assertThat(TlsGroups.effective(
                        List.of("X25519MLKEM768", "X25519", "P-256", "secp384r1", "P-521"), TlsProvider.JDK))
                .containsExactly("x25519", "secp256r1", "secp384r1", "secp521r1");
    }

    @Test
    void underTheJdkOnlyTheHybridGroupLeavesNothingAndFailsSayingWhy() {
        assertThatThrownBy(() -> TlsGroups.effective(List.of("X25519MLKEM768"), TlsProvider.JDK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("none is available")
                .hasMessageContaining("no post-quantum hybrid group");
    }

    @Test
    void underOpenSslWithTheHybridGroupNamesStayCanonical() {
        assertThat(TlsProvider.OPENSSL.hasHybridGroup())
                .as("BoringSSL from netty-tcnative loads here")
                .isTrue();
        assertThat(TlsGroups.effective(List.of("X25519MLKEM768", "x25519", "secp256r1"), TlsProvider.OPENSSL))
                .containsExactly("X25519MLKEM768", "X25519", "P-256");
    }
}
