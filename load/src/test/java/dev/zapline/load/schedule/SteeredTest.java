package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The steered schedule: pieces in closed form from each change point, the times before a change kept. */
class SteeredTest {

    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    private static List<Long> times(ScheduleCursor c) {
        List<Long> out = new ArrayList<>();
        for (long t = c.next(); t >= 0; t = c.next()) {
            out.add(t);
        }
        return out;
    }

    @Test
    void unsteeredItIsThePlansScheduleUniformAndPoisson() {
        Stages st = Stages.parse("1s:0->3000,2s:3000");
        for (Schedule s : List.of(Schedule.uniform(st), Schedule.poisson(st, 42))) {
            Steered steered = new Steered(s);
            assertThat(times(s.cursor(steered))).isEqualTo(times(s.cursor()));
            assertThat(times(s.forLoop(1, 3).cursor(steered)))
                    .isEqualTo(times(s.forLoop(1, 3).cursor()));
        }
    }

    @Test
    void aRateChangeKeepsEveryEarlierTimeAndSpacesTheRestExactly() {
        Schedule s = Schedule.constant(1000, Duration.ofSeconds(2));
        Steered steered = new Steered(s);
        steered.rate(500 * MS + 300_000, 3000);
        List<Long> t = times(s.cursor(steered));
        // 1000/s: requests 0..500 are due before 500.3 ms (request 500 at 500 ms)
        for (int i = 0; i <= 500; i++) {
            assertThat(t.get(i)).isEqualTo(i * MS);
        }
        long change = 500 * MS + 300_000;
        for (int j = 0; j < 4500; j++) {
            assertThat(t.get(501 + j)).isEqualTo(change + Math.floorDiv(j * S, 3000));
        }
        // 1.4997 s at 3000/s: ceil(4499.1) requests
        assertThat(t).hasSize(501 + 4500);
        assertThat(steered.rateAt(100 * MS)).isEqualTo(1000.0);
        assertThat(steered.rateAt(change)).isEqualTo(3000.0);
        assertThat(steered.expectedCount(0, 2 * S)).isCloseTo(500.3 + 4499.1, Offset.offset(1e-6));
    }

    @Test
    void aPauseHasNothingDueUntilTheResumeAndTheProfileGoesOnFromThere() {
        Schedule s = Schedule.uniform(Stages.parse("2s:0->2000"));
        Steered steered = new Steered(s);
        steered.pause(500 * MS);
        assertThat(steered.paused()).isTrue();
        steered.resume(1500 * MS);
        List<Long> t = times(s.cursor(steered));
        assertThat(t).noneMatch(x -> x >= 500 * MS && x < 1500 * MS);
        // the ramp from 1500 to 2000 ms: rate 1500 -> 2000, 875 requests
        long after = t.stream().filter(x -> x >= 1500 * MS).count();
        assertThat(after).isEqualTo(875);
        assertThat(t.stream().filter(x -> x >= 1500 * MS).findFirst()).contains(1500 * MS);
        assertThat(steered.rateAt(700 * MS)).isZero();
        assertThat(steered.rateAt(1750 * MS)).isEqualTo(1750.0);
    }

    @Test
    void biasesMultiplyAndARateResetsThem() {
        Schedule s = Schedule.constant(1000, Duration.ofSeconds(3));
        Steered steered = new Steered(s);
        steered.bias(1 * S, 50);
        steered.bias(2 * S, -20);
        assertThat(steered.rateAt(1500 * MS)).isEqualTo(1500.0);
        assertThat(steered.rateAt(2500 * MS)).isEqualTo(1200.0);
        List<Long> t = times(s.cursor(steered));
        assertThat(t).hasSize(1000 + 1500 + 1200);
        steered = new Steered(s);
        steered.bias(1 * S, 50);
        steered.rate(2 * S, 400);
        steered.bias(2500 * MS, 100);
        assertThat(steered.rateAt(2700 * MS)).isEqualTo(800.0);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void theLoopsSharesTogetherAreTheWholeSteeredSchedule(int loops) {
        SplittableRandom r = new SplittableRandom(7 + loops);
        for (Schedule s : List.of(
                Schedule.uniform(Stages.parse("1s:500->4000,1s:4000")), Schedule.poisson(Stages.parse("2s:2500"), 9))) {
            Steered steered = new Steered(s);
            long at = 0;
            for (int k = 0; k < 6; k++) {
                at += r.nextLong(50 * MS, 300 * MS);
                switch (k % 3) {
                    case 0 -> steered.rate(at, r.nextInt(0, 5000));
                    case 1 -> steered.bias(at, r.nextInt(-50, 100));
                    default -> {
                        steered.pause(at);
                        at += r.nextLong(1 * MS, 100 * MS);
                        steered.resume(at);
                    }
                }
            }
            List<Long> whole = times(s.cursor(steered));
            List<Long> merged = new ArrayList<>();
            for (int l = 0; l < loops; l++) {
                merged.addAll(times(s.forLoop(l, loops).cursor(steered)));
            }
            merged.sort(null);
            assertThat(merged).isEqualTo(whole);
            assertThat(whole).isSorted();
            // every 10 ms window holds the steered profile's integral within one request, plus one for each change
            // point inside it (each piece starts with a request at its change point) (uniform)
            if (s.arrival() == Arrival.UNIFORM) {
                int[] counts = s.countPerBucket(steered, 0, 10 * MS, 200);
                for (int b = 0; b < 200; b++) {
                    long from = b * 10 * MS;
                    long to = from + 10 * MS;
                    long changes = steered.pieces().stream()
                            .filter(p -> p.start() > from && p.start() < to)
                            .count();
                    double expected = steered.expectedCount(from, to);
                    assertThat((double) counts[b])
                            .as("bucket " + b + " " + steered.pieces())
                            .isCloseTo(expected, Offset.offset(1.0 + changes + 1e-9));
                }
            }
        }
    }

    @Test
    void aCursorReadsItsPendingTimeAgainAfterAChange() {
        Schedule s = Schedule.constant(100, Duration.ofSeconds(1));
        Steered steered = new Steered(s);
        ScheduleCursor c = s.cursor(steered);
        assertThat(c.next()).isZero();
        assertThat(c.next()).isEqualTo(10 * MS);
        steered.pause(5 * MS);
        assertThat(c.again()).isEqualTo(-1);
        assertThat(c.next()).isEqualTo(-1);
        steered.resume(505 * MS);
        assertThat(c.again()).isEqualTo(505 * MS);
        assertThat(c.next()).isEqualTo(515 * MS);
    }

    @Test
    void badChangesAreRefused() {
        Steered steered = new Steered(Schedule.constant(100, Duration.ofSeconds(1)));
        assertThatThrownBy(() -> steered.resume(10)).hasMessage("not paused");
        steered.pause(10);
        assertThatThrownBy(() -> steered.pause(20)).hasMessage("already paused");
        assertThatThrownBy(() -> steered.bias(30, -100)).hasMessageContaining("above -100 %");
        assertThatThrownBy(() -> steered.rate(30, -1)).hasMessageContaining("rate must be");
        assertThatThrownBy(() -> steered.rate(30, 1.0005)).hasMessageContaining("more than 3 decimals");
        assertThatThrownBy(() -> steered.resume(S)).hasMessage("the schedule has ended");
        assertThatThrownBy(() -> steered.resume(5)).hasMessageContaining("before the last one");
    }
}
