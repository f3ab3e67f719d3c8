package dev.zapline.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The measured window and its drain, on plain clock values. */
class WindowTest {

    private static final long S = 1_000_000_000L;
    private static final long NONE = Long.MAX_VALUE;

    @Test
    void aRunToItsEndHasTheWholeWindowAndTheDrainAfterIt() {
        Window w = new Window(-5 * S, 3 * S, NONE); // clock values may be negative
        assertThat(w.end()).isEqualTo(-2 * S);
        assertThat(w.seconds(-4 * S, false)).isEqualTo(1.0);
        assertThat(w.seconds(-2 * S + 17_000_000, false)).isEqualTo(3.0);
        assertThat(w.drainSeconds(-3 * S)).isZero();
        assertThat(w.drainSeconds(-2 * S + 17_000_000)).isEqualTo(0.017);
        assertThat(w.inDrain(-3 * S)).isFalse();
        assertThat(w.inDrain(-2 * S)).isTrue();
    }

    @Test
    void aRunWhoseLastRequestEndsBeforeTheWindowStillHasTheWholeWindow() {
        Window w = new Window(10 * S, 3 * S, NONE);
        assertThat(w.seconds(13 * S - 500_000, true)).isEqualTo(3.0);
        assertThat(w.drainSeconds(13 * S - 500_000)).isZero();
    }

    @Test
    void aStopEndsTheWindowThenButALaterOneDoesNot() {
        assertThat(new Window(10 * S, 30 * S, 11 * S + S / 2).end()).isEqualTo(11 * S + S / 2);
        assertThat(new Window(10 * S, 30 * S, 11 * S + S / 2).seconds(12 * S, true))
                .isEqualTo(1.5);
        assertThat(new Window(10 * S, 3 * S, 14 * S).end()).isEqualTo(13 * S);
        Window inWarmup = new Window(10 * S, 3 * S, 9 * S);
        assertThat(inWarmup.end()).isEqualTo(10 * S);
        assertThat(inWarmup.seconds(10 * S + 1, true)).isZero();
    }
}
