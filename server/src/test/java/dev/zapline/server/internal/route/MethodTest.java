package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MethodTest {

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource({
        "GET, 0",
        "HEAD, 1",
        "POST, 2",
        "PUT, 3",
        "PATCH, 4",
        "DELETE, 5",
        "OPTIONS, 6",
        "get, 7",
        "Get, 7",
        "GETS, 7",
        "GE, 7",
        "PUTT, 7",
        "HEAP, 7",
        "PATCHY, 7",
        "DELETED, 7",
        "OPTION, 7",
        "PROPFIND, 7",
        "CONNECT, 7",
        "TRACE, 7",
        "ALL, 7",
        "'', 7"
    })
    void parsesTokenInsideALargerBuffer(String token, int id) {
        byte[] buf = ("<<" + token + ">>").getBytes(StandardCharsets.US_ASCII);
        assertThat(Method.of(buf, 2, token.length())).isEqualTo(id);
    }

    @Test
    void namesEveryIdAndRejectsOthers() {
        assertThat(Method.name(Method.GET)).isEqualTo("GET");
        assertThat(Method.name(Method.OPTIONS)).isEqualTo("OPTIONS");
        assertThat(Method.name(Method.OTHER)).isEqualTo("OTHER");
        assertThat(Method.name(Method.ALL)).isEqualTo("ALL");
        assertThatThrownBy(() -> Method.name(9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("9");
    }
}
