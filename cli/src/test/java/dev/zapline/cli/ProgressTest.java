package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {

    private static final long S = 1_000_000_000L;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private long now = 5 * S;

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void plainOutputIsOneLinePerStepWithThePlannedTimeLeft() {
        Progress p = new Progress("zapline bench", out, false, () -> now);
        p.plan(1, 3 * S);
        p.plan(4, 4 * 2 * S);
        p.step("raw-netty: warming up ...", 3 * S);
        now += 3 * S;
        p.step("raw-netty (round 1) ...", 2 * S);
        p.log().println("zapline bench: raw-netty (round 1): 1000 req/s");
        // the first two steps took twice their plan: what remains is scaled by 2
        now += 7 * S;
        p.step("raw-netty (round 2) ...", 2 * S);
        p.done();
        assertThat(text())
                .isEqualTo("zapline bench: raw-netty: warming up ... [step 1 of 5, about 11s left]\n"
                        + "zapline bench: raw-netty (round 1) ... [step 2 of 5, about 8s left]\n"
                        + "zapline bench: raw-netty (round 1): 1000 req/s\n"
                        + "zapline bench: raw-netty (round 2) ... [step 3 of 5, about 12s left]\n");
    }

    @Test
    void onATerminalTheLineIsRewrittenAndOtherLinesGoAboveIt() {
        Progress p = new Progress("zapline bench", out, true, () -> now);
        p.plan(2, 200 * S);
        p.step("a ...", 100 * S);
        now += 100 * S;
        p.step("b ...", 100 * S);
        PrintStream log = p.log();
        log.println("zapline bench: a: 5 req/s");
        now += 50 * S;
        p.done();
        log.println("zapline bench: done");
        assertThat(text())
                .isEqualTo("zapline bench: a ... [step 1 of 2, about 3m 20s left]"
                        + "\r\033[Kzapline bench: b ... [step 2 of 2, about 1m 40s left]"
                        + "\r\033[Kzapline bench: a: 5 req/s\n"
                        + "zapline bench: b ... [step 2 of 2, about 1m 40s left]"
                        + "\r\033[K"
                        + "zapline bench: done\n");
    }

    @Test
    void withoutAPlanTheStepIsNotCountedAndTheTimeLeftIsTheStepsOwn() {
        Progress p = new Progress("zapline x", out, false, () -> now);
        p.step("one", 1_500_000_000L);
        assertThat(text()).isEqualTo("zapline x: one [about 2s left]\n");
    }

    @Test
    void timesRoundUpToASecond() {
        assertThat(Progress.time(0)).isEqualTo("0s");
        assertThat(Progress.time(1)).isEqualTo("1s");
        assertThat(Progress.time(59 * S)).isEqualTo("59s");
        assertThat(Progress.time(60 * S)).isEqualTo("1m 00s");
        assertThat(Progress.time(185 * S - 1)).isEqualTo("3m 05s");
        assertThat(Progress.time(3599 * S)).isEqualTo("59m 59s");
        assertThat(Progress.time(3600 * S + 179 * S)).isEqualTo("1h 02m");
    }
}
