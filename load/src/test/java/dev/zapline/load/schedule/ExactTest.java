package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExactTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void floorsWideProductsExactly(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 20_000; n++) {
            long div = random.nextLong(1, Long.MAX_VALUE);
            long a = random.nextLong(Long.MAX_VALUE >>> random.nextInt(63));
            long b = random.nextLong(Long.MAX_VALUE >>> random.nextInt(63));
            long sub = random.nextLong(div);
            BigInteger[] qr = BigInteger.valueOf(a)
                    .multiply(BigInteger.valueOf(b))
                    .subtract(BigInteger.valueOf(sub))
                    .divideAndRemainder(BigInteger.valueOf(div));
            BigInteger floor = qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
            if (floor.bitLength() < 64) {
                assertThat(Exact.floorAffine(a, b, sub, div))
                        .as("%d * %d - %d / %d", a, b, sub, div)
                        .isEqualTo(floor.longValueExact());
            } else {
                assertThatThrownBy(() -> Exact.floorAffine(a, b, sub, div)).isInstanceOf(ArithmeticException.class);
            }
        }
    }

    @Test
    void floorsBelowZeroWhenTheSubtrahendWins() {
        assertThat(Exact.floorAffine(0, 5, 1, 3)).isEqualTo(-1);
        assertThat(Exact.floorAffine(2, 5, 10, 3)).isZero();
        assertThat(Exact.floorAffine(Long.MAX_VALUE, 4, 1, 4)).isEqualTo(Long.MAX_VALUE - 1);
    }
}
