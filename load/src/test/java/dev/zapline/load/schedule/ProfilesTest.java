package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shape against its own definition, written here a second time as a rate function of x = t/D (a fraction of
 * the peak): the schedule's count in each of 50 windows must equal the rate's integral over the window within one
 * request, plus what rounding the rates to thousandths and the numeric integral can add.
 */
class ProfilesTest {

    private static final int WINDOWS = 50;
    private static final int STEPS = 20_000;

    /** Each shape's rate as a fraction of P at x = t/D, from its description. */
    private static final Map<String, DoubleUnaryOperator> DEFINITIONS = Map.ofEntries(
            Map.entry("steady", x -> 1),
            Map.entry("ramp", x -> x),
            Map.entry("ramp-and-hold", x -> Math.min(1, x / 0.25)),
            Map.entry("step", x -> (Math.floor(x * 4) + 1) / 4),
            Map.entry("breakpoint", x -> (Math.floor(x * 10) + 1) / 10),
            Map.entry("spike", x -> x >= 0.45 && x < 0.55 ? 1 : 0.2),
            Map.entry("surge", x -> {
                double y = Math.min(x, 1 - x);
                return y < 0.2 ? 0.3 : y < 0.3 ? 0.3 + 0.7 * (y - 0.2) / 0.1 : 1;
            }),
            Map.entry(
                    "flash-sale",
                    x -> x < 0.3
                            ? 0.1
                            : x < 0.32
                                    ? 0.1 + 0.9 * (x - 0.3) / 0.02
                                    : x < 0.5 ? 1 : x < 0.8 ? 1 - 0.8 * (x - 0.5) / 0.3 : 0.2),
            Map.entry("soak", x -> Math.min(1, Math.min(x, 1 - x) / 0.05)),
            Map.entry("wave", ProfilesTest::sampledWave),
            Map.entry("sawtooth", x -> 0.2 + 0.8 * (x * 4 - Math.floor(x * 4))),
            Map.entry("double-peak", x -> {
                double y = x < 0.5 ? x : 1 - x;
                return y < 0.15
                        ? 0.3
                        : y < 0.25
                                ? 0.3 + 0.7 * (y - 0.15) / 0.1
                                : y < 0.35 ? 1 : y < 0.45 ? 1 - 0.7 * (y - 0.35) / 0.1 : 0.3;
            }));

    private static double pureWave(double x) {
        return 0.6 - 0.4 * Math.cos(4 * Math.PI * x);
    }

