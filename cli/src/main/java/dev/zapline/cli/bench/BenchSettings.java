package dev.zapline.cli.bench;

import java.util.List;

/**
 * How {@code zapline bench} runs: which arms, for how long, with how many connections, and the optional extra
 * runs.
 *
 * @param rounds how many times every arm runs, in rotating order; each row reports the median round
 * @param latencyAt fraction of each arm's measured rate for an open-model latency run, or 0 for none
 * @param command the command line, as the report prints it
 */
public record BenchSettings(
        List<String> arms,
        int rounds,
        long warmupNanos,
        long durationNanos,
        int connections,
        double latencyAt,
        boolean crossCheck,
        boolean pin,
        String command) {

    public BenchSettings {
        arms = List.copyOf(arms);
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1");
        }
        if (durationNanos <= 0) {
            throw new IllegalArgumentException("--duration must be positive");
        }
        if (warmupNanos < 0) {
            throw new IllegalArgumentException("--warmup must not be negative");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("--connections must be at least 1");
        }
        if (latencyAt < 0 || latencyAt >= 1.5) {
            throw new IllegalArgumentException("--latency-at is a fraction of the measured rate, e.g. 0.7");
        }
    }
}
