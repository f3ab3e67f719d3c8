package dev.zapline.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.control.Command;
import dev.zapline.load.control.Event;
import dev.zapline.load.metrics.Outcome;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Frames rendered into fixed-size virtual screens, compared line by line. */
class ScreenTest {

    private static final String HELP = "↑/↓ rate ±10%   p pause   m mark   f failures only   q stop";

    private static final String SPACES55 = " ".repeat(55);

    /** A URL run 12 s into 21 s (1 s warm-up), five seconds of percentiles, a histogram, two events. */
    static DashModel urlRun(boolean failuresOnly) {
        long[] outcomes = new long[Outcome.values().length];
        outcomes[Outcome.SUCCESS.ordinal()] = 12_000;
        outcomes[Outcome.FAILURE_STATUS.ordinal()] = 3;
        outcomes[Outcome.TIMEOUT.ordinal()] = 1;
        long[] buckets = new long[Buckets.COUNT];
        long[] some = {0, 10, 200, 400, 80, 8, 2};
        System.arraycopy(some, 0, buckets, 0, some.length);
        return new DashModel(
                "http://127.0.0.1:8080/",
                "measured",
                "req/s",
                true,
                1000,
                998,
                998,
                3,
                10,
                12.0,
                21.0,
                false,
                0,
                false,
                new double[] {100, 200, 0, 400, 800},
                new double[] {1000, 2000, 0, 4000, 8000},
                new double[] {50, 50, 0, 50, 100},
                new double[] {900, 1500, 0, 3000, 6000},
                buckets,
                outcomes,
                List.of(),
                List.of(
                        Screen.event(new Event(3.5, Command.Kind.RATE, 1100, 1100, "", "tui"), "req/s"),
                        Screen.event(new Event(7.0, Command.Kind.MARK, 0, 1100, "deploy", "stdin"), "req/s")),
                failuresOnly,
                HELP);
    }

    @Test
    void an80x24FrameHoldsEverySection() {
        List<String> frame = Screen.render(urlRun(false), 80, 24);
        assertThat(frame)
                .containsExactly(
                        "zapline load  http://127.0.0.1:8080/" + " ".repeat(36) + "measured",
                        "rate  target 1000 req/s   achieved 998 req/s   in flight 3   connections 10",
                        "time  12.0s / 21.0s  [" + "█".repeat(22) + "░".repeat(18) + "]  57%  9.0s left",
                        "",
                        "latency per second, last minute; each chart from 0 to the figure at its left",
                        "corr p50    800µs " + SPACES55 + "▁▂ ▄█",
                        "corr p99   8.00ms " + SPACES55 + "▁▂ ▄█",
                        "svc p50     100µs " + SPACES55 + "▄▄ ▄█",
                        "svc p99    6.00ms " + SPACES55 + "▂▂ ▄█",
                        "",
                        "latency histogram, last interval, corrected: 700 responses",
                        "            █████",
                        "            █████",
                        "            █████",
                        "      █████ █████",
                        "      █████ █████ ▂▂▂▂▂",
                        "▁▁▁▁▁ █████ █████ █████ ▁▁▁▁▁ ▁▁▁▁▁",
                        "200µs 500µs 1ms   2ms   5ms   10ms  20ms  50ms  100ms 200ms 500ms 1s    2s",
                        "",
                        "outcomes   success 12000   failure status 3   timeout 1   dropped 0",
                        "events",
                        "    3.5s  rate 1100 req/s  (tui)",
                        "    7.0s  mark 'deploy'  (stdin)",
                        HELP);
    }

    @Test
    void a120x40JourneyFrameHasTheStepsTallerBarsAndEveryBucket() {
        DashModel base = urlRun(true);
        DashModel m = new DashModel(
                "journeys shop.http",
                "measured",
                "journeys/s",
                true,
                50,
                49.5,
                148.5,
                7,
                10,
                12.0,
                21.0,
                true,
                4.25,
                false,
                base.p50(),
                base.p99(),
                base.serviceP50(),
                base.serviceP99(),
                base.buckets(),
                base.outcomes(),
                List.of(
                        new DashModel.StepRow("login", 50, 1200, 4500, 0),
                        new DashModel.StepRow("cart/add", 49.5, 800, 2000, 2)),
                base.events(),
                true,
                "mark label: v2_   (Enter sets it, Esc cancels)");
        List<String> frame = Screen.render(m, 120, 40);
        String cells = "      ";
        assertThat(frame)
                .containsExactly(
                        "zapline load  journeys shop.http" + " ".repeat(77) + "PAUSED 4.3s",
                        "rate  target 50 journeys/s   achieved 50 journeys/s (149 req/s)   in flight 7"
                                + "   connections 10",
                        "time  12.0s / 21.0s  [" + "█".repeat(22) + "░".repeat(18) + "]  57%  9.0s left   paused 4.3s",
                        "",
                        "latency per second, last minute; each chart from 0 to the figure at its left",
                        "corr p50    800µs " + SPACES55 + "▁▂ ▄█",
                        "corr p99   8.00ms " + SPACES55 + "▁▂ ▄█",
                        "svc p50     100µs " + SPACES55 + "▄▄ ▄█",
                        "svc p99    6.00ms " + SPACES55 + "▂▂ ▄█",
                        "",
                        "latency histogram, last interval, corrected: 700 responses",
                        cells + cells + cells + "█████",
                        cells + cells + cells + "█████",
                        cells + cells + cells + "█████",
                        cells + cells + cells + "█████",
                        cells + cells + "█████ █████",
                        cells + cells + "█████ █████",
                        cells + cells + "█████ █████ ▅▅▅▅▅",
                        cells + "▂▂▂▂▂ █████ █████ █████ ▁▁▁▁▁ ▁▁▁▁▁",
                        "100µs 200µs 500µs 1ms   2ms   5ms   10ms  20ms  50ms  100ms 200ms 500ms 1s    2s    5s    "
                                + "10s   >10s",
                        "",
                        "outcomes   failure status 3   timeout 1",
                        "step          req/s       p50       p99  failures",
                        "cart/add         50     800µs    2.00ms         2",
                        "events",
                        "    3.5s  rate 1100 req/s  (tui)",
                        "    7.0s  mark 'deploy'  (stdin)",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "mark label: v2_   (Enter sets it, Esc cancels)");
    }

