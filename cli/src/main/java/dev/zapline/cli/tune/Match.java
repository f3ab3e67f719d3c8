package dev.zapline.cli.tune;

import java.util.Arrays;

/** How a current value is compared with the recommended one to decide whether a setting is tuned. */
enum Match {
    /** Same text once surrounding whitespace is removed. */
    EXACT,
    /** Same whitespace-separated tokens ({@code "4096\t131072"} equals {@code "4096 131072"}). */
    TOKENS,
    /** Same CPUs, both read as hex bitmasks with comma-separated 32-bit words. */
    CPU_MASK,
    /** A number at least as large as recommended: a bigger queue or buffer is left alone. */
    AT_LEAST,
    /** A number no larger than recommended (timeouts). */
    AT_MOST;

    /** Whether {@code current} satisfies {@code desired}; unparseable numbers or masks never match. */
    boolean matches(String current, String desired) {
        try {
            return switch (this) {
                case EXACT -> current.strip().equals(desired.strip());
                case TOKENS -> Arrays.equals(tokens(current), tokens(desired));
                case CPU_MASK -> CpuSet.parseMask(current).equals(CpuSet.parseMask(desired));
                case AT_LEAST -> Long.parseLong(current.strip()) >= Long.parseLong(desired.strip());
                case AT_MOST -> Long.parseLong(current.strip()) <= Long.parseLong(desired.strip());
            };
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The value collapsed to single spaces, for display. */
    static String normalise(String value) {
        return String.join(" ", tokens(value));
    }

    private static String[] tokens(String value) {
        String s = value.strip();
        return s.isEmpty() ? new String[0] : s.split("\\s+");
    }
}
