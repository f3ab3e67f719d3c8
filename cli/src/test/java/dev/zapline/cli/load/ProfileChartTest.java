package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.schedule.Stages;
import org.junit.jupiter.api.Test;

class ProfileChartTest {

    @Test
    void eachColumnIsTheMeanRateOfItsSliceInEighthsOfARow() {
        Stages stages = Stages.parse("1s:0,1s:100,2s:0->100");
        assertThat(ProfileChart.draw(stages, 8, 1, false)).containsExactly("  ██▁▃▅▇");
        assertThat(ProfileChart.draw(stages, 8, 2, false)).containsExactly("  ██  ▂▆", "  ██▂▆██");
        assertThat(ProfileChart.draw(stages, 8, 2, true)).containsExactly("  ##  .:", "  ##.:##");
    }

    @Test
    void aSpikeNarrowerThanAColumnShowsAtItsMeanRate() {
        Stages stages = Stages.parse("1s:0,500ms:80,2.5s:0");
        assertThat(ProfileChart.draw(stages, 2, 1, false)).containsExactly("▂ ");
        assertThat(ProfileChart.count(stages, 0, 2e9) / 1e9).isEqualTo(40.0);
    }

    @Test
    void anEmptyChartIsRefused() {
        assertThatThrownBy(() -> ProfileChart.draw(Stages.parse("1s:1"), 0, 8, false))
                .hasMessage("a chart needs a width and height of at least 1");
    }
}