    @Test
    void withFailuresOnlyAndNoFailuresTheOutcomesSaySo() {
        DashModel m = urlRun(true);
        long[] clean = new long[Outcome.values().length];
        clean[Outcome.SUCCESS.ordinal()] = 5;
        DashModel none = new DashModel(
                m.target(),
                m.phase(),
                m.unit(),
                m.open(),
                m.targetRate(),
                m.rate(),
                m.requestRate(),
                m.inflight(),
                m.connections(),
                m.elapsed(),
                m.total(),
                false,
                0,
                true,
                m.p50(),
                m.p99(),
                m.serviceP50(),
                m.serviceP99(),
                new long[Buckets.COUNT],
                clean,
                List.of(),
                List.of(),
                true,
                HELP);
        List<String> frame = Screen.render(none, 80, 24);
        assertThat(frame.get(0)).endsWith(" stopping");
        assertThat(frame)
                .contains(
                        "outcomes   no failures so far",
                        "latency histogram, last interval: no responses",
                        "events   none yet (m sets a mark)");
        assertThat(Screen.outcomes(urlRun(false)))
                .isEqualTo("outcomes   success 12000   failure status 3   timeout 1   dropped 0");
    }

    @Test
    void withoutErrorsTheOutcomesSayErrorsZero() {
        DashModel m = urlRun(false);
        long[] o = new long[Outcome.values().length];
        o[Outcome.SUCCESS.ordinal()] = 9;
        o[Outcome.DROPPED.ordinal()] = 4;
        DashModel clean = new DashModel(
                m.target(),
                m.phase(),
                m.unit(),
                m.open(),
                m.targetRate(),
                m.rate(),
                m.requestRate(),
                m.inflight(),
                m.connections(),
                m.elapsed(),
                m.total(),
                false,
                0,
                false,
                m.p50(),
                m.p99(),
                m.serviceP50(),
                m.serviceP99(),
                m.buckets(),
                o,
                List.of(),
                List.of(),
                false,
                HELP);
        assertThat(Screen.outcomes(clean)).isEqualTo("outcomes   success 9   failure status 0   errors 0   dropped 4");
    }

    /** Small and odd sizes: no exception, exactly the asked number of lines, none too wide, help last. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void narrowAndShortScreensDegradeWithoutExceptions(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            int w = r.nextInt(0, 100);
            int h = r.nextInt(0, 30);
            DashModel m = r.nextBoolean() ? urlRun(r.nextBoolean()) : ScreenTest.longSeries(r);
            List<String> frame = Screen.render(m, w, h);
            assertThat(frame).hasSize(h);
            assertThat(frame).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(w));
            if (h > 0) {
                assertThat(HELP).startsWith(frame.get(h - 1));
            }
        }
    }

    /** A run with more than a minute of samples, many events and random buckets. */
    private static DashModel longSeries(SplittableRandom r) {
        DashModel m = urlRun(false);
        double[] s = r.doubles(60, 0, 1e7).toArray();
        long[] b =
                LongStream.range(0, Buckets.COUNT).map(i -> r.nextLong(0, 1000)).toArray();
        List<String> events = java.util.stream.IntStream.range(0, 30)
                .mapToObj(i -> "event " + i)
                .toList();
        return new DashModel(
                "x".repeat(r.nextInt(0, 200)),
                "drain",
                "req/s",
                r.nextBoolean(),
                1e7,
                9.9e6,
                9.9e6,
                1,
                1,
                99,
                20,
                false,
                0,
                false,
                s,
                s,
                s,
                s,
                b,
                m.outcomes(),
                List.of(new DashModel.StepRow("s".repeat(90), 1, 1, 1, 1)),
                events,
                false,
                HELP);
    }
}
