package dev.zapline.cli.tune;

import java.util.Optional;

/**
 * One setting as found: its current raw value (empty when absent) and whether it is tuned.
 *
 * @param setting what was checked
 * @param current the raw value read, or empty when the kernel, driver or tool does not offer the setting
 * @param state the verdict
 */
record Finding(Setting setting, Optional<String> current, State state) {

    /** The verdict on one setting. */
    enum State {
        TUNED,
        NOT_TUNED,
        ABSENT
    }

    static Finding of(Setting setting, Optional<String> current) {
        State state = current.isEmpty()
                ? State.ABSENT
                : setting.match().matches(current.get(), setting.desired()) ? State.TUNED : State.NOT_TUNED;
        return new Finding(setting, current, state);
    }

    /** The current value for display: whitespace collapsed, or {@code n/a}. */
    String shown() {
        return current.map(Match::normalise).orElse("n/a");
    }
}
