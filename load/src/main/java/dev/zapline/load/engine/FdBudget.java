package dev.zapline.load.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks before a run that the process may open its connections (RLIMIT_NOFILE, read from
 * {@code /proc/self/limits}), so a large {@code -c} fails at once with advice instead of mid-run.
 */
public final class FdBudget {

    /** Descriptors kept aside for the JVM, epoll, output files and the like. */
    static final int RESERVE = 64;

    private FdBudget() {}

    /** @throws IllegalStateException when {@code connections} do not fit under the soft limit */
    public static void check(int connections) {
        long limit;
        long open;
        try {
            limit = softLimit(Files.readString(Path.of("/proc/self/limits")));
            try (var s = Files.list(Path.of("/proc/self/fd"))) {
                open = s.count();
            }
        } catch (IOException | RuntimeException e) {
            return;
        }
        check(connections, limit, open);
    }

    static void check(int connections, long limit, long open) {
        if (limit >= 0 && connections + open + RESERVE > limit) {
            throw new IllegalStateException(connections + " connections need " + (connections + open + RESERVE)
                    + " file descriptors (" + open + " open now, " + RESERVE + " reserve) but the limit is "
                    + limit + ": raise it with 'ulimit -n " + (connections + open + RESERVE) + "' or use fewer -c");
        }
    }

    /** The soft "Max open files" of a {@code /proc/<pid>/limits} text; -1 for unlimited or absent. */
    static long softLimit(String limits) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String[] f = line.substring("Max open files".length()).trim().split("\\s+");
                return f[0].equals("unlimited") ? -1 : Long.parseLong(f[0]);
            }
        }
        return -1;
    }
}
