package dev.zapline.load.journey;

import static dev.zapline.load.journey.Fixtures.journey;
import static dev.zapline.load.journey.Fixtures.step;
import static dev.zapline.load.journey.Fixtures.text;
import static dev.zapline.load.journey.Fixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IterationTest {

    private final Journey three = journey(
            3, step().index(0).build(), step().index(1).build(), step().index(2).build());

    @Test
    void resetStartsAtTheFirstStepWithEverySlotUnset() {
        Iteration it = new Iteration(7);
        byte[][] row = {utf8("a")};
        it.reset(three, row);
        it.set(1, utf8("xyz"), 0, 3);
        it.intendedNanos(5);
        it.firstSendNanos(6);
        assertThat(it.advance()).isTrue();
        it.reset(three, null);
        assertThat(it.id()).isEqualTo(7);
        assertThat(it.step()).isZero();
        assertThat(it.row()).isNull();
        assertThat(it.journey()).isSameAs(three);
        assertThat(it.currentStep()).isSameAs(three.steps().get(0));
        assertThat(it.intendedNanos()).isZero();
        assertThat(it.firstSendNanos()).isZero();
        for (int k = 0; k < 3; k++) {
            assertThat(it.length(k)).isEqualTo(-1);
        }
    }

    @Test
    void advanceWalksTheStepsAndSaysWhenTheJourneyIsDone() {
        Iteration it = new Iteration(0);
        it.reset(three, null);
        assertThat(it.advance()).isTrue();
        assertThat(it.currentStep().index()).isEqualTo(1);
        assertThat(it.advance()).isTrue();
        assertThat(it.advance()).isFalse();
        assertThat(it.step()).isEqualTo(3);
    }

    @Test
    void setCopiesValuesIntoSlotsAndAReplacedSlotKeepsOthers() {
        Iteration it = new Iteration(0);
        it.reset(three, null);
        byte[] src = utf8("--token--");
        assertThat(it.set(0, src, 2, 5)).isTrue();
        assertThat(it.set(2, utf8(""), 0, 0)).isTrue();
        assertThat(it.set(0, utf8("again"), 1, 3)).isTrue();
        src[2] = 'X';
        assertThat(text(it.arena(), it.offset(0), it.length(0))).isEqualTo("gai");
        assertThat(it.length(1)).isEqualTo(-1);
        assertThat(it.length(2)).isZero();
    }

    @Test
    void theArenaGrowsWhileWarmingThenIsReused() {
        Iteration it = new Iteration(0);
        byte[] big = new byte[5000];
        big[4999] = 'z';
        it.reset(three, null);
        assertThat(it.set(0, big, 0, 5000)).isTrue();
        byte[] warm = it.arena();
        for (int i = 0; i < 10; i++) {
            it.reset(three, null);
            assertThat(it.set(0, big, 0, 5000)).isTrue();
            assertThat(it.arena()).isSameAs(warm);
        }
        assertThat(it.arena()[it.offset(0) + 4999]).isEqualTo((byte) 'z');
    }

    @Test
    void valuesPastTheArenaLimitAreRefused() {
        Iteration it = new Iteration(0);
        it.reset(three, null);
        byte[] big = new byte[Iteration.MAX_ARENA / 2 + 1];
        assertThat(it.set(0, big, 0, big.length)).isTrue();
        assertThat(it.set(1, big, 0, big.length)).isFalse();
        assertThat(it.length(1)).isEqualTo(-1);
        assertThat(it.reserve(-1)).isEqualTo(-1);
        assertThat(it.reserve(Iteration.MAX_ARENA / 2 - 1)).isEqualTo(big.length);
    }

    @Test
    void aJourneyWithMoreSlotsGetsThem() {
        Iteration it = new Iteration(0);
        it.reset(journey(1, step().build()), null);
        it.reset(journey(40, step().build()), null);
        assertThat(it.set(39, utf8("v"), 0, 1)).isTrue();
        assertThat(it.length(39)).isEqualTo(1);
    }
}
