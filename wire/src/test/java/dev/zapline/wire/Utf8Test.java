package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Utf8Test {

    @ParameterizedTest
    @ValueSource(strings = {"", "ok", "é", "€", "𝄞", "a\uD800b", "\uDC00", "x\uD83D", "mixé€𝄞z"})
    void lengthAndBytesMatchTheJdkEncoder(String s) {
        byte[] expected = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[expected.length + 4];
        assertThat(Utf8.length(s)).isEqualTo(expected.length);
        assertThat(Utf8.encode(s, out, 2)).isEqualTo(expected.length);
        assertThat(Arrays.copyOfRange(out, 2, 2 + expected.length)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void randomCharsMatchTheJdkEncoder(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 2_000; i++) {
            char[] chars = new char[random.nextInt(12)];
            for (int j = 0; j < chars.length; j++) {
                chars[j] = (char) random.nextInt(0x10000);
            }
            String s = new String(chars);
            byte[] expected = s.getBytes(StandardCharsets.UTF_8);
            byte[] out = new byte[expected.length];
            assertThat(Utf8.length(s)).as(s).isEqualTo(expected.length);
            Utf8.encode(s, out, 0);
            assertThat(out).as(s).isEqualTo(expected);
        }
    }
}
