package dev.zapline.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TlsVersionsTest {

    @Test
    void defaultIsTls13Only() {
        assertThat(TlsVersions.DEFAULT).containsExactly("TLSv1.3");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "TLSv1.3          | TLSv1.3",
                "tlsv1.2          | TLSv1.2",
                "TLSv1.3,TLSv1.2  | TLSv1.3,TLSv1.2",
                "1.3:1.2          | TLSv1.3,TLSv1.2",
                "1.3:TLSv1.3      | TLSv1.3",
            })
    void parsesVersions(String text, String expected) {
        assertThat(TlsVersions.parse(text)).containsExactly(expected.split(","));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.1", "TLSv1", "SSLv3", "1.4", "", ","})
    void rejectsOtherVersionsAndEmptyLists(String text) {
        assertThatThrownBy(() -> TlsVersions.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }
}
