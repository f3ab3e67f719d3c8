package dev.zapline.cli.tui;

/**
 * Turns the characters a terminal sends into {@link Key}s: arrows in both cursor modes ({@code ESC [ A} and
 * {@code ESC O A}), Enter (CR or LF), Backspace (DEL or BS), Ctrl-C, Esc, printable characters. A lone Esc is only
 * known as such when nothing follows it for a moment: the reader calls {@link #idle()} after a quiet read. Other
 * escape sequences (function keys, Home...) are swallowed whole as {@link Key.Kind#OTHER}. Not thread-safe.
 */
final class KeyDecoder {

    private static final int ESC = 27;

    /** 0: plain; 1: after ESC; 2: after ESC [ or ESC O, inside a sequence. */
    private int state;

    /** The key {@code ch} completes, or null when it is part of a sequence still open. */
    Key feed(int ch) {
        switch (state) {
            case 1 -> {
                if (ch == '[' || ch == 'O') {
                    state = 2;
                    return null;
                }
                state = 0;
                return ch == ESC ? escAgain() : Key.of(Key.Kind.OTHER);
            }
            case 2 -> {
                if (ch == ESC) {
                    state = 1;
                    return Key.of(Key.Kind.OTHER);
                }
                if (ch >= 0x40 && ch <= 0x7e) {
                    state = 0;
                    return ch == 'A' ? Key.of(Key.Kind.UP) : ch == 'B' ? Key.of(Key.Kind.DOWN) : Key.of(Key.Kind.OTHER);
                }
                return null;
            }
            default -> {
                return plain(ch);
            }
        }
    }

    /** Nothing came for a moment: a pending Esc was a key of its own, a sequence left open was cut short. */
    Key idle() {
        int was = state;
        state = 0;
        return was == 1 ? Key.of(Key.Kind.ESC) : was == 2 ? Key.of(Key.Kind.OTHER) : null;
    }

    private Key escAgain() {
        state = 1;
        return Key.of(Key.Kind.ESC);
    }

    private Key plain(int ch) {
        return switch (ch) {
            case ESC -> {
                state = 1;
                yield null;
            }
            case '\r', '\n' -> Key.of(Key.Kind.ENTER);
            case 127, 8 -> Key.of(Key.Kind.BACKSPACE);
            case 3 -> Key.of(Key.Kind.CTRL_C);
            default ->
                ch >= 32 && ch <= 0xFFFF && !Character.isISOControl(ch) ? Key.of((char) ch) : Key.of(Key.Kind.OTHER);
        };
    }
}
