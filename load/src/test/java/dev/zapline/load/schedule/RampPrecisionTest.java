package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bound documented on {@link Ramp}: over realistic profiles (stages from 1 ms to 24 h, rates up to 10⁶ req/s with
 * three decimals, ramps up, down, from and to zero) every sampled time is within 1 ns of the 60-digit reference.
 */
class RampPrecisionTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22})
    void staysWithinOneNanosecondOfTheExactInverse(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Stage> stages = new ArrayList<>();
        for (int k = random.nextInt(1, 5); k > 0; k--) {
            long nanos = (long) Math.pow(10, random.nextDouble(6, Math.log10(86_400e9)));
            stages.add(new Stage(nanos, rate(random), rate(random)));
        }
        Stages profile = Stages.of(stages);
        ExactProfile exact = new ExactProfile(profile);
        assertThat(profile.count()).isEqualTo(exact.count());
        long count = profile.count();
        for (int n = 0; n < 400 && count > 0; n++) {
            long i = n < 20
                    ? Math.min(n, count - 1)
                    : n < 40 ? count - 1 - Math.min(n - 20, count - 1) : random.nextLong(count);
            assertThat(profile.uniformTime(i))
                    .as("%s request %d", profile, i)
                    .isBetween(exact.time(i) - 1, exact.time(i) + 1);
        }
    }

    private static long rate(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextLong(1, 1_000_000L);
            default -> random.nextLong(1, 1_000_000_000L);
        };
    }
}
