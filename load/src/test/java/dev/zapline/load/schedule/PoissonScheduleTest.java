package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PoissonScheduleTest {

    private static final long S = 1_000_000_000L;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void constantRateHasPoissonCountsAndExponentialGaps(long seed) {
        double rate = 10_000;
        Schedule s = Schedule.poisson(Stages.constant(rate, Duration.ofSeconds(100)), seed);
        double expected = rate * 100;
        assertThat((double) s.count()).isCloseTo(expected, within(3 * Math.sqrt(expected)));

        long[] windows = new long[1_000];
        double sum = 0;
        double sumSq = 0;
        long previous = 0;
        int backwards = 0;
        ScheduleCursor cursor = s.cursor();
        for (long t = cursor.next(); t >= 0; t = cursor.next()) {
            backwards += t < previous ? 1 : 0;
            windows[(int) (t / (S / 10))]++;
            double gap = t - previous;
            sum += gap;
            sumSq += gap * gap;
            previous = t;
        }
        assertThat(backwards).isZero();
        double mean = mean(windows);
        double dispersion = variance(windows, mean) / mean;
        assertThat(dispersion).as("index of dispersion over 100 ms windows").isCloseTo(1, within(0.2));
        long gaps = s.count() - 1;
        double gapMean = sum / gaps;
        double cv = Math.sqrt(sumSq / gaps - gapMean * gapMean) / gapMean;
        assertThat(cv).as("coefficient of variation of the gaps").isCloseTo(1, within(0.01));
        assertThat(gapMean).isCloseTo(S / rate, within(0.01 * S / rate));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {4, 5})
    void rampedRateFollowsTheIntegralOfTheRate(long seed) {
        Stages profile = Stages.parse("50s:0->20000,20s:0,30s:20000->5000");
        Schedule s = Schedule.poisson(profile, seed);
        assertThat((double) s.count())
                .isCloseTo(profile.expectedCount(), within(3 * Math.sqrt(profile.expectedCount())));
        long[] windows = new long[100];
        ScheduleCursor cursor = s.cursor();
        for (long t = cursor.next(); t >= 0; t = cursor.next()) {
            windows[(int) (t / S)]++;
        }
        ExactProfile exact = new ExactProfile(profile);
        double chi = 0;
        int used = 0;
        for (int w = 0; w < windows.length; w++) {
            double lambda =
                    exact.countAt((w + 1) * S).subtract(exact.countAt(w * S)).doubleValue();
            if (lambda == 0) {
                assertThat(windows[w]).as("window %d of the pause", w).isZero();
            } else {
                chi += (windows[w] - lambda) * (windows[w] - lambda) / lambda;
                used++;
            }
        }
        assertThat(chi / used).as("mean squared z-score of per-second counts").isCloseTo(1, within(0.5));
    }

    @Test
    void sameSeedGivesSameTimesAndOtherSeedsDiffer() {
        Stages profile = Stages.parse("2s:0->30000,60s:30000");
        Schedule a = Schedule.poisson(profile, 42);
        Schedule b = Schedule.poisson(profile, 42);
        Schedule c = Schedule.poisson(profile, 43);
        assertThat(a.count()).isEqualTo(b.count());
        ScheduleCursor ca = a.cursor();
        ScheduleCursor cb = b.cursor();
        ScheduleCursor cc = c.cursor();
        int differ = 0;
        int same = 0;
        for (long t = ca.next(); t >= 0; t = ca.next()) {
            differ += cb.next() == t ? 0 : 1;
            same += cc.next() == t ? 1 : 0;
        }
        assertThat(cb.next()).isEqualTo(-1);
        assertThat(differ).isZero();
        assertThat(same).isLessThan(1_000);
    }

    @Test
    void randomAccessAgreesWithTheCursorAcrossBlocks() {
        Schedule s = Schedule.poisson(Stages.constant(30_000, Duration.ofSeconds(100)), 7);
        long[] all = new long[(int) s.count()];
        ScheduleCursor cursor = s.cursor();
        for (int i = 0; i < all.length; i++) {
            all[i] = cursor.next();
        }
        assertThat(cursor.next()).isEqualTo(-1);
        assertThat(all).isSorted();
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 200; n++) {
            int i = random.nextInt(all.length);
            assertThat(s.at(i)).as("request %d", i).isEqualTo(all[i]);
        }
        PoissonTimes times = new PoissonTimes(s.stages(), 7);
        for (int i = all.length - 1; i >= 0; i -= 99_991) {
            assertThat(times.at(i)).isEqualTo(all[i]);
        }
    }

    @Test
    void startsAtZeroAndNeverReachesTheEnd() {
        Schedule s = Schedule.poisson(Stages.constant(1_000, Duration.ofSeconds(2)), 9);
        assertThat(s.at(0)).isZero();
        assertThat(s.at(s.count() - 1)).isLessThan(2 * S);
        assertThat(Schedule.poisson(Stages.constant(0, Duration.ofSeconds(2)), 9)
                        .count())
                .isZero();
    }

    private static double mean(long[] values) {
        double sum = 0;
        for (long v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double variance(long[] values, double mean) {
        double sum = 0;
        for (long v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }
}
