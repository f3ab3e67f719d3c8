package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ListenAddressTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "http://127.0.0.1:8080   | HTTP | false | 127.0.0.1 | 8080 | http://127.0.0.1:8080",
                "http://127.0.0.1:8080/  | HTTP | false | 127.0.0.1 | 8080 | http://127.0.0.1:8080",
                "https://0.0.0.0:8443    | HTTP | true  | 0.0.0.0   | 8443 | https://0.0.0.0:8443",
                "https://[::1]:0/        | HTTP | true  | ::1       | 0    | https://[::1]:0",
                "zaps://localhost:9443   | ZAP  | true  | localhost | 9443 | zaps://localhost:9443",
                "zaps://[::1]:9443       | ZAP  | true  | ::1       | 9443 | zaps://[::1]:9443",
                "127.0.0.1:9000          | ZAP  | false | 127.0.0.1 | 9000 | 127.0.0.1:9000",
            })
    void parsesEachFormAndPrintsItBack(String text, Transport t, boolean tls, String host, int port, String back) {
        ListenAddress a = ListenAddress.parse(text);
        assertThat(a.transport()).isEqualTo(t);
        assertThat(a.tls()).isEqualTo(tls);
        assertThat(a.host()).isEqualTo(host);
        assertThat(a.port()).isEqualTo(port);
        assertThat(a.toString()).isEqualTo(back);
        assertThat(ListenAddress.parse(a.toString())).isEqualTo(a);
    }

    @ParameterizedTest
    @ValueSource(strings = {"zap://127.0.0.1:1", "h2://127.0.0.1:1", "https://127.0.0.1", "zaps://:1", "zaps://a:x"})
    void rejectsOtherSchemesAndBadHostPorts(String text) {
        assertThatThrownBy(() -> ListenAddress.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }
}
