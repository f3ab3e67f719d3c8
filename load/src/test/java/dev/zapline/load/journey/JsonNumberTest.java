package dev.zapline.load.journey;

import static dev.zapline.load.journey.Fixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonNumberTest {

    @ParameterizedTest
    @CsvSource({
        "0,0.0",
        "-0,-0.0",
        "42,42",
        "0.1,0.1",
        "-12.5e3,-12500",
        "1E+2,100",
        "1e-2,0.01",
        "123456789012345,123456789012345",
        "9007199254740993,9007199254740992",
        "1e308,1e308",
        "1e309,Infinity",
        "1e-400,0",
        "0.000001,1e-6"
    })
    void parsesTheValue(String text, double value) {
        byte[] b = utf8(text);
        assertThat(JsonNumber.skip(b, 0, b.length)).isEqualTo(b.length);
        assertThat(JsonNumber.parse(b, 0, b.length)).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "01", "1.", ".1", "1e", "1e+", "+1", "--1", "1.e3", "x"})
    void rejectsWhatIsNotANumber(String text) {
        byte[] b = utf8(text);
        assertThat(JsonNumber.is(b, 0, b.length)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void shortNumbersAreExactAndLongOnesClose(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 30_000; i++) {
            boolean exact = random.nextBoolean();
            long mantissa = exact ? random.nextLong(0, 1_000_000_000_000_000L) : random.nextLong(0, Long.MAX_VALUE);
            int scale = exact ? random.nextInt(0, 8) : random.nextInt(0, 19);
            int exponent = exact ? random.nextInt(-7, 8) : random.nextInt(-300, 300);
            String digits = Long.toString(mantissa);
            String text = scale > 0 && scale < digits.length()
                    ? digits.substring(0, digits.length() - scale) + "." + digits.substring(digits.length() - scale)
                    : digits;
            text = (random.nextBoolean() ? "-" : "") + text + (exponent != 0 ? "e" + exponent : "");
            byte[] b = utf8(text);
            assertThat(JsonNumber.skip(b, 0, b.length)).as(text).isEqualTo(b.length);
            double expected = Double.parseDouble(text);
            double actual = JsonNumber.parse(b, 0, b.length);
            if (exact || Double.isInfinite(expected)) {
                assertThat(actual).as(text).isEqualTo(expected);
            } else {
                assertThat(Math.abs(actual - expected)).as(text).isLessThanOrEqualTo(Math.abs(expected) * 1e-14);
            }
        }
    }
}
