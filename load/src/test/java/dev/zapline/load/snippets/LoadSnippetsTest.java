package dev.zapline.load.snippets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.schedule.Stages;
import org.junit.jupiter.api.Test;

/** The snippets that state a value in a comment say the truth (the others are only compiled). */
class LoadSnippetsTest {

    @Test
    void stagesExampleCountsWhatItsCommentSays() {
        Stages profile = Stages.parse("10s:0->20000,30s:20000,5s:20000->0");
        assertThat(profile.count()).isEqualTo(750_000);
        assertThat(new LoadSnippets().stages()).isEqualTo(750_000 + profile.uniformTime(100));
    }
}
