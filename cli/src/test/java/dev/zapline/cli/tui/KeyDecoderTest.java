package dev.zapline.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyDecoderTest {

    /** Feeds {@code input}, a quiet read ({@link KeyDecoder#idle}) at each {@code ~}. */
    private static List<Key> decode(String input) {
        KeyDecoder d = new KeyDecoder();
        List<Key> keys = new ArrayList<>();
        for (char c : input.toCharArray()) {
            Key k = c == '~' ? d.idle() : d.feed(c);
            if (k != null) {
                keys.add(k);
            }
        }
        return keys;
    }

    @Test
    void arrowsInBothCursorModes() {
        assertThat(decode("\033[A\033[B\033OA\033OB"))
                .containsExactly(
                        Key.of(Key.Kind.UP), Key.of(Key.Kind.DOWN), Key.of(Key.Kind.UP), Key.of(Key.Kind.DOWN));
    }

    @Test
    void lettersEnterBackspaceAndCtrlC() {
        assertThat(decode("pm\ra\177\b\n\003"))
                .containsExactly(
                        Key.of('p'),
                        Key.of('m'),
                        Key.of(Key.Kind.ENTER),
                        Key.of('a'),
                        Key.of(Key.Kind.BACKSPACE),
                        Key.of(Key.Kind.BACKSPACE),
                        Key.of(Key.Kind.ENTER),
                        Key.of(Key.Kind.CTRL_C));
    }

    @Test
    void aSequenceCutShortByAQuietReadOrAnEscIsNoKey() {
        assertThat(decode("\033[1~q\033[\033[A"))
                .containsExactly(Key.of(Key.Kind.OTHER), Key.of('q'), Key.of(Key.Kind.OTHER), Key.of(Key.Kind.UP));
    }

    @Test
    void aLoneEscIsKnownOnlyAfterAQuietRead() {
        assertThat(decode("\033")).isEmpty();
        assertThat(decode("\033~q")).containsExactly(Key.of(Key.Kind.ESC), Key.of('q'));
        assertThat(decode("~~")).isEmpty();
        assertThat(decode("\033\033~")).containsExactly(Key.of(Key.Kind.ESC), Key.of(Key.Kind.ESC));
    }

    @Test
    void otherSequencesAreSwallowedWhole() {
        // Ctrl-Left, Home, a right arrow, then Alt-x: none is a command, and nothing of them leaks as letters
        assertThat(decode("\033[1;5D\033[H\033[C\033xq"))
                .containsExactly(
                        Key.of(Key.Kind.OTHER),
                        Key.of(Key.Kind.OTHER),
                        Key.of(Key.Kind.OTHER),
                        Key.of(Key.Kind.OTHER),
                        Key.of('q'));
    }
}
