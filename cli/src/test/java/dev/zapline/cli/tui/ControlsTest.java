package dev.zapline.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.control.Command;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Keys, decoded from what a terminal sends, become the right commands on a recording steering. */
class ControlsTest {

    private final AtomicLong now = new AtomicLong(1_000);

    private Controls controls(FakeSteering s, String step, double startRate) {
        return new Controls(s, TuiStep.parse(step), startRate, now::get);
    }

    /** Types {@code input} into {@code c} as a terminal would send it (quiet reads at {@code ~}). */
    private static void type(Controls c, String input) {
        KeyDecoder d = new KeyDecoder();
        for (char ch : input.toCharArray()) {
            Key k = ch == '~' ? d.idle() : d.feed(ch);
            if (k != null) {
                c.handle(k);
            }
        }
    }

    @Test
    void upAndDownStepTheRateByAPercentage() {
        FakeSteering s = new FakeSteering(1000);
        Controls c = controls(s, "10%", 1000);
        type(c, "\033[A\033[A\033OB");
        assertThat(s.commands)
                .containsExactly(Command.rate(1100, "tui"), Command.rate(1210, "tui"), Command.rate(1089, "tui"));
        assertThat(c.help()).isEqualTo("target rate 1089/s");
    }

    @Test
    void anAbsoluteStepAddsAndNeverGoesBelowZero() {
        FakeSteering s = new FakeSteering(300);
        Controls c = controls(s, "500", 300);
        type(c, "\033[B\033[A\033[A");
        assertThat(s.commands)
                .containsExactly(Command.rate(0, "tui"), Command.rate(500, "tui"), Command.rate(1000, "tui"));
    }

    @Test
    void upFromZeroGoesToOneStepOfTheStartingRate() {
        FakeSteering s = new FakeSteering(0);
        Controls c = controls(s, "25%", 2000);
        type(c, "\033[A");
        assertThat(s.commands).containsExactly(Command.rate(500, "tui"));
    }

    @Test
    void whilePausedUpAndDownOnlySaySo() {
        FakeSteering s = new FakeSteering(100);
        Controls c = controls(s, "10%", 100);
        type(c, "p\033[A\033[B");
        assertThat(s.commands).containsExactly(Command.of(Command.Kind.PAUSE, "tui"));
        assertThat(c.help()).isEqualTo("paused: p resumes, then Up and Down change the rate");
    }

    @Test
    void pTogglesPauseAndResume() {
        FakeSteering s = new FakeSteering(100);
        Controls c = controls(s, "10%", 100);
        type(c, "p");
        assertThat(c.help()).isEqualTo("paused: nothing is due until p resumes");
        now.addAndGet(Controls.NOTE_NANOS);
        assertThat(c.help()).isEqualTo("↑/↓ rate ±10%   p resume   m mark   f failures only   q stop");
        type(c, "P");
        assertThat(s.commands)
                .containsExactly(Command.of(Command.Kind.PAUSE, "tui"), Command.of(Command.Kind.RESUME, "tui"));
    }

    @Test
    void mPromptsForALabelEnterSetsEscCancelsEmptyIsNumbered() {
        FakeSteering s = new FakeSteering(100);
        Controls c = controls(s, "10%", 100);
        type(c, "mdeplop\177y v2");
        assertThat(c.prompting()).isTrue();
        assertThat(c.help()).isEqualTo("mark label: deploy v2_   (Enter sets it, Esc cancels)");
        type(c, "\r");
        type(c, "mqp\033~");
        assertThat(c.prompting()).isFalse();
        type(c, "m\rm  \n");
        assertThat(s.commands)
                .containsExactly(
                        Command.mark("deploy v2", "tui"), Command.mark("mark 2", "tui"), Command.mark("mark 3", "tui"));
        assertThat(c.help()).isEqualTo("mark 'mark 3' set");
    }

    @Test
    void fTogglesFailuresOnlyWithoutACommand() {
        FakeSteering s = new FakeSteering(100);
        Controls c = controls(s, "10%", 100);
        type(c, "f");
        assertThat(c.failuresOnly()).isTrue();
        assertThat(c.help()).isEqualTo("↑/↓ rate ±10%   p pause   m mark   f show all   q stop");
        type(c, "F");
        assertThat(c.failuresOnly()).isFalse();
        assertThat(s.commands).isEmpty();
    }

    @Test
    void qAndCtrlCStop() {
        FakeSteering s = new FakeSteering(100);
        Controls c = controls(s, "10%", 100);
        type(c, "q");
        assertThat(c.stopping()).isTrue();
        type(c, "\003");
        Controls prompting = controls(s, "10%", 100);
        type(prompting, "mab\003");
        assertThat(s.commands)
                .containsExactly(
                        Command.of(Command.Kind.STOP, "tui"),
                        Command.of(Command.Kind.STOP, "tui"),
                        Command.of(Command.Kind.STOP, "tui"));
    }

    @Test
    void aRefusalShowsItsReasonForAFewSecondsThenTheKeysAgain() {
        FakeSteering s = new FakeSteering(100);
        s.refuse = "rate: a closed-model run has no rate to steer (mark and stop work)";
        Controls c = controls(s, "10%", 100);
        type(c, "\033[A");
        assertThat(c.help()).isEqualTo("rate: a closed-model run has no rate to steer (mark and stop work)");
        now.addAndGet(Controls.NOTE_NANOS - 1);
        assertThat(c.help()).startsWith("rate: a closed-model");
        now.addAndGet(1);
        assertThat(c.help()).isEqualTo("↑/↓ rate ±10%   p pause   m mark   f failures only   q stop");
    }

    @Test
    void otherKeysDoNothing() {
        FakeSteering s = new FakeSteering(100);
        Controls c = controls(s, "10%", 100);
        type(c, "x \r\033[C\177");
        assertThat(s.commands).isEmpty();
        assertThat(c.prompting()).isFalse();
    }
}
