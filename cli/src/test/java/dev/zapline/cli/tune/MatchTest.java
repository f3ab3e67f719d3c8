package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MatchTest {

    @ParameterizedTest(name = "{0}: ''{1}'' vs ''{2}'' -> {3}")
    @CsvSource(
            delimiter = '|',
            value = {
                "EXACT|'performance\n'|performance|true",
                "EXACT|'powersave\n'|performance|false",
                "TOKENS|'4096\t131072\t268435456\n'|4096 131072 268435456|true",
                "TOKENS|'4096  131072 268435456'|4096 131072 268435456|true",
                "TOKENS|'4096\t131072\t6291456\n'|4096 131072 268435456|false",
                "TOKENS|'1024\t65535'|1024 65535 1|false",
                "CPU_MASK|'00000000,00000003\n'|3|true",
                "CPU_MASK|'00000000,00000001\n'|3|false",
                "CPU_MASK|garbage|3|false",
                "AT_LEAST|'1000\n'|300000|false",
                "AT_LEAST|'300000\n'|300000|true",
                "AT_LEAST|1000000|300000|true",
                "AT_LEAST|abc|300000|false",
                "AT_MOST|'60\n'|15|false",
                "AT_MOST|10|15|true",
            })
    void decidesWhetherCurrentValueIsTuned(Match match, String current, String desired, boolean tuned) {
        assertThat(match.matches(current, desired)).isEqualTo(tuned);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"'4096\t131072\t6291456\n'|4096 131072 6291456", "' 7 '|7", "''|''"})
    void normalisesWhitespaceForDisplay(String raw, String shown) {
        assertThat(Match.normalise(raw)).isEqualTo(shown);
    }
}
