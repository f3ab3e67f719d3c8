package dev.zapline.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TuiStepTest {

    @Test
    void aPercentageScalesTheRate() {
        TuiStep s = TuiStep.parse("10%");
        assertThat(s.up(1000, 50)).isEqualTo(1100.0);
        assertThat(s.down(1000)).isEqualTo(900.0);
        assertThat(s.up(0, 50)).isEqualTo(5.0);
        assertThat(s.up(333.333, 1)).isEqualTo(366.666);
        assertThat(s.label()).isEqualTo("±10%");
    }

    @Test
    void anAbsoluteStepAddsRequestsPerSecond() {
        TuiStep s = TuiStep.parse(" 500 ");
        assertThat(s.up(1000, 50)).isEqualTo(1500.0);
        assertThat(s.down(300)).isEqualTo(0.0);
        assertThat(s.up(0, 50)).isEqualTo(500.0);
        assertThat(s.label()).isEqualTo("±500/s");
        assertThat(TuiStep.parse("2.5%").label()).isEqualTo("±2.5%");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "%", "ten", "-5", "0", "0%", "100%", "1e3", "NaN", "5 %x", "Infinity"})
    void badStepsAreRefusedWithTheFlagsName(String bad) {
        assertThatThrownBy(() -> TuiStep.parse(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--tui-step: ");
    }
}