    /** The pure wave at 32 samples a period (x = j/64), straight lines between. */
    private static double sampledWave(double x) {
        int j = Math.min(63, (int) Math.floor(x * 64));
        double u = x * 64 - j;
        double a = pureWave(j / 64.0);
        double b = pureWave((j + 1) / 64.0);
        return a + (b - a) * u;
    }

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (String name : Profiles.names()) {
            all.add(Arguments.of(name, 1000.0, 60_000_000_000L));
            all.add(Arguments.of(name, 0.5, 1_000_000_000L));
            SplittableRandom random = new SplittableRandom(name.hashCode());
            for (int k = 0; k < 5; k++) {
                double peak = Math.round(random.nextDouble(1, 5000) * 1000) / 1000.0;
                all.add(Arguments.of(name, peak, random.nextLong(1_000_000_000L, 120_000_000_000L)));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} peak {1} over {2} ns")
    @MethodSource("cases")
    void countsPerWindowAreTheIntegralOfTheDefinition(String name, double peak, long nanos) {
        Stages stages = Profiles.stages(name, peak, Duration.ofNanos(nanos));
        assertThat(stages.durationNanos()).isEqualTo(nanos);
        long window = nanos / WINDOWS;
        int[] counts = Schedule.uniform(stages).countPerBucket(0, window, WINDOWS);
        DoubleUnaryOperator f = DEFINITIONS.get(name);
        double seconds = window / 1e9;
        double tolerance = 1 + 0.0005 * seconds + peak * seconds / STEPS + peak * 1e-8 + 1e-6;
        for (int k = 0; k < WINDOWS; k++) {
            double expected =
                    peak * integral(f, (double) k * window / nanos, (double) (k + 1) * window / nanos) * nanos / 1e9;
            assertThat((double) counts[k]).as("%s window %d", name, k).isCloseTo(expected, within(tolerance));
        }
    }

    @ParameterizedTest(name = "{0} peak {1} over {2} ns")
    @MethodSource("cases")
    void stageLengthsAddUpToTheDurationAndRatesStayWithinThePeak(String name, double peak, long nanos) {
        Stages stages = Profiles.stages(name, peak + 0.0001, Duration.ofNanos(nanos + 7));
        long sum = 0;
        long max = 0;
        for (Stage s : stages.stages()) {
            sum += s.nanos();
            max = Math.max(max, Math.max(s.fromMilli(), s.toMilli()));
        }
        assertThat(sum).isEqualTo(nanos + 7);
        assertThat(max).isEqualTo(Math.round(peak * 1000));
    }

    @Test
    void shapesComeOutAsTheirStagesSay() {
        Duration d = Duration.ofSeconds(10);
        assertThat(Profiles.stages("spike", 1000, d).toString()).isEqualTo("4500ms:200,1000ms:1000,4500ms:200");
        assertThat(Profiles.stages("flash-sale", 1000, d).toString())
                .isEqualTo("3000ms:100,200ms:100->1000,1800ms:1000,3000ms:1000->200,2000ms:200");
        assertThat(Profiles.stages("step", 100, Duration.ofMillis(1001)).toString())
                .isEqualTo("250.25ms:25,250.25ms:50,250.25ms:75,250.25ms:100");
        assertThat(Profiles.stages("step", 100, Duration.ofNanos(1_000_000_003)).toString())
                .isEqualTo("250ms:25,250.000001ms:50,250.000001ms:75,250.000001ms:100");
        assertThat(Profiles.stages("steady", 1.2345, d).toString()).isEqualTo("10000ms:1.235");
        assertThat(Profiles.stages("wave", 1000, d).stages()).hasSize(64);
        assertThat(Profiles.stages("wave", 1000, d).stages().get(16).toString()).isEqualTo("156.25ms:1000->992.314");
    }

    /**
     * The sampled wave's largest distance from the sine: 0.4·cos(π/32)·(1 − cos(π/32)) P = 0.00192 P, in the middle
     * of the pieces next to a peak or trough (which are samples), under the stated bound 0.00193 P.
     */
    @Test
    void theWaveStaysWithinItsStatedDistanceOfTheSine() {
        double worst = 0;
        for (int i = 0; i <= 1_000_000; i++) {
            double x = i / 1e6;
            worst = Math.max(worst, Math.abs(sampledWave(x) - pureWave(x)));
        }
        assertThat(worst).isCloseTo(0.4 * Math.cos(Math.PI / 32) * (1 - Math.cos(Math.PI / 32)), within(1e-8));
        assertThat(worst).isLessThan(0.00193);
        double peak = 4321.5;
        List<Stage> stages =
                Profiles.stages("wave", peak, Duration.ofSeconds(64)).stages();
        for (int j = 0; j < 64; j++) {
            assertThat(stages.get(j).fromMilli() / 1000.0).isCloseTo(peak * pureWave(j / 64.0), within(0.0005));
            assertThat(stages.get(j).toMilli() / 1000.0).isCloseTo(peak * pureWave((j + 1) / 64.0), within(0.0005));
        }
        long nanos = 64_000_000_000L;
        long window = nanos / WINDOWS;
        int[] counts = Schedule.uniform(Profiles.stages("wave", peak, Duration.ofNanos(nanos)))
                .countPerBucket(0, window, WINDOWS);
        double seconds = window / 1e9;
        for (int k = 0; k < WINDOWS; k++) {
            double sine = peak * integral(ProfilesTest::pureWave, k / 50.0, (k + 1) / 50.0) * nanos / 1e9;
            assertThat((double) counts[k]).isCloseTo(sine, within(1 + (0.00193 * peak + 0.0005) * seconds));
        }
    }

    @Test
    void namesAreUniqueAndIncludeTheAskedForShapes() {
        List<String> names = Profiles.names();
        assertThat(new HashSet<>(names)).hasSameSizeAs(names);
        assertThat(names)
                .hasSize(12)
                .contains(
                        "steady",
                        "ramp",
                        "step",
                        "spike",
                        "flash-sale",
                        "soak",
                        "wave",
                        "sawtooth",
                        "surge",
                        "ramp-and-hold");
        assertThat(DEFINITIONS.keySet()).containsExactlyInAnyOrderElementsOf(names);
        for (String name : names) {
            assertThat(Profiles.describe(name)).isNotBlank();
        }
    }

    @Test
    void badInputIsRefusedWithWhatIsKnown() {
        assertThatThrownBy(() -> Profiles.stages("nope", 10, Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown shape \"nope\"; known shapes: steady, ramp, ramp-and-hold, step, breakpoint, "
                        + "spike, surge, flash-sale, soak, wave, sawtooth, double-peak");
        assertThatThrownBy(() -> Profiles.describe(null)).hasMessageStartingWith("unknown shape \"null\"");
        for (double bad : new double[] {0, -1, 0.0009, Double.NaN, Double.POSITIVE_INFINITY, 2e9}) {
            assertThatThrownBy(() -> Profiles.stages("ramp", bad, Duration.ofSeconds(5)))
                    .hasMessage("peak rate " + bad + " req/s: need a number in [0.001, 1e9]");
        }
        assertThatThrownBy(() -> Profiles.stages("ramp", 10, Duration.ofMillis(999)))
                .hasMessage("a shape runs over at least 1s and at most 104 days, got PT0.999S");
        assertThatThrownBy(() -> Profiles.stages("ramp", 10, Duration.ofDays(200)))
                .hasMessage("a shape runs over at least 1s and at most 104 days, got PT4800H");
    }

    /** The integral of f over [x0, x1] by the midpoint rule in {@link #STEPS} steps. */
    private static double integral(DoubleUnaryOperator f, double x0, double x1) {
        double h = (x1 - x0) / STEPS;
        double sum = 0;
        for (int i = 0; i < STEPS; i++) {
            sum += f.applyAsDouble(x0 + (i + 0.5) * h);
        }
        return sum * h;
    }

    private static org.assertj.core.data.Offset<Double> within(double tolerance) {
        return org.assertj.core.data.Offset.offset(tolerance);
    }
}
