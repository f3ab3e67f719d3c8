package dev.zapline.cli.tune;

import java.util.Optional;

/** Advice on the open-files limit (RLIMIT_NOFILE), read from {@code /proc/self/limits}. Advice only. */
final class OpenFiles {

    private OpenFiles() {}

    /** The soft limit, or empty when the limits file cannot be read. */
    static Optional<Long> softLimit(String limitsText) {
        return limitsText
                .lines()
                .filter(l -> l.startsWith("Max open files"))
                .map(l -> l.substring("Max open files".length()).strip().split("\\s+")[0])
                .filter(s -> s.matches("\\d+|unlimited"))
                .map(s -> s.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(s))
                .findFirst();
    }

    /** One line of advice for the given soft limit (if known) and the recommended minimum. */
    static String advice(Optional<Long> soft, long recommended) {
        String prefix = "open files (RLIMIT_NOFILE, advice only): ";
        if (soft.isEmpty()) {
            return prefix + "limit unknown; run servers and loaders with at least " + recommended;
        }
        if (soft.get() >= recommended) {
            return prefix + "soft limit " + soft.get() + ", enough";
        }
        return prefix + "soft limit " + soft.get() + " is below " + recommended + "; raise it with 'ulimit -n "
                + recommended + "' in the shell or LimitNOFILE=" + recommended + " in the systemd unit";
    }
}
