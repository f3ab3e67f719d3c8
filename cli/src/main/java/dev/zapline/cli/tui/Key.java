package dev.zapline.cli.tui;

/**
 * One key press as the dashboard sees it.
 *
 * @param kind which key
 * @param c the character typed, for {@link Kind#CHAR}; otherwise 0
 */
record Key(Kind kind, char c) {

    /** The keys the dashboard tells apart; everything else is {@link #OTHER}. */
    enum Kind {
        UP,
        DOWN,
        ENTER,
        ESC,
        BACKSPACE,
        CTRL_C,
        CHAR,
        OTHER
    }

    static Key of(Kind k) {
        return new Key(k, '\0');
    }

    static Key of(char c) {
        return new Key(Kind.CHAR, c);
    }
}
