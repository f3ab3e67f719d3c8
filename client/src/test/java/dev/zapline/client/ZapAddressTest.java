package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ZapAddressTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "127.0.0.1:8080     | 127.0.0.1:8080",
                "localhost:1        | localhost:1",
                "[::1]:9000         | [::1]:9000",
                "/run/zap.sock      | unix:/run/zap.sock",
                "./zap.sock         | unix:./zap.sock",
                "unix:rel/zap.sock  | unix:rel/zap.sock",
            })
    void parsesTcpAndUnixForms(String text, String canonical) {
        ZapAddress a = ZapAddress.parse(text);
        assertThat(a.toString()).isEqualTo(canonical);
        assertThat(ZapAddress.parse(a.toString())).isEqualTo(a);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"http://127.0.0.1:80", "localhost", "host:", ":80", "host:x", "host:0", "host:70000", "unix:"})
    void rejectsWhatIsNotAnAddress(String text) {
        assertThatThrownBy(() -> ZapAddress.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }
}
